import { randomUUID } from 'node:crypto';
import { storedAnswer } from '@formsmith/core/fields/answers';
import { computeVisibility } from '@formsmith/core/fields/conditions';
import { takesAnswer } from '@formsmith/core/fields/constants';
import { validateSubmission } from '@formsmith/core/fields/validate';
import type { FormField } from '@formsmith/core/forms/field';
import { LIMITS } from '@formsmith/core/limits';
import { logicFieldsOf } from '@formsmith/core/logic/form-fields';
import { recallText } from '@formsmith/core/logic/recall';
import { type FormRun, runForm } from '@formsmith/core/logic/run';
import type { FormLogic } from '@formsmith/core/logic/schema';
import { type FileAnswer, fileAnswerSchema } from '@formsmith/core/submissions/submit';
import type { SubmitEnding } from '@formsmith/core/submissions/submit-answer';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { isFormId } from '../../lib/form-id.ts';
import {
  assertPublicAccess,
  findSubmitTarget,
  formClosed,
  PublicFormCache,
  type SubmitTarget,
} from '../forms/index.ts';
import {
  confirmationMail,
  confirmationRecipient,
  findSubmissionByKey,
  readConfirmation,
  type StoreSubmissionInput,
  storeSubmission,
  storeSubmissions,
  submissionNotification,
} from '../submissions/index.ts';
import { MicroBatcher } from './batcher.ts';
import { buildMetadata } from './metadata.ts';
import { isSpam } from './spam.ts';
import { listUnattachedUploads } from './upload-repository.ts';

export type SubmitInput = {
  formId: number;
  data: Record<string, unknown> | null | undefined;
  metadata: Record<string, unknown> | null | undefined;
  accessCode: string | undefined;
  idempotencyKey: string | undefined;
  ip: string;
  /** This browser sent a submission to the form before (its cookie says so). */
  respondedBefore: boolean;
  userAgent: string | undefined;
  referer: string | undefined;
};

const FORM_DATA_REQUIRED = 'Form data is required';
const UPLOAD_MISSING = 'The uploaded file was not found. Please upload it again.';
const INVALID_VALUE = 'Invalid value';
const URL_VALUE_INVALID = `A value from the link must be text of at most ${LIMITS.prefillMaxLength} characters`;

function invalid(fields: Record<string, string>): AppError {
  return new AppError('SUBMISSION_INVALID', 422, 'Validation error', fields);
}

function isPlainAnswer(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  return Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number');
}

/** Fields the respondent does not answer: hidden ones, and read-only ones they cannot edit. */
function isUnanswerable(field: FormField): boolean {
  return field.type === 'hidden' || field.isHidden === true || field.isReadOnly === true;
}

/** Fields whose value is the owner's to set, unless the owner lets the page's URL fill them. */
function isOwnerSet(field: FormField): boolean {
  return isUnanswerable(field) && field.prefill?.fromUrl !== true;
}

/**
 * Keeps only the answers of the form's own fields (never display-only ones, never fields that conditional
 * logic hides), and checks each has a shape an answer can have. File answers are parsed here.
 * Hidden and read-only fields take the owner's default, whatever was sent for them, unless the
 * owner lets the URL prefill them (the public page then sends the URL's value). `answered`
 * counts what the respondent gave, so a body of unknown keys alone stores nothing.
 */
function cleanData(fields: FormField[], data: Record<string, unknown>) {
  const visibility = computeVisibility(fields, data);
  const clean: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  const files = new Map<string, string>(); // field id -> upload id
  let answered = 0;
  for (const field of fields) {
    if (!takesAnswer(field.type) || visibility.get(field.id) === false) continue;
    if (isOwnerSet(field)) {
      if (field.defaultValue !== undefined) clean[field.id] = field.defaultValue;
      continue;
    }
    if (!Object.hasOwn(data, field.id)) continue;
    const value = data[field.id];
    if (isUnanswerable(field)) {
      // A value from the URL (a campaign, a referrer): stored like an answer, but not one.
      if (value === null || value === '') {
        if (field.defaultValue !== undefined) clean[field.id] = field.defaultValue;
      } else if (typeof value === 'string' && value.length <= LIMITS.prefillMaxLength) {
        clean[field.id] = value;
      } else errors[field.id] = URL_VALUE_INVALID;
      continue;
    }
    answered += 1;
    if (field.type === 'file') {
      if (value === null || value === undefined || value === '') continue;
      const parsed = fileAnswerSchema.safeParse(value);
      if (parsed.success) files.set(field.id, parsed.data.upload_id);
      else errors[field.id] = UPLOAD_MISSING;
      continue;
    }
    if (isPlainAnswer(value)) clean[field.id] = storedAnswer(field, value);
    else errors[field.id] = INVALID_VALUE;
  }
  return { clean, errors, files, answered };
}

