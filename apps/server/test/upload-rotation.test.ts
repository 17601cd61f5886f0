import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KeyCommandError, retireOldKeys } from '../src/admin/encryption-key.ts';
import { queryRows } from '../src/db/client.ts';
import {
  KEY_FILE,
  keyId,
  loadKeyring,
  newKey,
  readKeyFile,
  SEGMENT_BYTES,
  sealedKeyId,
  writeKeyFile,
} from '../src/lib/encryption/index.ts';
import { uploadStorage } from '../src/lib/storage/index.ts';
import { type RotateUploadsCounts, rotateUploads } from '../src/modules/intake/rotate-uploads.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { type OwnDatabase, ownTestDatabase } from './helpers/own-database.ts';
import { startTestS3, type TestS3 } from './helpers/s3.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createPublishedForm } from './intake-fixtures.ts';
import { DOC_FIELDS, storedBytes, storedKeyId, submitDoc } from './upload-fixtures.ts';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3('formsmith-rotation');
});
afterAll(() => s3.close());

describe.each([
  { kind: 'local folder', bucket: false },
  { kind: 'S3 bucket', bucket: true },
])(`rotating the data key re-seals the uploaded files in the $kind (${dbKind})`, ({ bucket }) => {
  let own: OwnDatabase;
  let app: FastifyInstance;
  let owner: TestUser;
  let formId: number;

  beforeAll(async () => {
    // The key file in DATA_DIR (no ENCRYPTION_KEY): a rotation adds a key to it while the server
    // runs. On a database of its own: a key new to the shared PostgreSQL test database would make
    // every later test file's server refuse to start.
    own = await ownTestDatabase();
    app = await createTestApp({ env: { ...(bucket ? s3.env : {}), ENCRYPTION_KEY: '', ...own.env } });
    owner = await createTestUser(app);
    formId = await createPublishedForm(app, owner, { fields: DOC_FIELDS });
  });
  afterAll(async () => {
    await app.close();
    await own.drop();
  });

  const submitFile = (content: Buffer) => submitDoc(app, formId, content);
  const download = (url: string) => app.inject({ method: 'GET', url, headers: owner.auth });
  const stored = (key: string) => storedBytes(app, key);
  const keyIdOf = (key: string) => storedKeyId(app, key);

  /**
   * What the rotation command does to the key file (a new current key, the old ones kept), and
   * what the running server does when it notices: its keyring, the one files are sealed under, now
   * holds the new key.
   */
  function addKey() {
    const file = path.join(app.config.dataDir, KEY_FILE);
    const key = newKey();
    writeKeyFile(file, [key, ...readKeyFile(file)]);
    Object.assign(app.keyring, loadKeyring(app.config));
    return { keyring: app.keyring, id: keyId(key) };
  }

  it('after a rotation every file downloads identically, none is left under the old key, clear files are sealed', async () => {
    const files = [
      await submitFile(Buffer.from('a short note\n')),
      await submitFile(Buffer.alloc(3 * SEGMENT_BYTES + 5, 'several segments\n')),
      await submitFile(Buffer.alloc(0)),
    ];
    // A file stored in clear by a version that did not seal files.
    const legacy = await submitFile(Buffer.from('stored in clear long ago\n'));
    await uploadStorage(app.config).write(legacy.row.storageKey, legacy.content);
    expect(await keyIdOf(legacy.row.storageKey)).toBeNull();
    const oldId = await keyIdOf(files[0]!.row.storageKey);
    expect(oldId).not.toBeNull();

    const { keyring, id: newId } = addKey();
    const progress: RotateUploadsCounts[] = [];
    const counts = await rotateUploads({
      db: app.db,
      config: app.config,
      keyring,
      batchSize: 2,
      onProgress: (c) => progress.push(structuredClone(c)),
    });

    expect(counts.sealed).toBeGreaterThanOrEqual(1);
    expect(counts.resealed).toBeGreaterThanOrEqual(files.length);
    expect(counts.unreadable).toEqual([]);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toEqual(counts);
    for (const file of [...files, legacy]) {
      expect(await keyIdOf(file.row.storageKey)).toBe(newId);
      const res = await download(file.url);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(file.content)).toBe(true);
      expect(res.headers['content-length']).toBe(String(file.content.length));
    }
    expect(newId).not.toBe(oldId);

    // New uploads are sealed under the new key at once, and a second run has nothing to do.
    const fresh = await submitFile(Buffer.from('after the rotation\n'));
    expect(await keyIdOf(fresh.row.storageKey)).toBe(newId);
    const again = await rotateUploads({ db: app.db, config: app.config, keyring });
    expect(again).toMatchObject({ sealed: 0, resealed: 0, unreadable: [] });
    expect(again.current).toBeGreaterThanOrEqual(files.length + 2);
  });

  it('a file that cannot be opened is reported and left exactly as it was', async () => {
    const good = await submitFile(Buffer.from('still fine\n'));
    const damaged = await submitFile(Buffer.from('will be damaged\n'));
    const bytes = await stored(damaged.row.storageKey);
    bytes[bytes.length - 1]! ^= 1;
    await uploadStorage(app.config).write(damaged.row.storageKey, bytes);

    const { keyring, id: newId } = addKey();
    const counts = await rotateUploads({ db: app.db, config: app.config, keyring });
    expect(counts.unreadable).toEqual([{ uploadId: damaged.row.id, reason: 'corrupt' }]);
    expect((await stored(damaged.row.storageKey)).equals(bytes)).toBe(true);
    expect(await keyIdOf(good.row.storageKey)).toBe(newId);
    expect((await download(good.url)).body).toBe('still fine\n');

    // Retiring the older keys is refused while a file could not be opened: they stay in the file.
    const file = path.join(app.config.dataDir, KEY_FILE);
    const before = readKeyFile(file).length;
    await expect(retireOldKeys(app.config, app.db, keyring, () => {})).rejects.toThrow(KeyCommandError);
    await expect(retireOldKeys(app.config, app.db, keyring, () => {})).rejects.toThrow(/could not be opened/);
    expect(readKeyFile(file)).toHaveLength(before);
  });

  it('once the running server notices a new key in the file, new files are sealed under it as new answers are', async () => {
    const file = path.join(app.config.dataDir, KEY_FILE);
    const key = newKey();
    writeKeyFile(file, [key, ...readKeyFile(file)]);
    await vi.waitFor(() => expect(app.keyring.current.id).toBe(keyId(key)), {
      timeout: 10_000,
      interval: 100,
    });

    const fresh = await submitFile(Buffer.from('sent after the rotation\n'));
    expect(await keyIdOf(fresh.row.storageKey)).toBe(keyId(key));
    const [row] = await queryRows<{ sealed_data: Uint8Array }>(
      app.db,
      sql`select sealed_data from submissions where id = ${fresh.row.submissionId}`,
    );
    expect(sealedKeyId(row!.sealed_data)).toBe(keyId(key));
    expect((await download(fresh.url)).body).toBe('sent after the rotation\n');
  });
});
