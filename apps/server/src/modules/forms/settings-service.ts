import { confirmationAnswerCopy } from '@formsmith/core/api-keys/answer-copies';
import {
  ATTACH_PDF_SEALED,
  type Confirmation,
  closedReason,
  confirmationSchema,
  DEFAULT_CONFIRMATION,
  type Limits,
  type limitsBodySchema,
  type PartialsSettings,
} from '@formsmith/core/form-settings/api';
import {
  CONFIRMATION_FIELD_MESSAGE,
  isTypedEmailField,
} from '@formsmith/core/form-settings/confirmation-recipient';
import { instantToZoned, zonedToInstant } from '@formsmith/core/form-settings/zoned-time';
import { normalizeFields } from '@formsmith/core/forms/read-field';
import type { ViewerAccess } from '@formsmith/core/workspaces/viewer-answers';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { assertKeyScope, type KeyScopes, SCOPE_NEEDS } from '../../lib/key-scopes.ts';
import { FORM_NOT_FOUND } from './public-access.ts';
import type * as repo from './repository.ts';
import { requireOwnedForm, saveFormSettings } from './service.ts';

type OwnedFormInput = { formId: number; ownerId: string };

export function toLimits(row: repo.FormRow, now = new Date()): Limits {
  const zone = row.scheduleTimeZone ?? 'UTC';
  return {
    response_limit: row.responseLimit,
    responses_taken: row.responseLimit === null ? row.submissionCount : row.responsesTaken,
    opens_at: row.opensAt ? instantToZoned(row.opensAt, zone) : null,
    closes_at: row.closesAt ? instantToZoned(row.closesAt, zone) : null,
    time_zone: zone,
    opens_at_utc: row.opensAt?.toISOString() ?? null,
    closes_at_utc: row.closesAt?.toISOString() ?? null,
    closed_message: row.closedMessage,
    one_response_per_browser: row.oneResponsePerBrowser,
    spam_challenge: row.spamChallenge,
    open: closedReason(row, now) === null,
  };
}

export async function getLimits(app: FastifyInstance, input: OwnedFormInput): Promise<Limits> {
  return toLimits(await requireOwnedForm(app.db, input));
}

/**
 * Saves limits and schedule. Setting a limit on a form that had none starts its count at the
 * submissions it holds, so 'close after 100' means 100 in all, not 100 more.
 */
export async function updateLimits(
  app: FastifyInstance,
  input: OwnedFormInput & { body: z.output<typeof limitsBodySchema> },
): Promise<Limits> {
  const form = await requireOwnedForm(app.db, input);
  const { body } = input;
  const row = await saveFormSettings(
    app,
    input,
    {
      responseLimit: body.response_limit,
      ...(body.response_limit !== null && form.responseLimit === null
        ? { responsesTaken: form.submissionCount }
        : {}),
      opensAt: body.opens_at ? zonedToInstant(body.opens_at, body.time_zone) : null,
      closesAt: body.closes_at ? zonedToInstant(body.closes_at, body.time_zone) : null,
      scheduleTimeZone: body.time_zone,
      closedMessage: body.closed_message,
      oneResponsePerBrowser: body.one_response_per_browser,
      ...(body.spam_challenge === undefined ? {} : { spamChallenge: body.spam_challenge }),
    },
    'limits',
  );
  if (!row) throw notFound(FORM_NOT_FOUND);
  return toLimits(row);
}

function readStoredConfirmation(stored: unknown): Confirmation {
  const parsed = confirmationSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_CONFIRMATION;
}

export async function getConfirmation(app: FastifyInstance, input: OwnedFormInput): Promise<Confirmation> {
  return readStoredConfirmation((await requireOwnedForm(app.db, input)).confirmation);
}

const NOT_AN_EMAIL_FIELD = 'Choose one of the form’s email fields';

export async function updateConfirmation(
  app: FastifyInstance,
  input: OwnedFormInput & { body: Confirmation; keyScopes: KeyScopes },
): Promise<Confirmation> {
  const form = await requireOwnedForm(app.db, input);
  const { body } = input;
  // The PDF is made on the server, which cannot read the answers of an end-to-end encrypted form.
  if (body.attach_pdf && form.encryptionLevel === 'enhanced') throw conflict(ATTACH_PDF_SEALED);
  const copy = confirmationAnswerCopy(body);
  if (copy !== null && copy !== confirmationAnswerCopy(readStoredConfirmation(form.confirmation))) {
    assertKeyScope(input.keyScopes, SCOPE_NEEDS.confirmationAnswers);
  }
  if (body.email_field_id !== null) {
    const field = normalizeFields(form.fields).find((f) => f.id === body.email_field_id);
    if (field?.type !== 'email') {
      throw new AppError('VALIDATION_FAILED', 400, NOT_AN_EMAIL_FIELD, {
        email_field_id: NOT_AN_EMAIL_FIELD,
      });
    }
    if (!isTypedEmailField(field)) {
      throw new AppError('VALIDATION_FAILED', 400, CONFIRMATION_FIELD_MESSAGE, {
        email_field_id: CONFIRMATION_FIELD_MESSAGE,
      });
    }
  }
  const row = await saveFormSettings(app, input, { confirmation: body }, 'confirmation');
  if (!row) throw notFound(FORM_NOT_FOUND);
  return body;
}

function toPartials(row: repo.FormRow): PartialsSettings {
  return { save_partials: row.savePartials, partial_retention_days: row.partialRetentionDays };
}

export async function getPartials(app: FastifyInstance, input: OwnedFormInput): Promise<PartialsSettings> {
  return toPartials(await requireOwnedForm(app.db, input));
}

export async function updatePartials(
  app: FastifyInstance,
  input: OwnedFormInput & { body: PartialsSettings; keyScopes: KeyScopes },
): Promise<PartialsSettings> {
  const form = await requireOwnedForm(app.db, input);
  // Fewer days delete unfinished answers sooner: with a key, that is a delete.
  if (input.body.partial_retention_days < form.partialRetentionDays) {
    assertKeyScope(input.keyScopes, SCOPE_NEEDS.shorterPartialRetention);
  }
  const row = await saveFormSettings(
    app,
    input,
    { savePartials: input.body.save_partials, partialRetentionDays: input.body.partial_retention_days },
    'partials',
  );
  if (!row) throw notFound(FORM_NOT_FOUND);
  return toPartials(row);
}

/**
 * Whether the workspace's viewers read the form's answers or only its counts; the audit entry
 * says which, in the same transaction.
 */
export async function updateViewerAccess(
  app: FastifyInstance,
  input: OwnedFormInput & { body: ViewerAccess },
): Promise<ViewerAccess> {
  const viewerAnswers = input.body.viewer_answers;
  const row = await saveFormSettings(app, input, { viewerAnswers }, 'viewer_access', {
    viewer_answers: viewerAnswers,
  });
  if (!row) throw notFound(FORM_NOT_FOUND);
  return { viewer_answers: row.viewerAnswers };
}
