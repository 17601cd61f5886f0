import { inboxKey } from '@formsmith/core/fields/mailbox';
import { validateSubmission } from '@formsmith/core/fields/validate';
import { validationMessagesOf } from '@formsmith/core/i18n/chrome';
import { askedField } from '@formsmith/core/logic/asked';
import type { ProgressRecord } from '@formsmith/core/submissions/progress';
import type { SubmitBody } from '@formsmith/core/submissions/submit';
import type { SubmitEnding } from '@formsmith/core/submissions/submit-answer';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { newSubmissionId } from '../../lib/ids.ts';
import { hashToken } from '../../lib/tokens.ts';
import { completedEntry, type FunnelEntry, funnelCte } from '../analytics/index.ts';
import { formClosed, type SubmitTarget } from '../forms/index.ts';
import {
  completeSubmission,
  confirmationMail,
  confirmationRecipient,
  findByResumeToken,
  type StoreSubmissionInput,
  storeSubmission,
  storeSubmissions,
} from '../submissions/index.ts';
import { MicroBatcher } from './batcher.ts';
import { type RespondentView, respondentView } from './language.ts';
import { buildMetadata } from './metadata.ts';
import { ALREADY_COMPLETED_MESSAGE, RESUME_NOT_FOUND } from './progress-service.ts';
import { spamVerdict } from './spam.ts';
import { checkSpamSolution, claimSpamSolution, spamSolutionRefused } from './spam-challenge.ts';
import { submitEncrypted } from './submit-encrypted.ts';
import {
  applyLogic,
  attachFiles,
  cleanData,
  endingOf,
  findRetried,
  fingerprint,
  invalid,
  loadSubmitTarget,
  notificationsFor,
  resolveFiles,
  UPLOAD_MISSING,
  uploadIdsOf,
} from './submit-steps.ts';

export type SubmitInput = {
  formId: number;
  data: Record<string, unknown> | null | undefined;
  metadata: Record<string, unknown> | null | undefined;
  accessCode: string | undefined;
  idempotencyKey: string | undefined;
  /** The token of the answers saved as the respondent went: this submit completes that submission. */
  resumeToken: string | undefined;
  ip: string;
  /** This browser sent a submission to the form before (its cookie says so). */
  respondedBefore: boolean;
  userAgent: string | undefined;
  referer: string | undefined;
  /** An end-to-end encrypted form's sealed answers. */
  encrypted?: SubmitBody['encrypted'];
  /** The language the respondent filled the form in (`lang`), and their browser's Accept-Language. */
  lang?: string | null;
  acceptLanguage?: string;
  /** The solved proof-of-work challenge (`altcha`), for forms that ask for one. */
  spamSolution?: string | null;
  /**
   * Sent by the page posted without JavaScript (fill-page), which cannot solve a challenge: the
   * time and decoy checks alone apply to it.
   */
  noScript?: boolean;
};

const fieldIdSets = new WeakMap<readonly { id: string }[], ReadonlySet<string>>();

/** The ids of a form's fields, made once per fields array (the cached form's, for every submit). */
function fieldIdsOf(fields: readonly { id: string }[]): ReadonlySet<string> {
  let ids = fieldIdSets.get(fields);
  if (!ids) {
    ids = new Set(fields.map((f) => f.id));
    fieldIdSets.set(fields, ids);
  }
  return ids;
}

const batchers = new WeakMap<FastifyInstance, MicroBatcher<StoreSubmissionInput, string | null>>();

/**
 * Stores a submission without uploads. Submits that arrive while a batch is being stored wait to
 * be stored together in one statement and one commit (group commit): the database's cost is mostly
 * per statement and per commit. A lone submit on an idle batcher goes at once. On PostgreSQL up to
 * four batches run at once on the pool, and a waiting batch leaves after at most 2 ms. PGlite runs
 * one statement at a time, so a second batch would only queue behind the first: there the next
 * batch gathers until the one before is stored.
 */
