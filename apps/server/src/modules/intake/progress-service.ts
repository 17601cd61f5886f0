import { ENCRYPTION_MESSAGES } from '@formsmith/core/crypto/api';
import { isEmptyAnswer } from '@formsmith/core/fields/answers';
import { validateSubmission } from '@formsmith/core/fields/validate';
import type { FormField } from '@formsmith/core/forms/field';
import { validationMessagesOf } from '@formsmith/core/i18n/chrome';
import { logicFieldsOf } from '@formsmith/core/logic/form-fields';
import { type FormStep, formSteps } from '@formsmith/core/logic/steps';
import type { ProgressRecord } from '@formsmith/core/submissions/progress';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Keyring } from '../../lib/encryption/index.ts';
import { newSubmissionId } from '../../lib/ids.ts';
import { generateToken, hashToken } from '../../lib/tokens.ts';
import { type FunnelEntry, funnelCte, startedEntry } from '../analytics/index.ts';
import type { SubmitTarget } from '../forms/index.ts';
import { createPartial, findByResumeToken, type PartialRow, updatePartial } from '../submissions/index.ts';
import { type RespondentView, respondentView } from './language.ts';
import { buildMetadata } from './metadata.ts';
import { spamVerdict } from './spam.ts';
import {
  applyLogic,
  attachFiles,
  cleanData,
  FORM_DATA_REQUIRED,
  invalid,
  loadSubmitTarget,
  resolveFiles,
  type SentFiles,
  UPLOAD_MISSING,
  uploadIdsOf,
} from './submit-steps.ts';

export type ProgressInput = {
  formId: number;
  data: Record<string, unknown> | null | undefined;
  metadata: Record<string, unknown> | null | undefined;
  resumeToken: string | undefined;
  step: string | undefined;
  accessCode: string | undefined;
  ip: string;
  userAgent: string | undefined;
  referer: string | undefined;
  lang?: string | null;
  acceptLanguage?: string;
};

export const PARTIALS_OFF_MESSAGE = 'This form does not save answers as you go';
export const RESUME_NOT_FOUND = 'Your saved answers were not found. They may have been submitted or removed.';
export const ALREADY_COMPLETED_MESSAGE = 'These answers were submitted already';
const UNKNOWN_STEP = 'This step is not part of the form';

/**
 * 409 PARTIALS_OFF when the form does not keep answers as respondents go, and always for an
 * end-to-end encrypted form: progress saves carry answers in clear.
 */
export function assertSavesPartials(form: SubmitTarget['form']): void {
  if (form.encryptionLevel === 'enhanced') {
    throw new AppError('PARTIALS_OFF', 409, ENCRYPTION_MESSAGES.partialsOff);
  }
  if (!form.savePartials) throw new AppError('PARTIALS_OFF', 409, PARTIALS_OFF_MESSAGE);
}

/** The incomplete submission a resume token names, locked for the caller's transaction; 404 or 409 otherwise. */
export async function lockPartial(
  db: DbOrTx,
  keyring: Keyring,
  input: { formId: number; resumeToken: string },
): Promise<PartialRow> {
  const row = await findByResumeToken(db, keyring, {
    formId: input.formId,
    tokenHash: hashToken(input.resumeToken),
    lock: true,
  });
  if (!row) throw new AppError('NOT_FOUND', 404, RESUME_NOT_FOUND);
  if (row.completed) throw new AppError('ALREADY_COMPLETED', 409, ALREADY_COMPLETED_MESSAGE);
  return row;
}

/** The steps of the form respondents get now. */
export function stepsOf(form: SubmitTarget['form']): FormStep[] {
  return formSteps(logicFieldsOf(form.fields), form.display);
}

/**
 * The progress record after reaching `stepId` at `at`, and what it adds to the funnel: a step
 * reached for the first time counts as reached, and closes the time spent on the step reached
 * before it. Going back to a step seen already moves the position only.
 */
export function advanceProgress(input: {
  previous: ProgressRecord | null;
  steps: FormStep[];
  stepId: string | undefined;
  at: Date;
}): { progress: ProgressRecord; funnel: FunnelEntry[] } {
  const index = input.stepId === undefined ? 0 : input.steps.findIndex((s) => s.id === input.stepId);
  const step = input.steps[index];
  if (!step) throw invalid({ step: UNKNOWN_STEP });
  const seen = input.previous?.steps ?? [];
  const funnel: FunnelEntry[] = input.previous ? [] : [startedEntry];
  const steps = [...seen];
  if (!seen.some((s) => s.step === step.id)) {
    const last = seen.at(-1);
    if (last) {
      const seconds = Math.max(0, (input.at.getTime() - Date.parse(last.at)) / 1000);
      funnel.push({ stepIndex: last.index, step: last.step, reached: 0, seconds });
    }
    funnel.push({ stepIndex: index, step: step.id, reached: 1, seconds: null });
    steps.push({ step: step.id, index, at: input.at.toISOString() });
  }
  return { progress: { step: step.id, step_index: index, label: step.label, steps }, funnel };
}

/**
 * The answers of a save: cleaned, logic run again and checked like a submit's, except that
 * nothing is required yet (a question not answered yet is no error). Throws 422 on a bad answer.
 */
