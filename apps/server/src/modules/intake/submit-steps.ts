import { answerLengthError } from '@formsmith/core/fields/answer-length';
import { isEmptyAnswer } from '@formsmith/core/fields/answers';
import { takesAnswer } from '@formsmith/core/fields/constants';
import { fileList, maxFilesOf, takesManyFiles } from '@formsmith/core/fields/files';
import { isMatrixShape } from '@formsmith/core/fields/matrix';
import { isRecord } from '@formsmith/core/fields/read';
import { readSignature } from '@formsmith/core/fields/signature';
import { storedAnswer } from '@formsmith/core/fields/stored-answer';
import {
  VALIDATION_MESSAGES,
  type ValidationMessages,
  validateFieldValue,
} from '@formsmith/core/fields/validate';
import type { FormField } from '@formsmith/core/forms/field';
import { LIMITS } from '@formsmith/core/limits';
import type { FormLogic } from '@formsmith/core/logic/definition';
import { logicFieldsOf } from '@formsmith/core/logic/form-fields';
import { recallText } from '@formsmith/core/logic/recall';
import { type FormRun, runForm } from '@formsmith/core/logic/run';
import { type FileAnswer, fileAnswerSchema } from '@formsmith/core/submissions/submit';
import type { SubmitEnding } from '@formsmith/core/submissions/submit-answer';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { isFormId } from '../../lib/form-id.ts';
import {
  assertPublicAccess,
  findSubmitTarget,
  PublicFormCache,
  type RequestLanguage,
  type SubmitTarget,
} from '../forms/index.ts';
import { findSubmissionByKey, submissionNotifications } from '../submissions/index.ts';
import { listFreeUploads } from './upload-repository.ts';

// What the submit and the progress saves share: reading answers, running the logic again,
// resolving uploads, and the form they go to.

export const FORM_DATA_REQUIRED = 'Form data is required';
export const UPLOAD_MISSING = 'The uploaded file was not found. Please upload it again.';
const INVALID_VALUE = 'Invalid value';
const URL_VALUE_INVALID = `A value from the link must be text of at most ${LIMITS.prefillMaxLength} characters`;

export function invalid(fields: Record<string, string>, message = 'Validation error'): AppError {
  return new AppError('SUBMISSION_INVALID', 422, message, fields);
}

function isPlainAnswer(field: FormField, value: unknown): boolean {
  if (field.type === 'matrix' && isMatrixShape(value)) return true;
  // An address's parts or a range's two dates; a part of another shape is refused by
  // validation, which names it.
  if ((field.type === 'address' || field.type === 'date_range') && isRecord(value)) return true;
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  return Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number');
}

const NOTHING_WHEN_EMPTY = new Set<FormField['type']>(['matrix', 'rating', 'ranking']);

/** Fields the respondent does not answer: hidden ones, and read-only ones they cannot edit. */
function isUnanswerable(field: FormField): boolean {
  return field.type === 'hidden' || field.isHidden === true || field.isReadOnly === true;
}

/** Fields whose value is the owner's to set, unless the owner lets the page's URL fill them. */
function isOwnerSet(field: FormField): boolean {
  return isUnanswerable(field) && field.prefill?.fromUrl !== true;
}

/**
 * The answers without those longer than their field allows (core's answer-length.ts), each
 * refused in `errors` with the validator's message, before anything reads them: the form's
 * rules read every answer they name, and a long one read by many conditions is work the server
 * must not be made to do. A value for a field the owner sets is
 * ignored anyway; a too long one is dropped without an error.
 */
function withinLengthLimits(
  fields: FormField[],
  data: Record<string, unknown>,
  messages: ValidationMessages,
  errors: Record<string, string>,
): Record<string, unknown> {
  let within = data;
  for (const field of fields) {
    if (!Object.hasOwn(data, field.id)) continue;
    const error = answerLengthError(field, data[field.id], messages);
    if (!error) continue;
    if (within === data) within = { ...data };
    delete within[field.id];
    if (!isOwnerSet(field)) errors[field.id] = isUnanswerable(field) ? URL_VALUE_INVALID : error;
  }
  return within;
}

/**
 * Keeps only the answers of the form's own fields (never display-only ones; the answers of
 * questions the form's rules hide are applyLogic's to drop), and checks each has a shape an answer can have; answers are stored in
 * their canonical form (an NPS score as a number, yes/no as 'yes'/'no'). File answers are parsed
 * here. Hidden and read-only fields take the owner's default, whatever was sent for them, unless
 * the owner lets the URL prefill them (the public page then sends the URL's value). `answered`
 * counts what the respondent gave, so a body of unknown keys alone stores nothing.
 */