const OFF_PATH = 'This question was not on your path through the form';

/**
 * Runs the form's logic again on the answers, trusting nothing the browser computed: calculated
 * fields get the server's values (a value sent for one is replaced), and answers to questions the
 * respondent could not have reached are dropped or, when the owner chose so, refused (the errors
 * returned). A form without pages, calculations or logic is left exactly as it was.
 */
function applyLogic(
  fields: FormField[],
  logic: FormLogic,
  clean: Record<string, unknown>,
): { errors: Record<string, string>; visible: Set<string> | null; run: FormRun | null } {
  const computed = fields.filter((f) => f.type === 'page_break' || f.type === 'calculated');
  if (computed.length === 0 && logic.rules.length === 0 && !logic.quiz.enabled) {
    return { errors: {}, visible: null, run: null };
  }
  for (const field of computed) delete clean[field.id];
  const run = runForm(logicFieldsOf(fields), logic, clean);
  const errors: Record<string, string> = {};
  for (const id of run.unreachable) {
    if (logic.unreachableAnswers === 'reject') errors[id] = OFF_PATH;
    else delete clean[id];
  }
  for (const field of fields) {
    if (field.type !== 'calculated') continue;
    const value = run.calculated[field.id];
    if (value === null || value === undefined) delete clean[field.id];
    else clean[field.id] = value;
  }
  return { errors, visible: run.visible, run };
}

/** The ending the run chose, its message recalled, the picked answers added to its redirect. */
function endingOf(
  fields: FormField[],
  logic: FormLogic,
  run: FormRun | null,
): NonNullable<SubmitEnding> | null {
  const ending = run?.ending ? logic.endings.find((e) => e.id === run.ending) : undefined;
  if (!run || !ending) return null;
  const logicFields = logicFieldsOf(fields);
  let redirect: string | null = null;
  if (ending.redirectUrl) {
    const url = new URL(ending.redirectUrl);
    for (const id of ending.redirectParams) {
      const text = recallText(`{{${id}}}`, { fields: logicFields, logic, run });
      if (text !== '') url.searchParams.set(id, text);
    }
    redirect = url.toString();
  }
  return {
    id: ending.id,
    title: recallText(ending.title, { fields: logicFields, logic, run }),
    message: recallText(ending.message, { fields: logicFields, logic, run }),
    redirect_url: redirect,
  };
}

/** Replaces file answers by what we stored, after checking each upload is this field's and free. */
async function resolveFiles(app: FastifyInstance, formId: number, files: Map<string, string>) {
  const rows = await listUnattachedUploads(app.db, formId, [...files.values()]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const answers: Record<string, FileAnswer> = {};
  const errors: Record<string, string> = {};
  for (const [fieldId, uploadId] of files) {
    const row = byId.get(uploadId);
    if (!row || row.fieldId !== fieldId) errors[fieldId] = UPLOAD_MISSING;
    else answers[fieldId] = { upload_id: row.id, name: row.filename, size: row.size, type: row.mimeType };
  }
  return { answers, errors };
}

/** Answers as a comparable string: keys sorted, a file answer by its upload id alone. */
function fingerprint(data: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(data)
      .sort()
      .map((key) => {
        const file = fileAnswerSchema.safeParse(data[key]);
        return [key, file.success ? file.data.upload_id : data[key]];
      }),
  );
}

/**
 * The submission an earlier request stored under this Idempotency-Key, when this one is its
 * retry. The same key with other answers is refused: answering the old id would drop them.
 */
async function findRetried(
  app: FastifyInstance,
  formId: number,
  idempotencyKey: string | undefined,
  sent: string,
): Promise<string | null> {
  if (!idempotencyKey) return null;
  const existing = await findSubmissionByKey(app.db, formId, idempotencyKey);
  if (!existing) return null;
  if (fingerprint(existing.data) !== sent) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      422,
      'This Idempotency-Key was used for a different submission',
    );
  }
  return existing.id;
}

