import { closedReason, FORM_CLOSED_TEXT } from '@formsmith/core/form-settings/api';
import { pickLanguage } from '@formsmith/core/i18n/language';
import { translatedText } from '@formsmith/core/i18n/texts';
import { verify } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import type { forms } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { FORM_NOT_FOUND, isFormId } from '../../lib/form-id.ts';
import { requestHostWorkspace } from '../../lib/request-actor.ts';
import type { FormRow } from './repository.ts';
import { findFormById } from './repository.ts';

/** The language a respondent's request names (`lang`) and their browser's Accept-Language. */
export type RequestLanguage = { lang?: string | null; acceptLanguage?: string };

/** The columns access depends on (any form row shape that has them). */
type AccessRow = typeof forms.$inferSelect;

import { accessRestrictionOf } from './view.ts';

export { FORM_NOT_FOUND };

/** 410 FORM_CLOSED; the owner's message for respondents, when there is one, rides in `fields.closed_message`. */
export function formClosed(closedMessage: string | null): AppError {
  return new AppError(
    'FORM_CLOSED',
    410,
    FORM_CLOSED_TEXT,
    closedMessage ? { closed_message: closedMessage } : undefined,
  );
}

/**
 * The rules for anonymous access to a form row (published, not expired, access code); throws the
 * matching AppError.
 */
export async function assertPublicAccess<T extends AccessRow>(
  app: FastifyInstance,
  input: { form: T | null; accessCode?: string; ip: string; language?: RequestLanguage },
): Promise<T> {
  const { form } = input;
  if (!form?.isPublished) throw notFound(FORM_NOT_FOUND);
  // On a workspace's custom domain, only that workspace's forms exist.
  const hostWorkspace = requestHostWorkspace();
  if (hostWorkspace !== null && form.workspaceId !== hostWorkspace) throw notFound(FORM_NOT_FOUND);
  // What a refusal shows of the form (its title at the gate, the owner's closed message) is in
  // the respondent's language, as the form itself would be.
  const tag = pickLanguage(form, {
    query: input.language?.lang,
    acceptLanguage: input.language?.acceptLanguage,
  });
  const text = (key: string, fallback: string) => translatedText(form.translations, tag, key) ?? fallback;
  const restriction = accessRestrictionOf(form);
  if (restriction === 'private') throw notFound(FORM_NOT_FOUND);
  if (form.expirationDate && form.expirationDate.getTime() <= Date.now()) {
    throw new AppError('FORM_EXPIRED', 410, 'This form has expired');
  }
  if (closedReason(form, new Date())) {
    throw formClosed(form.closedMessage && text('closedMessage', form.closedMessage));
  }
  if (restriction === 'password') {
    // The gate shows the form's title so respondents know what they are opening; nothing more
    // of the form is told before the code is right.
    const titled = { form_title: text('title', form.title) };
    const code = input.accessCode ?? '';
    if (code === '') {
      throw new AppError('ACCESS_CODE_REQUIRED', 403, 'This form requires an access code', titled);
    }
    // Only wrong codes count, per address and per form, so the respondents sharing one address
    // are not refused the right code; a blocked caller is refused before any check.
    await app.failures.assertAllowed('accessCode', input.ip);
    await app.failures.assertAllowed('accessCodeFailuresPerForm', String(form.id));
    const valid =
      form.accessCodeHash !== null && (await verify(form.accessCodeHash, code).catch(() => false));
    if (!valid) {
      await app.failures.record('accessCode', input.ip);
      await app.failures.record('accessCodeFailuresPerForm', String(form.id));
      throw new AppError('ACCESS_CODE_INVALID', 403, 'Incorrect access code', titled);
    }
  }
  return form;
}

/**
 * The form a respondent may submit to, or the AppError to answer: 404 'Form not found' when missing,
 * unpublished or private; 410 when expired; 403 when the access code is missing or wrong.
 */
export async function loadPublicFormForSubmit(
  app: FastifyInstance,
  input: { formId: number; accessCode?: string; ip: string },
): Promise<FormRow> {
  const form = isFormId(input.formId) ? await findFormById(app.db, input.formId) : null;
  return assertPublicAccess(app, { form, accessCode: input.accessCode, ip: input.ip });
}
