import { ENCRYPTION_MESSAGES } from '@formsmith/core/crypto/api';
import type { Envelope } from '@formsmith/core/crypto/formats';
import type { SubmitBody } from '@formsmith/core/submissions/submit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { formClosed, keyedFormIdQuery, type SubmitTarget } from '../forms/index.ts';
import { findSubmissionByKey, type StoreSubmissionInput, storeSubmission } from '../submissions/index.ts';
import { buildMetadata } from './metadata.ts';
import { SPAM_KEYS, spamVerdict } from './spam.ts';
import { invalid, notificationsFor, UPLOAD_MISSING } from './submit-steps.ts';
import { listFreeUploads } from './upload-repository.ts';

// The submit of an end-to-end encrypted ('Enhanced') form. The answers arrive sealed to the form's
// public key, so the server checks what it can still see (access, limits, anti-spam, sizes, the
// uploads named) and stores the envelope as it came; validation happened in the browser, and
// analytics, search, mails and webhooks get no answers.

export const NOT_READY = 'This form is not ready to take answers yet';
const KEY_CHANGED = 'This form’s encryption key changed. Reload the page and send your answers again.';
const NOT_ENCRYPTED_FORM =
  'This form no longer takes encrypted answers. Reload the page and send your answers again.';

export type EncryptedSubmitInput = {
  target: SubmitTarget;
  /** The language the respondent filled the form in (one of the form's). */
  language: string;
  sealed: SubmitBody['encrypted'];
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  idempotencyKey: string | undefined;
  resumeToken: string | undefined;
  userAgent: string | undefined;
  referer: string | undefined;
};

/** The answers in clear that an encrypted submit may carry: the anti-spam keys alone. */
function clearAnswerKeys(data: Record<string, unknown>, fieldIds: Set<string>): string[] {
  const spamKeys: readonly string[] = SPAM_KEYS;
  return Object.keys(data).filter((key) => !spamKeys.includes(key) || fieldIds.has(key));
}

/** Refuses what the server cannot take for an Enhanced form: answers in clear, no key, a stale key. */
function requireSealed(input: EncryptedSubmitInput) {
  const { form } = input.target;
  if (form.encryptionLevel !== 'enhanced') throw new AppError('CONFLICT', 409, NOT_ENCRYPTED_FORM);
  const fieldIds = new Set(form.fields.map((f) => f.id));
  if (!input.sealed || clearAnswerKeys(input.data, fieldIds).length > 0) {
    // A page without JavaScript (or a client that does not encrypt) would send answers in clear.
    throw new AppError('ENCRYPTION_REQUIRED', 400, ENCRYPTION_MESSAGES.needsJavaScript);
  }
  if (!form.encryptionKey) throw new AppError('ENCRYPTION_REQUIRED', 409, NOT_READY);
  if (input.sealed.public_key !== form.encryptionKey.public_key)
    throw new AppError('CONFLICT', 409, KEY_CHANGED);
  if (input.resumeToken) throw new AppError('PARTIALS_OFF', 409, ENCRYPTION_MESSAGES.partialsOff);
  return { sealed: input.sealed, fieldIds };
}

/** The uploads the submission names: each a free encrypted file of this form, else 422 per field. */
async function requireUploads(app: FastifyInstance, formId: number, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await listFreeUploads(app.db, { formId, ids: unique });
  if (rows.length !== unique.length) {
    throw invalid({ upload_ids: UPLOAD_MISSING });
  }
  return unique;
}

/** The submission an earlier try stored under this key: the same envelope is a retry, another is refused. */
async function findEncryptedRetry(app: FastifyInstance, formId: number, key: string, envelope: Envelope) {
  const existing = await findSubmissionByKey(app.db, app.keyring, { formId, idempotencyKey: key });
  if (!existing) return null;
  // The stored jsonb orders keys its own way: compare the ciphertext (it covers everything else).
  if (existing.envelope?.ct !== envelope.ct || existing.envelope.epk !== envelope.epk) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      422,
      'This Idempotency-Key was used for a different submission',
    );
  }
  return existing.id;
}

/** Stores an encrypted submission; answers its id (the browser's). */
export async function submitEncrypted(app: FastifyInstance, input: EncryptedSubmitInput): Promise<string> {
  const { target } = input;
  const { form } = target;
  const { sealed, fieldIds } = requireSealed(input);
  if (spamVerdict({ data: input.data, metadata: input.metadata, fieldIds, now: Date.now() }) !== null) {
    // Looks exactly like a success to the sender; nothing is stored.
    app.metrics.submissions.inc({ outcome: 'spam' });
    return sealed.submission_id;
  }
  const uploadIds = await requireUploads(app, form.id, sealed.upload_ids);
  const createdAt = new Date();
  const metadata = buildMetadata({
    raw: input.metadata,
    userAgent: input.userAgent,
    referer: input.referer,
    fieldIds,
    createdAt,
  });
  const idempotencyKey = input.idempotencyKey ?? sealed.submission_id;
  const store: StoreSubmissionInput = {
    formId: form.id,
    formVersion: form.publishedVersion ?? 1,
    language: input.language,
    data: {},
    metadata,
    idempotencyKey,
    createdAt,
    // Views, counts and completion times stay server-side; per-answer figures are the browser's.
    stats: { formId: form.id, fields: form.fields, data: {}, metadata, createdAt },
    mails: notificationsFor(app, target, { fields: form.fields, data: {}, encrypted: true }),
    ownerId: form.ownerId,
    uploadIds,
    limited: form.responseLimit !== null,
    sealed: {
      id: sealed.submission_id,
      envelope: sealed.envelope,
      keyGate: keyedFormIdQuery(form.id, sealed.public_key),
    },
  };
  const stored = await app.db.transaction(async (tx) => {
    const result = await storeSubmission(tx, app.keyring, store);
    if (result.id && result.attached !== uploadIds.length) throw invalid({ upload_ids: UPLOAD_MISSING });
    return result;
  });
  if (stored.id) {
    app.metrics.submissions.inc({ outcome: 'stored' });
    return stored.id;
  }
  const retried = await findEncryptedRetry(app, form.id, idempotencyKey, sealed.envelope);
  if (retried) return retried;
  if (!stored.keyed) throw new AppError('CONFLICT', 409, KEY_CHANGED);
  if (!stored.admitted) throw formClosed(form.closedMessage);
  throw new AppError(
    'CONFLICT',
    409,
    'This submission id is taken. Reload the page and send your answers again.',
  );
}