const targets = new WeakMap<FastifyInstance, PublicFormCache<SubmitTarget | null>>();

/**
 * The form to submit to and its owner's notification settings, from a short per-instance cache
 * (forms/public-cache.ts: forgotten on every save here, at most a few seconds old otherwise);
 * access, expiry and the access code are checked on every call.
 */
async function loadSubmitTarget(
  app: FastifyInstance,
  input: { formId: number; accessCode?: string; ip: string },
): Promise<SubmitTarget> {
  let cache = targets.get(app);
  if (!cache) {
    cache = new PublicFormCache();
    targets.set(app, cache);
  }
  const target = isFormId(input.formId)
    ? await cache.get(input.formId, () => findSubmitTarget(app.db, input.formId))
    : null;
  await assertPublicAccess(app, { form: target?.form ?? null, accessCode: input.accessCode, ip: input.ip });
  return target!;
}

const batchers = new WeakMap<FastifyInstance, MicroBatcher<StoreSubmissionInput, string | null>>();

/**
 * Stores a submission without uploads. On PostgreSQL, submits that arrive while several batches
 * are being stored wait (at most 2 ms) to be stored together in one statement (group commit): the
 * database's cost is mostly per statement and per commit. A lone submit goes at once. PGlite has a
 * single connection, so batching buys nothing there: one statement each.
 */
async function storeWithoutUploads(
  app: FastifyInstance,
  store: StoreSubmissionInput,
): Promise<{ id: string | null; admitted: boolean }> {
  const pool = app.database.pool;
  // A form with a response limit takes its places one statement at a time (see StoreSubmissionInput).
  if (!pool || store.limited) return storeSubmission(app.db, store, pool ?? undefined);
  let batcher = batchers.get(app);
  if (!batcher) {
    batcher = new MicroBatcher({
      runBatch: (items) => storeSubmissions(app.db, items, pool),
      runOne: async (item) => (await storeSubmission(app.db, item, pool)).id,
      maxSize: 64,
      maxDelayMs: 2,
      maxInFlight: 4,
      onBatchError: (err) => app.log.warn({ err }, 'a batch of submissions failed; storing them one by one'),
    });
    batchers.set(app, batcher);
  }
  return { id: await batcher.add(store), admitted: true };
}

/** The respondent's confirmation mail when the form sends one and the answer is an address, within its rate limits. */
async function confirmationFor(
  app: FastifyInstance,
  input: { form: SubmitTarget['form']; fields: FormField[]; data: Record<string, unknown> },
) {
  const settings = readConfirmation(input.form.confirmation);
  const to = confirmationRecipient(settings, input.fields, input.data);
  if (!settings || !to) return null;
  try {
    // Someone could otherwise send many mails to a stranger through a public form.
    await app.rateLimit('confirmationPerForm', String(input.form.id));
    await app.rateLimit('confirmationPerRecipient', to.toLowerCase());
  } catch {
    app.log.warn({ formId: input.form.id }, 'confirmation mail not sent: rate limit reached');
    return null;
  }
  return confirmationMail({
    to,
    settings,
    formTitle: input.form.title,
    fields: input.fields,
    data: input.data,
  });
}

/**
 * Takes a respondent's submission (path in docs/architecture.md): access, anti-spam, validation,
 * idempotency, then one statement that stores it with its counters, stats and notification.
 */