export function cleanData(
  fields: FormField[],
  sent: Record<string, unknown>,
  messages: ValidationMessages = VALIDATION_MESSAGES,
) {
  const errors: Record<string, string> = {};
  const data = withinLengthLimits(fields, sent, messages, errors);
  const clean: Record<string, unknown> = {};
  const files: SentFiles = new Map();
  // An answer refused for its length was given all the same.
  let answered = Object.keys(errors).length;
  for (const field of fields) {
    if (!takesAnswer(field.type)) continue;
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
    if (field.type === 'signature') {
      if (isEmptyAnswer(value)) continue;
      // Drawn or typed with JavaScript: a PNG uploaded first; typed on a page without: the name.
      const signature = readSignature(value);
      if (!signature) errors[field.id] = messages.signature;
      else if (signature.upload_id === undefined) clean[field.id] = signature;
      else if (!fileAnswerSchema.safeParse(signature).success) errors[field.id] = UPLOAD_MISSING;
      else {
        clean[field.id] = signature;
        files.set(field.id, signature.upload_id);
      }
      continue;
    }
    if (field.type === 'file') {
      if (value === null || value === undefined || value === '') continue;
      if (takesManyFiles(field)) {
        const read = readSentFiles(field, value, messages);
        if (typeof read === 'string') errors[field.id] = read;
        else if (read.length > 0) files.set(field.id, read);
        continue;
      }
      const parsed = fileAnswerSchema.safeParse(value);
      if (parsed.success) files.set(field.id, parsed.data.upload_id);
      else errors[field.id] = UPLOAD_MISSING;
      continue;
    }
    // A grid, stars or an order left untouched is no answer: nothing is stored for it.
    if (NOTHING_WHEN_EMPTY.has(field.type) && isEmptyAnswer(value)) continue;
    if (!isPlainAnswer(field, value)) {
      errors[field.id] = INVALID_VALUE;
      continue;
    }
    const stored = storedAnswer(field, value);
    // An address with nothing typed (the picker's country alone), or a range with neither date,
    // is no answer: nothing is stored.
    if ((field.type === 'address' || field.type === 'date_range') && isEmptyAnswer(stored)) continue;
    clean[field.id] = stored;
  }
  return { clean, errors, files, answered };
}

/**
 * The uploads sent for each file field, by field id: one upload id for a field that takes one
 * file (its answer is one file, as it always was), a list for a field that takes several.
 */
export type SentFiles = Map<string, string | string[]>;

/** Every upload id the answers name. */
export function uploadIdsOf(files: SentFiles): string[] {
  return [...files.values()].flat();
}

/**
 * The upload ids of a field that takes several files, or the error: more files than it takes
 * (counted before anything is looked up), or an item that is not an upload, or one sent twice.
 */
function readSentFiles(field: FormField, value: unknown, messages: ValidationMessages): string[] | string {
  const list = fileList(value);
  const max = maxFilesOf(field);
  if (list.length > max) return messages.filesMax(max);
  const ids: string[] = [];
  for (const item of list) {
    const parsed = fileAnswerSchema.safeParse(item);
    if (!parsed.success || ids.includes(parsed.data.upload_id)) return UPLOAD_MISSING;
    ids.push(parsed.data.upload_id);
  }
  return ids;
}

const OFF_PATH = 'This question was not on your path through the form';

/**
 * Runs the form's logic again on the answers, trusting nothing the browser computed: calculated
 * fields get the server's values (a value sent for one is replaced), and answers to questions the
 * respondent could not have reached are dropped or, when the owner chose so, refused (the errors
 * returned). A form without pages, calculations or logic is left exactly as it was.
 */