async function storeWithoutUploads(
  app: FastifyInstance,
  store: StoreSubmissionInput,
): Promise<{ id: string | null; admitted: boolean }> {
  const pool = app.database.pool;
  // A form with a response limit takes its places one statement at a time (see StoreSubmissionInput).
  if (store.limited) return storeSubmission(app.db, app.keyring, store, pool);
  let batcher = batchers.get(app);
  if (!batcher) {
    batcher = new MicroBatcher({
      runBatch: (items) => storeSubmissions(app.db, app.keyring, items, pool),
      runOne: async (item) => (await storeSubmission(app.db, app.keyring, item, pool)).id,
      maxSize: 64,
      maxDelayMs: pool ? 2 : undefined,
      maxInFlight: pool ? 4 : 1,
      onBatch: (size) => app.metrics.submitBatches.observe(size),
      onBatchError: (err) => app.log.warn({ err }, 'a batch of submissions failed; storing them one by one'),
    });
    batchers.set(app, batcher);
  }
  return { id: await batcher.add(store), admitted: true };
}

/** The respondent's confirmation mail when the form sends one and the answer is an address, within its rate limits. */
async function confirmationFor(
  app: FastifyInstance,
  input: { form: SubmitTarget['form']; view: RespondentView; data: Record<string, unknown> },
) {
  const { view } = input;
  const settings = view.confirmation;
  const to = confirmationRecipient(settings, view.fields, input.data);
  if (!settings || !to) return null;
  try {
    // Someone could otherwise send many mails to a stranger through a public form.
    await app.rateLimit('confirmationPerForm', String(input.form.id));
    // Counted per inbox: another spelling of the same address (case, a +tag) is the same recipient.
    await app.rateLimit('confirmationPerRecipient', inboxKey(to));
  } catch {
    app.log.warn({ formId: input.form.id }, 'confirmation mail not sent: rate limit reached');
    return null;
  }
  const mail = confirmationMail({
    to,
    settings,
    formTitle: view.title,
    fields: view.fields,
    data: input.data,
    chrome: view.chrome,
  });
  // The PDF is made when the mail is sent; the respondent has no account to open it in instead.
  return settings.attach_pdf
    ? { ...mail, submissionPdf: { formId: input.form.id, submissionId: null, link: null } }
    : mail;
}

/**
 * The submission saved as the respondent went that this submit completes: 404 when the token
 * names none; when it is complete already, fine for a retry of the same submit (same answers),
 * 409 otherwise.
 */
async function findPartial(app: FastifyInstance, input: { formId: number; token: string; sent: string }) {
  const row = await findByResumeToken(app.db, app.keyring, {
    formId: input.formId,
    tokenHash: hashToken(input.token),
  });
  if (!row) throw new AppError('NOT_FOUND', 404, RESUME_NOT_FOUND);
  if (row.completed && fingerprint(row.data) !== input.sent) {
    throw new AppError('ALREADY_COMPLETED', 409, ALREADY_COMPLETED_MESSAGE);
  }
  return row;
}