async function checkAnswers(
  app: FastifyInstance,
  input: {
    form: SubmitTarget['form'];
    view: RespondentView;
    data: Record<string, unknown>;
    submissionId?: string;
  },
) {
  const { fields } = input.form;
  const failed = input.view.chrome.t('validation.failed');
  const { clean, errors, files } = cleanData(fields, input.data, validationMessagesOf(input.view.chrome));
  const path = applyLogic(fields, input.form.logic, clean);
  const all = { ...Object.fromEntries(files), ...clean };
  const answerErrors = validateSubmission(
    input.view.fields,
    all,
    validationMessagesOf(input.view.chrome),
    path.visible,
  );
  for (const id of Object.keys(answerErrors)) {
    if (isEmptyAnswer(all[id])) delete answerErrors[id];
  }
  const fieldErrors = { ...answerErrors, ...errors, ...path.errors };
  if (Object.keys(fieldErrors).length > 0) throw invalid(fieldErrors, failed);
  if (files.size > 0) {
    const resolved = await resolveFiles(app, {
      formId: input.form.id,
      files,
      submissionId: input.submissionId,
      fields: input.view.fields,
      messages: validationMessagesOf(input.view.chrome),
    });
    if (Object.keys(resolved.errors).length > 0) throw invalid(resolved.errors, failed);
    attachFiles(clean, resolved.answers);
  }
  return { clean, files };
}

function fileErrors(files: SentFiles): AppError {
  return invalid(Object.fromEntries([...files.keys()].map((fieldId) => [fieldId, UPLOAD_MISSING])));
}

/**
 * Saves a respondent's answers so far (path in docs/architecture.md): the same access and
 * anti-spam checks as a submit, then one incomplete submission per resume token. Partials never
 * count as submissions; they feed the funnel only.
 */
export async function saveProgress(
  app: FastifyInstance,
  input: ProgressInput,
): Promise<{ submissionId: string; resumeToken: string; created: boolean }> {
  await app.rateLimit('progressPerIp', input.ip);
  await app.rateLimit('progressPerForm', String(input.formId));
  const { form } = await loadSubmitTarget(app, {
    ...input,
    language: { lang: input.lang, acceptLanguage: input.acceptLanguage },
  });
  assertSavesPartials(form);
  const view = respondentView(form, { lang: input.lang, acceptLanguage: input.acceptLanguage });
  const data = input.data ?? {};
  const fieldIds = new Set(form.fields.map((f: FormField) => f.id));
  const rawMetadata = input.metadata ?? {};
  if (spamVerdict({ data, metadata: rawMetadata, fieldIds, now: Date.now() }) !== null) {
    // Looks exactly like a success to the sender; nothing is stored.
    return { submissionId: newSubmissionId(), resumeToken: generateToken(), created: !input.resumeToken };
  }
  const at = new Date();
  const metadata = buildMetadata({
    raw: rawMetadata,
    userAgent: input.userAgent,
    referer: input.referer,
    fieldIds,
    createdAt: at,
  });
  const steps = stepsOf(form);
  const write = (w: {
    progress: ProgressRecord;
    funnel: FunnelEntry[];
    clean: Record<string, unknown>;
    uploadIds: string[];
  }) => ({
    formId: form.id,
    formVersion: form.publishedVersion ?? 1,
    language: view.language,
    data: w.clean,
    metadata,
    progress: w.progress,
    uploadIds: w.uploadIds,
    funnel: funnelCte({ formId: form.id, entries: w.funnel, gate: 'stored' }),
    at,
  });
  if (!input.resumeToken) {
    const { clean, files } = await checkAnswers(app, { form, view, data });
    if (Object.keys(clean).length === 0 && !input.step) throw invalid({ form: FORM_DATA_REQUIRED });
    const { progress, funnel } = advanceProgress({ previous: null, steps, stepId: input.step, at });
    const resumeToken = generateToken();
    const uploadIds = uploadIdsOf(files);
    const id = await app.db.transaction(async (tx) => {
      const stored = await createPartial(tx, app.keyring, {
        ...write({ progress, funnel, clean, uploadIds }),
        tokenHash: hashToken(resumeToken),
      });
      if (stored.attached !== uploadIds.length) throw fileErrors(files);
      return stored.id;
    });
    return { submissionId: id, resumeToken, created: true };
  }
  const resumeToken = input.resumeToken;
  // Answers are checked before the transaction (PGlite has one connection: no reads beside it).
  const known = await lockPartial(app.db, app.keyring, { formId: form.id, resumeToken });
  const { clean, files } = await checkAnswers(app, { form, view, data, submissionId: known.id });
  const uploadIds = uploadIdsOf(files);
  const id = await app.db.transaction(async (tx) => {
    const row = await lockPartial(tx, app.keyring, { formId: form.id, resumeToken });
    const previous = (row.progress as ProgressRecord | null) ?? null;
    const { progress, funnel } = advanceProgress({ previous, steps, stepId: input.step, at });
    const stored = await updatePartial(tx, app.keyring, {
      ...write({ progress, funnel, clean, uploadIds }),
      submissionId: row.id,
    });
    if (stored.attached !== uploadIds.length) throw fileErrors(files);
    return row.id;
  });
  return { submissionId: id, resumeToken, created: false };
}
