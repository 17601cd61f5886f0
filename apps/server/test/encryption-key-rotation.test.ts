import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKeyToFile, retireOldKeys } from '../src/admin/encryption-key.ts';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { currentSealedTextPrefix, KEY_FILE, KeyringError } from '../src/lib/encryption.ts';
import { countUnsealedAnswers } from '../src/modules/submissions/index.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createTestForm, insertSubmissions } from './submissions-fixtures.ts';

// Rotation while the server serves, on a database of its own (PGlite: the server re-seals by
// itself when it sees the key file change; a shared PostgreSQL test database must keep the one
// test key). Rows from before encryption at rest (clear) are sealed by the same pass.
describe('encryption key rotation while serving (pglite)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'formsmith-rotate-'));
  let database: Database;
  let config: Config;
  let app: FastifyInstance;
  let owner: TestUser;
  let formId: number;

  const submit = (name: string) =>
    app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: {
        data: { f_name: name, f_topics: ['apples'], _formLoadTime: Date.now() - 5000 },
        metadata: {},
      },
    });
  const namesInList = async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/submissions?limit=100`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    return (res.json().items as { data: { f_name: string } }[]).map((i) => i.data.f_name).sort();
  };

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    config = {
      ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }),
      runJobs: false,
    };
    app = await buildApp(config, { database });
    await app.ready();
    owner = await createTestUser(app);
    formId = await createTestForm(app, owner.id);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('keeps every answer readable, seals clear rows, leaves nothing under the old key, then retires it', async () => {
    await insertSubmissions(app, formId, [
      { data: { f_name: 'Legacy one' } },
      { data: { f_name: 'Legacy two' } },
    ]);
    for (const name of ['Before one', 'Before two']) expect((await submit(name)).statusCode).toBe(201);
    const oldKey = app.keyring.current.id;
    expect((await countUnsealedAnswers(app.db, app.keyring)).get('clear')).toBe(2);

    const rotated = addKeyToFile(config);
    expect(rotated.current.id).not.toBe(oldKey);
    expect(readFileSync(path.join(dataDir, KEY_FILE), 'utf8').trim().split('\n')).toHaveLength(2);
    // Served while the running server notices the file and re-seals.
    const during: string[] = [];
    const deadline = Date.now() + 20_000;
    while ((await countUnsealedAnswers(app.db, app.keyring)).size > 0 || app.keyring.current.id === oldKey) {
      expect(Date.now()).toBeLessThan(deadline);
      const name = `During ${during.length}`;
      expect((await submit(name)).statusCode).toBe(201);
      during.push(name);
      expect(await namesInList()).toContain(name);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(app.keyring.current.id).toBe(rotated.current.id);
    expect(await namesInList()).toEqual(
      ['Before one', 'Before two', 'Legacy one', 'Legacy two', ...during].sort(),
    );
    const csv = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/export?format=csv`,
      headers: owner.auth,
    });
    for (const name of ['Legacy one', 'Before two', ...during]) expect(csv.body).toContain(name);
    const labels = await queryRows<{ answer: string }>(app.db, sql`select answer from answer_daily_counts`);
    expect(labels.every((l) => l.answer.startsWith(currentSealedTextPrefix(app.keyring)))).toBe(true);
    const analytics = await app.inject({
      method: 'GET',
      url: `/api/analytics/forms/${formId}`,
      headers: owner.auth,
    });
    expect(analytics.body).toContain('Apples');

    const retired = await retireOldKeys(config, app.db, app.keyring, () => {});
    expect(retired).toContain(oldKey);
    expect(readFileSync(path.join(dataDir, KEY_FILE), 'utf8').trim().split('\n')).toHaveLength(1);
  }, 60_000);

  it('refuses to start beside data sealed under a key it lacks, with a message saying what to do', async () => {
    const other = {
      ...loadConfig({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'formsmith-other-')),
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
      }),
      runJobs: false,
    };
    const started = buildApp(other, { database });
    await expect(started).rejects.toThrow(KeyringError);
    await expect(started).rejects.toThrow(/give every instance the same ENCRYPTION_KEY/);
  });
});
