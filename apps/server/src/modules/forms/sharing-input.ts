import type { SharingBody } from '@formsmith/core/forms/api';
import type { AccessRestriction } from '@formsmith/core/forms/form';
import { LIMITS } from '@formsmith/core/limits';
import { DAY_MS } from '@formsmith/core/time';
import { hash } from '@node-rs/argon2';
import { badRequest } from '../../lib/app-error.ts';
import type { FormRow } from './repository.ts';

export type SharingChanges = {
  slug?: string | null;
  slugOnly?: boolean;
  accessRestriction?: AccessRestriction;
  accessCodeHash?: string | null;
  expirationDate?: Date | null;
};

export const ACCESS_CODE_REQUIRED_MESSAGE = 'Access code is required when the restriction is password';
export const SLUG_ONLY_NEEDS_SLUG_MESSAGE =
  'Give the form a custom link first: without one, turning off its numbered link would leave no way to open it';
const SLUG_RULE = /^[a-z0-9](?:[a-z0-9-]{1,58})[a-z0-9]$/;
const ACCESS_CODE_MAX_LENGTH = 128;

type Errors = Record<string, string>;

/** A slug is unique (checked by the caller), 3-60 of a-z, 0-9 and '-', and not only digits. */
export function slugError(slug: string): string | null {
  if (!SLUG_RULE.test(slug)) {
    return 'The slug must be 3 to 60 characters of lowercase letters, digits and hyphens, starting and ending with a letter or digit';
  }
  if (/^\d+$/.test(slug)) return 'The slug cannot be only digits';
  return null;
}

/**
 * A date-only value (the sharing page's date input) means "through the end of that day": it is
 * stored as 23:59:59.999 UTC. A full timestamp is stored as given.
 */
export function parseExpiration(value: string): Date | null {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T23:59:59.999Z` : value);
  if (Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= 1970 && year <= 9999 ? date : null;
}

function readSlug(errors: Errors, raw: string | null): string | null {
  const slug = (raw ?? '').trim().toLowerCase();
  if (slug === '') return null;
  const error = slugError(slug);
  if (error) errors.slug = error;
  return slug;
}

function readExpiration(errors: Errors, raw: string | null, stored: Date | null, now: number): Date | null {
  const text = (raw ?? '').trim();
  if (text === '') return null;
  const date = parseExpiration(text);
  if (!date) {
    errors.expiration_date = 'The expiration date is not a valid date';
    return null;
  }
  // Re-saving an unchanged date is fine; a new one may not be in the past (a day of slack for time zones).
  const unchanged = stored !== null && stored.getTime() === date.getTime();
  if (!unchanged && date.getTime() < now - DAY_MS)
    errors.expiration_date = 'The expiration date cannot be in the past';
  return date;
}

/**
 * Only the slug opening the form needs a slug. Asking for it without one is refused; taking the
 * slug away turns it off (the numbered address opens the form again), so no form is left with no
 * address at all.
 */
function readSlugOnly(
  errors: Errors,
  changes: SharingChanges,
  input: { asked: boolean | undefined; stored: Pick<FormRow, 'slug' | 'slugOnly'> | null },
) {
  if (input.asked !== undefined) changes.slugOnly = input.asked;
  const slug = changes.slug !== undefined ? changes.slug : (input.stored?.slug ?? null);
  if (slug !== null || !(changes.slugOnly ?? input.stored?.slugOnly ?? false)) return;
  if (input.asked === true) errors.slug_only = SLUG_ONLY_NEEDS_SLUG_MESSAGE;
  else changes.slugOnly = false;
}

/**
 * Reads sharing settings from a save or sharing payload. Only given keys change; a password form
 * keeps its stored code when none is sent; leaving password clears the code.
 */
export async function readSharingInput(
  body: SharingBody,
  stored: Pick<
    FormRow,
    'accessCodeHash' | 'expirationDate' | 'accessRestriction' | 'slug' | 'slugOnly'
  > | null,
  now = Date.now(),
): Promise<SharingChanges> {
  const errors: Errors = {};
  const changes: SharingChanges = {};
  const slug = body.slug;
  if (slug !== undefined) changes.slug = readSlug(errors, slug);
  readSlugOnly(errors, changes, { asked: body.slug_only, stored });
  const expiration = body.expiration_date;
  if (expiration !== undefined) {
    changes.expirationDate = readExpiration(errors, expiration, stored?.expirationDate ?? null, now);
  }
  const restriction = body.access_restriction;
  if (restriction !== undefined) changes.accessRestriction = restriction;
  const finalRestriction = restriction ?? stored?.accessRestriction ?? 'public';
  const code = (body.access_code ?? '').trim();
  if (finalRestriction === 'password') {
    if (code.length > ACCESS_CODE_MAX_LENGTH) {
      errors.access_code = `The access code must be at most ${ACCESS_CODE_MAX_LENGTH} characters`;
    } else if (code !== '' && code.length < LIMITS.accessCodeMinLength) {
      errors.access_code = `The access code must be at least ${LIMITS.accessCodeMinLength} characters`;
    } else if (code !== '') {
      changes.accessCodeHash = await hash(code);
    } else if (!stored?.accessCodeHash || stored.accessRestriction !== 'password') {
      errors.access_code = ACCESS_CODE_REQUIRED_MESSAGE;
    }
  } else if (stored?.accessCodeHash || restriction !== undefined) {
    changes.accessCodeHash = null;
  }
  const problems = Object.values(errors);
  if (problems.length > 0) throw badRequest(problems[0]!, errors);
  return changes;
}