export async function submitForm(
  app: FastifyInstance,
  input: SubmitInput,
): Promise<{
  submissionId: string;
  oneResponsePerBrowser: boolean;
  ending: NonNullable<SubmitEnding> | null;
}> {
  await app.rateLimit('submitPerIp', input.ip);
  await app.rateLimit('submitPerForm', String(input.formId));
  const target = await loadSubmitTarget(app, {
    formId: input.formId,
    accessCode: input.accessCode,
    ip: input.ip,
  });
  const { form } = target;
  if (form.oneResponsePerBrowser && input.respondedBefore) {
    throw new AppError('ALREADY_RESPONDED', 409, 'You have already responded to this form');
  }
  const data = input.data ?? {};
  if (Object.keys(data).length === 0) throw badRequest(FORM_DATA_REQUIRED);
  const { fields } = form;
  const fieldIds = new Set(fields.map((f) => f.id));
  const rawMetadata = input.metadata ?? {};
  if (isSpam({ data, metadata: rawMetadata, fieldIds, now: Date.now() })) {
    // Looks exactly like a success to the sender; nothing is stored.
    app.metrics.submissions.inc({ outcome: 'spam' });
    return { submissionId: randomUUID(), oneResponsePerBrowser: form.oneResponsePerBrowser, ending: null };
  }

  const { clean, errors, files, answered } = cleanData(fields, data);
  if (answered === 0) throw badRequest(FORM_DATA_REQUIRED);
  const path = applyLogic(fields, form.logic, clean);
  const sent = fingerprint({ ...clean, ...Object.fromEntries(files) });
  const answerErrors = validateSubmission(fields, { ...clean, ...Object.fromEntries(files) });
  // Questions on pages the respondent skipped are not asked, so not required either.
  for (const id of Object.keys(answerErrors)) {
    if (path.visible && !path.visible.has(id)) delete answerErrors[id];
  }
  const fieldErrors = { ...answerErrors, ...errors, ...path.errors };
  const answer = (submissionId: string) => ({
    submissionId,
    oneResponsePerBrowser: form.oneResponsePerBrowser,
    ending: endingOf(fields, form.logic, path.run),
  });
  if (files.size > 0 && Object.keys(fieldErrors).length === 0) {
    const resolved = await resolveFiles(app, form.id, files);
    if (Object.keys(resolved.errors).length > 0) {
      // A retry of a submission that went through: its uploads are attached already.
      const existing = await findRetried(app, form.id, input.idempotencyKey, sent);
      if (existing) return answer(existing);
      throw invalid(resolved.errors);
    }
    Object.assign(clean, resolved.answers);
  }
  if (Object.keys(fieldErrors).length > 0) throw invalid(fieldErrors);

  const createdAt = new Date();
  const metadata = buildMetadata({
    raw: rawMetadata,
    userAgent: input.userAgent,
    referer: input.referer,
    fieldIds,
    createdAt,
  });
  const uploadIds = [...files.values()];
  const store: StoreSubmissionInput = {
    formId: form.id,
    // A form published before versions were kept answers as version 1 (what the migration made).
    formVersion: form.publishedVersion ?? 1,
    data: clean,
    metadata,
    completed: metadata.analytics.completed,
    idempotencyKey: input.idempotencyKey ?? null,
    createdAt,
    stats: { formId: form.id, fields, data: clean, metadata, createdAt },
    mails: [
      submissionNotification({
        formId: form.id,
        title: form.title,
        fields,
        data: clean,
        notifyOnSubmission: form.notifyOnSubmission,
        ownerSetting: target.ownerNotifies,
        ownerEmail: target.ownerEmail,
        ownerName: target.ownerName,
        ownerVerified: target.ownerVerified,
        publicUrl: app.config.publicUrl,
      }),
      await confirmationFor(app, { form, fields, data: clean }),
    ].filter((mail) => mail !== null),
    ownerId: form.ownerId,
    uploadIds,
    limited: form.responseLimit !== null,
  };
  // One statement, atomic by itself (on PostgreSQL shared with concurrent submits: group commit);
  // with uploads, a transaction to undo it if one was taken.
  const stored =
    uploadIds.length === 0
      ? await storeWithoutUploads(app, store)
      : await app.db.transaction(async (tx) => {
          const result = await storeSubmission(tx, store);
          if (result.id && result.attached !== uploadIds.length) {
            throw invalid(Object.fromEntries([...files.keys()].map((fieldId) => [fieldId, UPLOAD_MISSING])));
          }
          return result;
        });
  if (stored.id) {
    app.metrics.submissions.inc({ outcome: 'stored' });
    return answer(stored.id);
  }
  // The same Idempotency-Key was used before: answer that submission, store nothing new.
  const existing = await findRetried(app, form.id, input.idempotencyKey, sent);
  if (existing) return answer(existing);
  if (!stored.admitted) throw formClosed(form.closedMessage);
  throw new AppError('CONFLICT', 409, 'This submission is already being processed');
}
