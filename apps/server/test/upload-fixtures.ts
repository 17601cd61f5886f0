import { normalizeFields } from '@formsmith/core/forms/read-field';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { FILE_HEADER_BYTES, sealedFileKeyId } from '../src/lib/encryption/index.ts';
import { uploadStorage } from '../src/lib/storage/index.ts';
import { findUpload, multipart, wireField } from './intake-fixtures.ts';

export const DOC_MAX_BYTES = 1_000_000;

/** A form of one file field, 'doc', taking text files up to DOC_MAX_BYTES. */
export const DOC_FIELDS = normalizeFields([
  wireField({
    id: 'doc',
    label: 'Document',
    type: 'file',
    rules: { accept: ['.txt'], maxFileSize: DOC_MAX_BYTES },
  }),
]);

/** Sends a file for the 'doc' field as a respondent's page does. */
export function uploadDoc(app: FastifyInstance, formId: number, content: Buffer, filename = 'notes.txt') {
  const body = multipart([
    { name: 'field_id', value: 'doc' },
    { name: 'file', filename, type: 'text/plain', content },
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/form-submissions/forms/${formId}/uploads`,
    headers: body.headers,
    payload: body.payload,
  });
}

/** Uploads and submits a file for 'doc'; answers its row and the owner's download address. */
export async function submitDoc(app: FastifyInstance, formId: number, content: Buffer) {
  const up = await uploadDoc(app, formId, content);
  expect(up.statusCode).toBe(201);
  const answer = up.json();
  const sent = await app.inject({
    method: 'POST',
    url: `/api/form-submissions/forms/${formId}/submit`,
    payload: { data: { doc: answer, _honeypot: '', _formLoadTime: Date.now() - 10_000 } },
  });
  expect(sent.statusCode).toBe(201);
  const row = (await findUpload(app, answer.upload_id))!;
  const url = `/api/form-submissions/forms/${formId}/submissions/${sent.json().submission_id}/files/${answer.upload_id}`;
  return { row, url, content };
}

/** A file's bytes as the storage holds them (sealed). */
export async function storedBytes(app: FastifyInstance, key: string): Promise<Buffer> {
  const stream = await uploadStorage(app.config).open(key);
  if (!stream) throw new Error(`no stored file under ${key}`);
  return Buffer.concat(await stream.toArray());
}

/** The data key a stored file is sealed under, or null when it is stored in clear. */
export async function storedKeyId(app: FastifyInstance, key: string): Promise<string | null> {
  return sealedFileKeyId((await storedBytes(app, key)).subarray(0, FILE_HEADER_BYTES));
}
