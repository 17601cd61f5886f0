import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig, type S3Config } from '../src/config.ts';
import { newStorageKey } from '../src/lib/storage/common.ts';
import { StorageUnavailableError, type UploadStorage, uploadStorage } from '../src/lib/storage/index.ts';
import { createLocalStorage } from '../src/lib/storage/local.ts';
import { createS3Storage } from '../src/lib/storage/s3.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { startTestS3, type TestS3 } from './helpers/s3.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createPublishedForm, findUpload, multipart, validData } from './intake-fixtures.ts';

async function readAll(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.close());

const s3Config = (overrides: Partial<S3Config> = {}): S3Config => ({
  bucket: s3.bucket,
  endpoint: s3.endpoint,
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  ...overrides,
});

type Store = { storage: UploadStorage; keys: () => Promise<string[]> };

function localStore(): Store {
  const dir = mkdtempSync(path.join(tmpdir(), 'formsmith-up-'));
  const keys = async () =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  return { storage: createLocalStorage(dir), keys };
}

describe.each([
  { kind: 'local folder', make: localStore },
  {
    kind: 'S3 bucket',
    make: (): Store => ({ storage: createS3Storage(s3Config()), keys: () => s3.listKeys() }),
  },
])('upload storage in a $kind', ({ make }) => {
  let storage: UploadStorage;
  let keys: Store['keys'];
  beforeAll(() => {
    ({ storage, keys } = make());
  });

  it('stores bytes under a key and reads the same bytes back; a write replaces the file whole', async () => {
    const key = newStorageKey();
    await storage.write(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    expect(await readAll(await storage.open(key))).toBe('hello world');
    await storage.write(key, Buffer.from('bye'));
    expect(await readAll(await storage.open(key))).toBe('bye');
    expect(await keys()).toContain(key);
  });

  it('a stream that fails midway leaves the key as it was and nothing else behind', async () => {
    const key = newStorageKey();
    await storage.write(key, Buffer.from('first version'));
    const before = await keys();
    async function* failing() {
      yield Buffer.from('half of a new ');
      throw new Error('the sender went away');
    }
    await expect(storage.write(key, Readable.from(failing()))).rejects.toThrow('the sender went away');
    expect(await readAll(await storage.open(key))).toBe('first version');
    expect(await keys()).toEqual(before);
  });

  it('answers null for an unknown key and after a delete, and deleting twice is fine', async () => {
    expect(await storage.open('ab/0000000000000000000000000000000000000000')).toBeNull();
    const key = newStorageKey();
    await storage.write(key, Buffer.from('bye'));
    await storage.delete(key);
    expect(await storage.open(key)).toBeNull();
    expect(await keys()).not.toContain(key);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('never uses a key that could name something else', async () => {
    await expect(storage.open('../../etc/passwd')).rejects.toThrow('Invalid storage key');
    await expect(storage.delete('ab/../../x')).rejects.toThrow('Invalid storage key');
  });
});

describe('S3 storage failures', () => {
  it('a refused request fails as storage unavailable (503), not as a missing file', async () => {
    const storage = createS3Storage(s3Config({ accessKeyId: 'UNKNOWN-KEY' }));
    const saving = storage.write(newStorageKey(), Buffer.from('x'));
    await expect(saving).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(saving).rejects.toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' });
    await expect(storage.open('ab/0000000000000000000000000000000000000000')).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
  });

  it('the start-up check names the bucket when it is missing or the service is unreachable', async () => {
    await expect(createS3Storage(s3Config()).check!()).resolves.toBeUndefined();
    // The check writes and removes a probe object, leaving nothing behind.
    expect(await s3.listKeys()).not.toContain('formsmith-start-check');
    const missing = createS3Storage(s3Config({ bucket: 'no-such-bucket' }));
    await expect(missing.check!()).rejects.toThrow(
      new ConfigError(
        `S3_BUCKET: the bucket "no-such-bucket" at ${s3.endpoint} cannot be used (404 Not Found).`,
      ),
    );
    const unreachable = createS3Storage(s3Config({ endpoint: 'http://127.0.0.1:9' }));
    await expect(unreachable.check!()).rejects.toThrow(
      /S3_BUCKET: the bucket "formsmith-test" at http:\/\/127\.0\.0\.1:9 cannot be reached/,
    );
  });

  it('configuration asks for both keys when S3_BUCKET is set, and defaults to AWS', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(
      /S3_ACCESS_KEY_ID: is required when S3_BUCKET is set\n {2}S3_SECRET_ACCESS_KEY: is required/,
    );
    expect(() => loadConfig({ ...s3.env, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT: must be a URL/);
    const aws = loadConfig({
      S3_BUCKET: 'b',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(aws.s3).toEqual({
      bucket: 'b',
      endpoint: 'https://s3.eu-west-3.amazonaws.com',
      region: 'eu-west-3',
      accessKeyId: 'k',
      secretAccessKey: 's',
    });
    expect(loadConfig({}).s3).toBeUndefined();
  });
});

describe(`respondent files in an S3 bucket, end to end (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ env: s3.env });
    owner = await createTestUser(app);
    stranger = await createTestUser(app);
  });
  afterAll(() => app.close());

  it('an uploaded file goes to the bucket, not to DATA_DIR, and only its owner downloads it', async () => {
    expect(uploadStorage(app.config)).not.toBe(uploadStorage({ dataDir: app.config.dataDir }));
    const formId = await createPublishedForm(app, owner);
    const body = multipart([
      { name: 'field_id', value: 'cv' },
      { name: 'file', filename: 'cv.txt', type: 'text/plain', content: Buffer.from('my curriculum') },
    ]);
    const up = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/uploads`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(up.statusCode).toBe(201);
    const answer = up.json();
    const row = await findUpload(app, answer.upload_id);
    expect(await s3.listKeys()).toContain(row!.storageKey);
    expect(existsSync(path.join(app.config.dataDir, 'uploads'))).toBe(false);

    const sent = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { data: validData({ cv: answer }) },
    });
    expect(sent.statusCode).toBe(201);
    const url = `/api/form-submissions/forms/${formId}/submissions/${sent.json().submission_id}/files/${answer.upload_id}`;
    const download = await app.inject({ method: 'GET', url, headers: owner.auth });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('my curriculum');
    expect(download.headers['content-disposition']).toContain('attachment;');
    expect((await app.inject({ method: 'GET', url, headers: stranger.auth })).statusCode).toBe(404);
  });

  it('a server whose bucket cannot be used does not start, and says why', async () => {
    const config = loadConfig({ ...s3.env, S3_ACCESS_KEY_ID: 'UNKNOWN-KEY', LOG_LEVEL: 'silent' });
    // The bucket is checked before the database is opened: nothing is created under DATA_DIR.
    config.dataDir = mkdtempSync(path.join(tmpdir(), 'formsmith-nostart-'));
    await expect(buildApp(config)).rejects.toThrow(
      /S3_BUCKET: the bucket "formsmith-test" at http:\/\/127\.0\.0\.1:\d+ cannot be used \(403 Forbidden\)/,
    );
    expect(readdirSync(config.dataDir)).toEqual([]);
  });
});