export function applyLogic(
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

/**
 * The ending the respondent reached, its texts recalled and the picked answers added to its
 * redirect: the run's, or without a run (a form with no rules, pages or calculations) the plain
 * ending, the only one such a form can end with. The logic runs then only when a text recalls an
 * answer or the redirect passes some on.
 */
export function endingOf(
  fields: FormField[],
  logic: FormLogic,
  path: { run: FormRun | null; answers: Record<string, unknown> },
): NonNullable<SubmitEnding> | null {
  const id = path.run ? path.run.ending : (logic.endings[0]?.id ?? null);
  const ending = id === null ? undefined : logic.endings.find((e) => e.id === id);
  if (!ending) return null;
  let context: Parameters<typeof recallText>[1] | undefined;
  const recall = (text: string) => {
    if (!text.includes('{{')) return text;
    const logicFields = logicFieldsOf(fields);
    context ??= { fields: logicFields, logic, run: path.run ?? runForm(logicFields, logic, path.answers) };
    return recallText(text, context);
  };
  let redirect: string | null = null;
  if (ending.redirectUrl) {
    const url = new URL(ending.redirectUrl);
    for (const id of ending.redirectParams) {
      const text = recall(`{{${id}}}`);
      if (text !== '') url.searchParams.set(id, text);
    }
    redirect = url.toString();
  }
  return {
    id: ending.id,
    title: recall(ending.title),
    message: recall(ending.message),
    redirect_url: redirect,
  };
}

/**
 * Replaces file answers by what we stored, after checking each upload is this field's and free
 * (or already attached to `submissionId`: a file saved with a partial submission). The stored
 * files are then checked against their field's rules by core's validation, as the page checked
 * them: a field's count, each size and type, and the total, as stored, whatever the page claimed.
 */
export async function resolveFiles(
  app: FastifyInstance,
  input: {
    formId: number;
    files: SentFiles;
    submissionId?: string;
    fields: FormField[];
    messages: ValidationMessages;
  },
) {
  const { files } = input;
  const rows = await listFreeUploads(app.db, { ...input, ids: uploadIdsOf(files) });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const answers: Record<string, FileAnswer | FileAnswer[]> = {};
  const errors: Record<string, string> = {};
  for (const [fieldId, sent] of files) {
    const stored = (Array.isArray(sent) ? sent : [sent]).map((id) => byId.get(id));
    if (stored.some((row) => !row || row.fieldId !== fieldId)) {
      errors[fieldId] = UPLOAD_MISSING;
      continue;
    }
    const list = stored.flatMap((row) =>
      row ? [{ upload_id: row.id, name: row.filename, size: row.size, type: row.mimeType }] : [],
    );
    const answer = Array.isArray(sent) ? list : list[0]!;
    const field = input.fields.find((f) => f.id === fieldId);
    const error = field?.type === 'file' ? validateFieldValue(field, answer, input.messages) : null;
    if (error) errors[fieldId] = error;
    else answers[fieldId] = answer;
  }
  return { answers, errors };
}

/**
 * Puts the stored files in the answers: a file field's answer is its file; a signature keeps how
 * and when it was signed beside its file.
 */
export function attachFiles(
  clean: Record<string, unknown>,
  files: Record<string, FileAnswer | FileAnswer[]>,
): void {
  for (const [fieldId, file] of Object.entries(files)) {
    const given = clean[fieldId];
    clean[fieldId] =
      !Array.isArray(file) && typeof given === 'object' && given !== null ? { ...given, ...file } : file;
  }
}

/** A file answer by its upload id alone; anything else as it is. */
function uploadIdOr(value: unknown): unknown {
  // Only objects can be file answers: the others skip a parse that would fail (and cost).
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const file = fileAnswerSchema.safeParse(value);
  return file.success ? file.data.upload_id : value;
}

/** Answers as a comparable string: keys sorted, a file answer (or each of a list) by its upload id alone. */
export function fingerprint(data: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(data)
      .sort()
      .map((key) => {
        const value = data[key];
        return [key, Array.isArray(value) ? value.map(uploadIdOr) : uploadIdOr(value)];
      }),
  );
}

/**
 * The submission an earlier request stored under this Idempotency-Key, when this one is its
 * retry. The same key with other answers is refused: answering the old id would drop them.
 */
export async function findRetried(
  app: FastifyInstance,
  formId: number,
  idempotencyKey: string | undefined,
  sent: string,
): Promise<string | null> {
  if (!idempotencyKey) return null;
  const existing = await findSubmissionByKey(app.db, app.keyring, { formId, idempotencyKey });
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

function targetCache(app: FastifyInstance): PublicFormCache<SubmitTarget | null> {
  let cache = targets.get(app);
  if (!cache) {
    cache = new PublicFormCache();
    targets.set(app, cache);
  }
  return cache;
}

/** The live form of a submit target (published, not deleted) from the same cache, without the access checks; null when none. */
export async function findPublicTarget(app: FastifyInstance, formId: number) {
  if (!isFormId(formId)) return null;
  const target = await targetCache(app).get(formId, () => findSubmitTarget(app.db, formId));
  return target?.form.isPublished ? target.form : null;
}

/**
 * The form to submit to and its owner's notification settings, from a short per-instance cache
 * (forms/public-cache.ts: forgotten on every save here, at most a few seconds old otherwise);
 * access, expiry and the access code are checked on every call.
 */
export async function loadSubmitTarget(
  app: FastifyInstance,
  input: { formId: number; accessCode?: string; ip: string; language?: RequestLanguage },
): Promise<SubmitTarget> {
  const cache = targetCache(app);
  const target = isFormId(input.formId)
    ? await cache.get(input.formId, () => findSubmitTarget(app.db, input.formId))
    : null;
  await assertPublicAccess(app, {
    form: target?.form ?? null,
    accessCode: input.accessCode,
    ip: input.ip,
    language: input.language,
  });
  return target!;
}

/** The new-submission mails of a submit to this form (see submissionNotifications). */
export function notificationsFor(
  app: FastifyInstance,
  target: SubmitTarget,
  input: { fields: FormField[]; data: Record<string, unknown>; encrypted?: boolean },
) {
  return submissionNotifications({
    formId: target.form.id,
    title: target.form.title,
    ...input,
    notifyOnSubmission: target.form.notifyOnSubmission,
    attachPdf: target.form.notifyAttachPdf,
    creatorSetting: target.ownerNotifies,
    members: target.mailMembers,
    viewerAnswers: target.form.viewerAnswers,
    publicUrl: app.config.publicUrl,
  });
}