/** The progress record of a completed partial, and the funnel's last figures: completed, and the time on the last step. */
function finishProgress(partial: { progress: unknown }, at: Date, formId: number) {
  const previous = partial.progress as ProgressRecord | null;
  const entries: FunnelEntry[] = [completedEntry];
  const last = previous?.steps.at(-1);
  if (last) {
    const seconds = Math.max(0, (at.getTime() - Date.parse(last.at)) / 1000);
    entries.push({ stepIndex: last.index, step: last.step, reached: 0, seconds });
  }
  const progress = {
    ...(previous ?? { step: '', step_index: 0, label: '', steps: [] }),
    completed_at: at.toISOString(),
  };
  return { progress, funnel: funnelCte({ formId, entries, gate: 'stored' }) };
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
    language: { lang: input.lang, acceptLanguage: input.acceptLanguage },
  });
  const { form } = target;
  const view = respondentView(form, { lang: input.lang, acceptLanguage: input.acceptLanguage });
  const { t } = view.chrome;
  if (form.oneResponsePerBrowser && input.respondedBefore) {
    throw new AppError('ALREADY_RESPONDED', 409, t('submit.alreadyResponded'));
  }
  if (form.encryptionLevel === 'enhanced' || input.encrypted) {
    const submissionId = await submitEncrypted(app, {
      ...input,
      target,
      language: view.language,
      sealed: input.encrypted,
      data: input.data ?? {},
      metadata: input.metadata ?? {},
    });
    return { submissionId, oneResponsePerBrowser: form.oneResponsePerBrowser, ending: null };
  }
  const data = input.data ?? {};
  if (Object.keys(data).length === 0) throw badRequest(t('submit.noAnswers'));
  const { fields } = form;
  const fieldIds = fieldIdsOf(fields);
  const rawMetadata = input.metadata ?? {};
  const spam = spamVerdict({ data, metadata: rawMetadata, fieldIds, now: Date.now() });
  if (spam === 'too-soon' && input.noScript) {
    // The page without JavaScript cannot hold a quick submit back as the script does, and a person
    // who sends a short form (or one sent before the page's script took over) is not a bot: the
    // page comes back with their answers and asks them to send again, instead of dropping them.
    throw new AppError('SENT_TOO_SOON', 422, t('submit.tooSoon'));
  }
  if (spam) {
    // Looks exactly like a success to the sender; nothing is stored.
    app.metrics.submissions.inc({ outcome: 'spam' });
    return {
      submissionId: newSubmissionId(),
      oneResponsePerBrowser: form.oneResponsePerBrowser,
      ending: null,
    };
  }

  // Checked before the answers are read; recorded as used only once the submission is accepted.
  const challenge =
    form.spamChallenge && !input.noScript
      ? await checkSpamSolution(app, { formId: form.id, solution: input.spamSolution })
      : null;

  const { clean, errors, files, answered } = cleanData(fields, data, validationMessagesOf(view.chrome));
  if (answered === 0) throw badRequest(t('submit.noAnswers'));
  const path = applyLogic(fields, form.logic, clean);
  // A signature's answer is in `clean` already, its file beside it: it stands for itself.
  const given = files.size === 0 ? clean : { ...Object.fromEntries(files), ...clean };
  // What a retry must match; only asked for when a retry or a resumed submission is in question.
  let sentFingerprint: string | undefined;
  const sent = () => {
    sentFingerprint ??= fingerprint(given);
    return sentFingerprint;
  };
  // The questions as the page asked them: a rule's 'require' makes its question required here too.
  const required = path.run?.required;
  const asked = required ? view.fields.map((field) => askedField(field, required)) : view.fields;
  // In the respondent's language: the page's messages, and the owner's own in their translation.
  // Questions the rules hide, or on pages the respondent skipped, are not asked, so not checked.
  const answerErrors = validateSubmission(asked, given, validationMessagesOf(view.chrome), path.visible);
  const fieldErrors = { ...answerErrors, ...errors, ...path.errors };
  const answer = (submissionId: string) => ({
    submissionId,
    oneResponsePerBrowser: form.oneResponsePerBrowser,
    ending: endingOf(view.fields, view.logic, { run: path.run, answers: clean }),
  });
  const partial = input.resumeToken
    ? await findPartial(app, { formId: form.id, token: input.resumeToken, sent: sent() })
    : null;
  if (partial?.completed) return answer(partial.id);
  if (files.size > 0 && Object.keys(fieldErrors).length === 0) {
    const resolved = await resolveFiles(app, {
      formId: form.id,
      files,
      submissionId: partial?.id,
      fields: asked,
      messages: validationMessagesOf(view.chrome),
    });
    if (Object.keys(resolved.errors).length > 0) {
      // A retry of a submission that went through: its uploads are attached already.
      const existing = await findRetried(app, form.id, input.idempotencyKey, sent());
      if (existing) return answer(existing);
      throw invalid(resolved.errors, view.chrome.t('validation.failed'));
    }
    attachFiles(clean, resolved.answers);
  }
  if (Object.keys(fieldErrors).length > 0) throw invalid(fieldErrors, view.chrome.t('validation.failed'));
  if (challenge && !(await claimSpamSolution(app, challenge))) {
    // A solution used before: refused, unless this is a retry of the submit it was used for.
    const retried = await findRetried(app, form.id, input.idempotencyKey, sent());
    if (retried) return answer(retried);
    throw spamSolutionRefused();
  }

  const createdAt = new Date();
  const metadata = buildMetadata({
    raw: rawMetadata,
    userAgent: input.userAgent,
    referer: input.referer,
    fieldIds,
    createdAt,
  });
  // The owner sees each respondent's score: the server's, whatever the browser thought.
  if (path.run?.quiz) metadata.quiz = path.run.quiz;
  // Which pages and ending each submission went through, for the analytics of paths.
  if (path.run) metadata.path = { pages: path.run.pages, ending: path.run.ending };
  const uploadIds = uploadIdsOf(files);
  const store: StoreSubmissionInput = {
    formId: form.id,
    // A form published before versions were kept answers as version 1 (what the migration made).
    formVersion: form.publishedVersion ?? 1,
    language: view.language,
    data: clean,
    metadata,
    idempotencyKey: input.idempotencyKey ?? null,
    createdAt,
    stats: { formId: form.id, fields, data: clean, metadata, createdAt },
    mails: [
      ...notificationsFor(app, target, { fields, data: clean }),
      await confirmationFor(app, { form, view, data: clean }),
    ].filter((mail) => mail !== null),
    ownerId: form.ownerId,
    uploadIds,
    limited: form.responseLimit !== null,
  };
  const fileErrors = () =>
    invalid(Object.fromEntries([...files.keys()].map((fieldId) => [fieldId, UPLOAD_MISSING])));
  if (partial) {
    // An Idempotency-Key another submission took: answer that one (same answers) or refuse.
    const retried = await findRetried(app, form.id, input.idempotencyKey, sent());
    if (retried) return answer(retried);
    const done = await app.db.transaction(async (tx) => {
      const result = await completeSubmission(tx, app.keyring, {
        ...store,
        submissionId: partial.id,
        ...finishProgress(partial, createdAt, form.id),
      });
      if (result.id && result.attached !== uploadIds.length) throw fileErrors();
      return result;
    });
    if (done.id) return answer(done.id);
    // Completed meanwhile by a retry of this same submit, or refused a place under the limit.
    const now = await findPartial(app, { formId: form.id, token: input.resumeToken!, sent: sent() });
    if (now.completed) return answer(now.id);
    if (!done.admitted) throw formClosed(form.closedMessage);
    throw new AppError('CONFLICT', 409, 'This submission is already being processed');
  }
  // One statement, atomic by itself (on PostgreSQL shared with concurrent submits: group commit);
  // with uploads, a transaction to undo it if one was taken.
  const stored =
    uploadIds.length === 0
      ? await storeWithoutUploads(app, store)
      : await app.db.transaction(async (tx) => {
          const result = await storeSubmission(tx, app.keyring, store);
          if (result.id && result.attached !== uploadIds.length) throw fileErrors();
          return result;
        });
  if (stored.id) {
    app.metrics.submissions.inc({ outcome: 'stored' });
    return answer(stored.id);
  }
  // The same Idempotency-Key was used before: answer that submission, store nothing new.
  const existing = await findRetried(app, form.id, input.idempotencyKey, sent());
  if (existing) return answer(existing);
  if (!stored.admitted) throw formClosed(form.closedMessage);
  throw new AppError('CONFLICT', 409, 'This submission is already being processed');
}
