import { closedReason, FORM_CLOSED_TEXT } from '@formsmith/core/form-settings/schemas';
import { verify } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import type { forms } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { FORM_NOT_FOUND, isFormId } from '../../lib/form-id.ts';
import type { FormRow } from './repository.ts';
import { findFormById } from './repository.ts';

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
  input: { form: T | null; accessCode?: string; ip: string },
): Promise<T> {
  const { form } = input;
  if (!form?.isPublished) throw notFound(FORM_NOT_FOUND);
  const restriction = accessRestrictionOf(form);
  if (restriction === 'private') throw notFound(FORM_NOT_FOUND);
  if (form.expirationDate && form.expirationDate.getTime() <= Date.now()) {
    throw new AppError('FORM_EXPIRED', 410, 'This form has expired');
  }
  if (closedReason(form, new Date())) throw formClosed(form.closedMessage);
  if (restriction === 'password') {
    const code = input.accessCode ?? '';
    if (code === '') throw new AppError('ACCESS_CODE_REQUIRED', 403, 'This form requires an access code');
    // Counted before checking, so a blocked caller learns nothing more.
    await app.rateLimit('accessCode', input.ip);
    const valid =
      form.accessCodeHash !== null && (await verify(form.accessCodeHash, code).catch(() => false));
    if (!valid) throw new AppError('ACCESS_CODE_INVALID', 403, 'Incorrect access code');
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
