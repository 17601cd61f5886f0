import type { Envelope } from '@formsmith/core/crypto/formats';
import { storedAddress } from '@formsmith/core/fields/address';
import { storedDateRange } from '@formsmith/core/fields/date-range';
import type { FieldOf, FormField } from '@formsmith/core/forms/field';
import type { SubmitBody } from '@formsmith/core/submissions/submit';
import { newIdempotencyKey } from './uuid.ts';

// End-to-end encrypted forms: the answers and every file are sealed here, in the respondent's
// browser, to the form's public key; the server gets ciphertext only. The crypto code loads only
// for such forms, so other forms' pages carry none of it.

/** What the page seals to: the form's public key and the submission's id, chosen here. */
export type SealTarget = { formId: number; publicKey: string; submissionId: string };

/** This browser cannot seal: WebCrypto exists on secure origins (https, localhost) only. */
export function sealUnavailable(): boolean {
  return typeof globalThis.crypto?.subtle?.deriveBits !== 'function';
}

/** The answers sealed into an envelope bound to the form and the submission. */
export async function sealAnswersFor(
  target: SealTarget,
  answers: Record<string, unknown>,
): Promise<Envelope> {
  const [{ sealAnswers }, { fromBase64Url }] = await Promise.all([
    import('@formsmith/core/crypto/hybrid'),
    import('@formsmith/core/crypto/encoding'),
  ]);
  return sealAnswers({
    publicKey: fromBase64Url(target.publicKey),
    formId: target.formId,
    submissionId: target.submissionId,
    answers,
  });
}

/** A file sealed into one blob bound to the form, the submission and a new file id. */
export async function sealFileFor(target: SealTarget, file: File): Promise<{ blob: Blob; fileId: string }> {
  const [{ fileAd, sealBytes, toBinary }, { fromBase64Url }] = await Promise.all([
    import('@formsmith/core/crypto/hybrid'),
    import('@formsmith/core/crypto/encoding'),
  ]);
  const fileId = newIdempotencyKey();
  const sealed = await sealBytes({
    publicKey: fromBase64Url(target.publicKey),
    plaintext: new Uint8Array(await file.arrayBuffer()),
    ad: fileAd({ formId: target.formId, submissionId: target.submissionId, fileId }),
  });
  return { blob: new Blob([toBinary(sealed)], { type: 'application/octet-stream' }), fileId };
}

/** The upload ids of the file answers among the answers (the server attaches those uploads). */
function uploadIdsOf(answers: Record<string, unknown>): string[] {
  // A field that takes several files answers a list of them.
  return Object.values(answers).flatMap((value) =>
    (Array.isArray(value) ? value : [value]).flatMap((item) => {
      const id = (item as { upload_id?: unknown } | null)?.upload_id;
      return typeof id === 'string' ? [id] : [];
    }),
  );
}

/**
 * The answers with each phone number in E.164, each address trimmed (a country alone is none) and
 * each date range's dates trimmed,
 * as the server stores the answers it can read: it cannot read sealed ones, so the browser writes
 * them as it would.
 */
async function withStoredAnswers(
  fields: readonly FormField[],
  answers: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const stored = { ...answers };
  for (const field of fields)
    if (field.type === 'address' && Object.hasOwn(answers, field.id))
      stored[field.id] = storedAddress(answers[field.id]);
    else if (field.type === 'date_range' && Object.hasOwn(answers, field.id))
      stored[field.id] = storedDateRange(answers[field.id]);
  const phones = fields.filter(
    (f): f is FieldOf<'phone'> => f.type === 'phone' && Object.hasOwn(answers, f.id),
  );
  if (phones.length === 0) return stored;
  const { storedPhone } = await import('@formsmith/core/fields/phone');
  for (const field of phones) stored[field.id] = storedPhone(field, answers[field.id]);
  return stored;
}

/**
 * The submit body's answer part for an encrypted form: the anti-spam keys stay in clear (the server
 * checks them), everything the respondent answered is sealed.
 */
export async function sealedSubmitBody(
  target: SealTarget,
  input: { answers: Record<string, unknown>; spam: Record<string, unknown>; fields: readonly FormField[] },
): Promise<{ data: Record<string, unknown>; encrypted: NonNullable<SubmitBody['encrypted']> }> {
  const answers = await withStoredAnswers(input.fields, input.answers);
  return {
    data: input.spam,
    encrypted: {
      submission_id: target.submissionId,
      public_key: target.publicKey,
      envelope: await sealAnswersFor(target, answers),
      upload_ids: uploadIdsOf(answers),
    },
  };
}
