import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeKeyring,
  newKey,
  SEGMENT_BYTES,
  sealedFileSize,
  sealFileStream,
} from '../src/lib/encryption/index.ts';
import { uploadStorage } from '../src/lib/storage/index.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { filesUnder, holding } from './helpers/files.ts';
import { startTestS3, type TestS3 } from './helpers/s3.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createPublishedForm } from './intake-fixtures.ts';
import { DOC_FIELDS, DOC_MAX_BYTES, storedBytes, submitDoc, uploadDoc } from './upload-fixtures.ts';

/** A text file of `bytes` with the marker at its start, across the first segment's end and at its end. */
function textWithMarker(marker: string, bytes: number): Buffer {
  const text = Buffer.alloc(bytes, 'lorem ipsum dolor sit amet\n');
  const put = (at: number) => text.write(marker, at, 'ascii');
  put(0);
  if (bytes > SEGMENT_BYTES + marker.length) put(SEGMENT_BYTES - Math.floor(marker.length / 2));
  put(bytes - marker.length);
  return text;
}

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3('formsmith-sealed');
});
afterAll(() => s3.close());

describe.each([
  { kind: 'local folder', bucket: false },
  { kind: 'S3 bucket', bucket: true },
])(`a Standard form's files are sealed at rest in the $kind (${dbKind})`, ({ bucket }) => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stranger: TestUser;
  let formId: number;
  const storedFiles = () => filesUnder(bucket ? s3.directory : path.join(app.config.dataDir, 'uploads'));

  beforeAll(async () => {
    app = await createTestApp({ env: bucket ? s3.env : {} });
    owner = await createTestUser(app);
    stranger = await createTestUser(app);
    formId = await createPublishedForm(app, owner, { fields: DOC_FIELDS });
  });
  afterAll(() => app.close());

  const upload = (content: Buffer) => uploadDoc(app, formId, content);
  const submitFile = (content: Buffer) => submitDoc(app, formId, content);
  const download = (url: string, user = owner) => app.inject({ method: 'GET', url, headers: user.auth });

  const stored = (key: string) => storedBytes(app, key);

  it('the marker inside an uploaded file is in no stored file, and the owner downloads the exact bytes', async () => {
    const marker = `FILE-MARKER-${randomUUID()}`;
    const content = textWithMarker(marker, 3 * SEGMENT_BYTES + 123);
    const { row, url } = await submitFile(content);

    expect(row.size).toBe(content.length);
    expect((await stored(row.storageKey)).length).toBe(sealedFileSize(content.length));
    const files = storedFiles();
    expect(files.length).toBeGreaterThan(0);
    expect(holding(files, marker)).toEqual([]);
    expect(holding(files, 'lorem ipsum')).toEqual([]);

    const res = await download(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
    expect(res.headers['content-length']).toBe(String(content.length));
    expect(res.headers['content-type']).toBe('text/plain');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`,
    );
    expect((await download(url, stranger)).statusCode).toBe(404);
  });

  it('the size limit counts the bytes the respondent sent, not the sealed ones', async () => {
    const exact = await upload(Buffer.alloc(DOC_MAX_BYTES, 'a'));
    expect(exact.statusCode).toBe(201);
    expect(exact.json().size).toBe(DOC_MAX_BYTES);
    const before = storedFiles().length;
    const over = await upload(Buffer.alloc(DOC_MAX_BYTES + 1, 'a'));
    expect(over.statusCode).toBe(413);
    expect(over.json().fields.doc).toMatch(/too large/i);
    expect(storedFiles().length).toBe(before);
  });

  it('an empty file is sealed and downloads empty', async () => {
    const { row, url } = await submitFile(Buffer.alloc(0));
    expect((await stored(row.storageKey)).length).toBe(sealedFileSize(0));
    const res = await download(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(0);
  });

  it('an altered stored file, or one moved under another key, is refused with a clear 409', async () => {
    const altered = await submitFile(Buffer.from('altered later'));
    const bytes = await stored(altered.row.storageKey);
    bytes[bytes.length - 20]! ^= 1;
    await uploadStorage(app.config).write(altered.row.storageKey, bytes);
    const res = await download(altered.url);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'FILE_UNREADABLE',
      error: 'This file was altered or damaged in storage and cannot be opened. Restore it from a backup.',
    });

    const other = await submitFile(Buffer.from('a file of its own'));
    const moved = await submitFile(Buffer.from('moved over'));
    await uploadStorage(app.config).write(moved.row.storageKey, await stored(other.row.storageKey));
    expect((await download(moved.url)).statusCode).toBe(409);
    expect((await download(other.url)).body).toBe('a file of its own');
  });

  it('a file altered past its first segment has its download cut off, never completed', async () => {
    const content = textWithMarker('x', 2 * SEGMENT_BYTES + 10);
    const { row, url } = await submitFile(content);
    const bytes = await stored(row.storageKey);
    bytes[bytes.length - 30]! ^= 1;
    await uploadStorage(app.config).write(row.storageKey, bytes);
    // Headers went out with the first segment: the response is cut off at the altered one
    // (the client sees fewer bytes than announced), never completed with unchecked bytes.
    await expect(download(url)).rejects.toThrow('response destroyed before completion');
  });

  it('a file sealed under a key this server lacks answers 503 and says so', async () => {
    const { row, url } = await submitFile(Buffer.from('from another server'));
    const foreign = makeKeyring([newKey()], 'env');
    const sealed = Readable.from([Buffer.from('from another server')]).pipe(
      sealFileStream(foreign, row.storageKey),
    );
    await uploadStorage(app.config).write(row.storageKey, sealed);
    const res = await download(url);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'FILE_UNREADABLE', error: expect.stringMatching(/key/) });
  });

  it('a file stored in clear before files were sealed still downloads as it is', async () => {
    const legacy = textWithMarker('LEGACY', SEGMENT_BYTES + 77);
    const { row, url } = await submitFile(legacy);
    await uploadStorage(app.config).write(row.storageKey, legacy);
    const res = await download(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(legacy)).toBe(true);
  });
});
