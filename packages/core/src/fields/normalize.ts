import { ACCESS_RESTRICTIONS, FORM_DEFAULTS } from './constants.ts';
import { normalizeField } from './normalize-field.ts';
import {
  asBoolean,
  asNonEmptyString,
  asNumber,
  asString,
  isRecord,
  pick,
  readKey,
  type UnknownRecord,
} from './read.ts';
import type { AccessRestriction, Form, FormField, Sharing } from './types.ts';

export {
  defaultFieldLabel,
  normalizeConditionalLogic,
  normalizeField,
  normalizeFieldType,
} from './normalize-field.ts';

/** The title of the placeholder form used when the input cannot be mapped. */
export const ERROR_FORM_TITLE = 'Error Loading Form';

/** An empty form with the default texts and theme: the editor's starting point in create mode. */
export function blankForm(title: string = FORM_DEFAULTS.title): Form {
  return {
    title,
    description: '',
    fields: [],
    themeConfig: { theme: FORM_DEFAULTS.theme },
    isPublished: false,
    submissions: 0,
    submitButtonText: FORM_DEFAULTS.submitButtonText,
    successMessage: FORM_DEFAULTS.successMessage,
    sharing: { accessRestriction: 'public' },
  };
}

/** The placeholder form shown when a form cannot be mapped. */
export function errorForm(): Form {
  return blankForm(ERROR_FORM_TITLE);
}

const FORM_KEYS = ['id', 'title', 'fields', 'description', 'form_id', 'formId'];

/** Unwraps `{form: ...}` and `{data: ...}` envelopes; answers undefined when nothing form-like is found. */
function unwrap(raw: unknown): UnknownRecord | undefined {
  let current = raw;
  for (let depth = 0; depth < 3 && isRecord(current); depth += 1) {
    if (FORM_KEYS.some((key) => readKey(current as UnknownRecord, key) !== undefined)) return current;
    const inner = pick(current, 'form', 'data');
    if (!isRecord(inner)) return undefined;
    current = inner;
  }
  return undefined;
}

function restriction(value: unknown): AccessRestriction | undefined {
  const name = asNonEmptyString(value)?.toLowerCase();
  return ACCESS_RESTRICTIONS.find((r) => r === name);
}

function normalizeSharing(raw: UnknownRecord): Sharing {
  const nested = pick(raw, 'sharing', 'share', 'sharing_settings', 'sharingSettings');
  const sources = isRecord(nested) ? [nested, raw] : [raw];
  const from = (...keys: string[]) => {
    for (const source of sources) {
      const value = pick(source, ...keys);
      if (value !== undefined) return value;
    }
    return undefined;
  };
  const sharing: Sharing = {
    accessRestriction: restriction(from('access_restriction', 'accessRestriction')) ?? 'public',
    expirationDate: asNonEmptyString(from('expiration_date', 'expirationDate')) ?? null,
  };
  const slug = asNonEmptyString(from('slug'));
  const accessCode = asNonEmptyString(from('access_code', 'accessCode'));
  const shareCount = asNumber(from('share_count', 'shareCount'));
  const publishedAt = from('published_at', 'publishedAt');
  const shareUrl = asNonEmptyString(from('share_url', 'shareUrl'));
  if (slug) sharing.slug = slug;
  if (accessCode) sharing.accessCode = accessCode;
  if (shareCount !== undefined) sharing.shareCount = shareCount;
  if (publishedAt !== undefined) sharing.publishedAt = asNonEmptyString(publishedAt) ?? null;
  if (shareUrl) sharing.shareUrl = shareUrl;
  return sharing;
}

/** is_public / is_published win; without either, a form with an explicit public restriction counts as published. */
function publishedFlag(raw: UnknownRecord, sharing: Sharing): boolean {
  const flag = asBoolean(pick(raw, 'is_published', 'isPublished', 'is_public', 'isPublic', 'published'));
  if (flag !== undefined) return flag;
  const nested = pick(raw, 'sharing');
  const explicit =
    pick(raw, 'access_restriction', 'accessRestriction') ??
    (isRecord(nested) ? pick(nested, 'access_restriction', 'accessRestriction') : undefined);
  return explicit !== undefined && sharing.accessRestriction === 'public';
}

function submissionCount(raw: UnknownRecord): number {
  const value = pick(raw, 'submissions', 'submission_count', 'submissionCount', 'submissions_count');
  if (Array.isArray(value)) return value.length;
  const count = asNumber(value);
  return count !== undefined && count >= 0 ? Math.floor(count) : 0;
}

/**
 * A list of fields as stored or sent (any shape normalizeField reads): ordered by position,
 * positions renumbered 0..n-1, ids made unique. Anything but an array gives no fields.
 */
export function normalizeFields(raw: unknown): FormField[] {
  if (!Array.isArray(raw)) return [];
  const fields = raw
    .map((item, index) => normalizeField(item, index))
    .map((field, index) => ({ field, index }))
    .sort((a, b) => a.field.position - b.field.position || a.index - b.index)
    .map(({ field }) => field);
  const used = new Set<string>();
  return fields.map((field, position) => {
    let id = field.id;
    for (let n = 2; used.has(id); n += 1) id = `${field.id}_${n}`;
    used.add(id);
    return { ...field, id, position };
  });
}

/**
 * Maps whatever a server, an AI provider or storage sends (WireForm, PublicForm, `{form: ...}`,
 * camelCase or snake_case) to a Form. Never throws: unusable input gives the 'Error Loading Form' placeholder.
 */
export function normalizeForm(raw: unknown): Form {
  try {
    const record = unwrap(raw);
    if (!record) return errorForm();
    const sharing = normalizeSharing(record);
    const theme = pick(record, 'theme_config', 'themeConfig');
    const themeConfig = isRecord(theme) ? { ...theme } : {};
    if (typeof themeConfig.theme !== 'string' || themeConfig.theme === '')
      themeConfig.theme = FORM_DEFAULTS.theme;
    const form: Form = {
      title: asNonEmptyString(readKey(record, 'title')) ?? FORM_DEFAULTS.title,
      description: asString(readKey(record, 'description')) ?? '',
      fields: normalizeFields(readKey(record, 'fields')),
      themeConfig,
      isPublished: publishedFlag(record, sharing),
      submissions: submissionCount(record),
      submitButtonText:
        asNonEmptyString(pick(record, 'submit_button_text', 'submitButtonText')) ??
        FORM_DEFAULTS.submitButtonText,
      successMessage:
        asNonEmptyString(pick(record, 'success_message', 'successMessage')) ?? FORM_DEFAULTS.successMessage,
      sharing,
    };
    const id = asNumber(pick(record, 'id', 'form_id', 'formId'));
    if (id !== undefined && Number.isInteger(id)) form.id = id;
    const lastSaved = asNonEmptyString(
      pick(record, 'last_edited', 'lastEdited', 'lastSaved', 'updated_at', 'updatedAt'),
    );
    if (lastSaved) form.lastSaved = lastSaved;
    const logoUrl = asNonEmptyString(pick(record, 'logo_url', 'logoUrl'));
    if (logoUrl) form.logoUrl = logoUrl;
    return form;
  } catch {
    return errorForm();
  }
}
