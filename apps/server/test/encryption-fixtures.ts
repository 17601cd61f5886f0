import { randomUUID } from 'node:crypto';
import { fromBase64Url } from '@formsmith/core/crypto/encoding';
import type { FormKey } from '@formsmith/core/crypto/formats';
import { fileAd, sealAnswers, sealBytes, toBinary } from '@formsmith/core/crypto/hybrid';
import { createFormKey } from '@formsmith/core/crypto/key-wrap';
import type { FastifyInstance } from 'fastify';
import type { TestUser } from './helpers/users.ts';
import { multipart } from './intake-fixtures.ts';

// What an owner's and a respondent's browsers do for an end-to-end encrypted form, done here with
// the same core code, so the API is exercised with real envelopes.

export const PASSPHRASE = 'a long test passphrase';

/** A new form key (the owner's browser makes it) and its recovery key. */
export function makeFormKey() {
  return createFormKey({ passphrase: PASSPHRASE });
}

export function putEncryption(
  app: FastifyInstance,
  input: { formId: number; user: TestUser; level: 'standard' | 'enhanced'; key?: FormKey },
) {
  return app.inject({
    method: 'PUT',
    url: `/api/forms/${input.formId}/encryption`,
    headers: input.user.auth,
    payload: { level: input.level, ...(input.key ? { key: input.key } : {}) },
  });
}

/** Seals a file as the public page does and uploads it; answers the upload's JSON and the file id. */
export async function uploadSealedFile(
  app: FastifyInstance,
  input: { formId: number; key: FormKey; submissionId: string; fieldId: string; content: Buffer },
) {
  const fileId = randomUUID();
  const sealed = await sealBytes({
    publicKey: fromBase64Url(input.key.public_key),
    plaintext: new Uint8Array(input.content),
    ad: fileAd({ formId: input.formId, submissionId: input.submissionId, fileId }),
  });
  const body = multipart([
    { name: 'field_id', value: input.fieldId },
    { name: 'file', filename: 'secret-name.txt', type: 'text/plain', content: Buffer.from(toBinary(sealed)) },
  ]);
  const res = await app.inject({
    method: 'POST',
    url: `/api/form-submissions/forms/${input.formId}/uploads`,
    headers: body.headers,
    payload: body.payload,
  });
  return { res, fileId };
}

/** Seals answers to the form's key and submits them as the public page does. */
export async function submitSealed(
  app: FastifyInstance,
  input: {
    formId: number;
    key: FormKey;
    answers: Record<string, unknown>;
    submissionId?: string;
    uploadIds?: string[];
    data?: Record<string, unknown>;
    /** The page's language, sent beside the envelope as the page sends it. */
    lang?: string;
  },
) {
  const submissionId = input.submissionId ?? randomUUID();
  const envelope = await sealAnswers({
    publicKey: fromBase64Url(input.key.public_key),
    formId: input.formId,
    submissionId,
    answers: input.answers,
  });
  const payload = {
    ...(input.lang ? { lang: input.lang } : {}),
    data: input.data ?? {},
    encrypted: {
      submission_id: submissionId,
      public_key: input.key.public_key,
      envelope,
      upload_ids: input.uploadIds ?? [],
    },
  };
  const res = await app.inject({
    method: 'POST',
    url: `/api/form-submissions/forms/${input.formId}/submit`,
    payload,
  });
  return { res, submissionId, envelope, payload };
}
