import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { KEY_FILE, keyId, readKeyFile } from '../src/lib/encryption/index.ts';
import { countUnsealedAnswers } from '../src/modules/submissions/index.ts';
import { dbKind, TEST_ENCRYPTION_KEY, testConfig } from './helpers/app.ts';
import { runAdminCli } from './helpers/cli.ts';
import { type OwnDatabase, ownTestDatabase } from './helpers/own-database.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createTestForm, insertSubmissions, listedNames } from './submissions-fixtures.ts';

/** A command's error: one line on stderr, no stack trace, exit code 1. */
function expectOneLineError(res: { code: number; stdout: string; stderr: string }, message: RegExp) {
  expect(res.code).toBe(1);
  expect(res.stderr).toMatch(message);
  expect(res.stderr.trim().split('\n')).toHaveLength(1);
  expect(res.stderr).not.toMatch(/\n\s+at /);
}

/**
 * `npm run admin -- encryption-key …` run as an operator runs it: the CLI in its own process on a
 * stopped server's data folder (the key file in it) and database (PGlite in the folder, or a
 * PostgreSQL database of its own: the new key must not reach the shared test database).
 */
describe(`npm run admin -- encryption-key (${dbKind})`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'formsmith-key-cli-'));
  const keyFile = path.join(dataDir, KEY_FILE);
  let own: OwnDatabase;
  let env: Record<string, string>;
  let owner: TestUser;
  let formId: number;
  const names = ['Legacy answer', 'First answer', 'Second answer'];

  /** A server on the folder and database, as `npm start` would run after the command. */
  async function startServer(): Promise<FastifyInstance> {
    const app = await buildApp({ ...testConfig(dataDir, { ...env }), runJobs: false });
    await app.ready();
    return app;
  }
  beforeAll(async () => {
    own = await ownTestDatabase();
    env = { DATA_DIR: dataDir, ENCRYPTION_KEY: '', ...own.env };
    const app = await startServer();
    try {
      owner = await createTestUser(app);
      formId = await createTestForm(app, owner.id);
      await insertSubmissions(app, formId, [{ data: { f_name: names[0] } }]); // clear, as before encryption at rest
      for (const name of names.slice(1)) {
        const res = await app.inject({
          method: 'POST',
          url: `/api/form-submissions/forms/${formId}/submit`,
          payload: { data: { f_name: name, _formLoadTime: Date.now() - 5000 }, metadata: {} },
        });
        expect(res.statusCode).toBe(201);
      }
    } finally {
      await app.close();
    }
  }, 60_000);
  afterAll(() => own.drop());

  it('rotates, re-seals and retires from the shell, and a server started after reads every answer', async () => {
    const oldKey = keyId(readKeyFile(keyFile)[0]!);

    const rotate = await runAdminCli(['encryption-key', 'rotate'], env);
    expect(rotate.stderr).toBe('');
    expect(rotate.code).toBe(0);
    const newKey = /^New current key ([0-9a-f]{16}); older keys kept/m.exec(rotate.stdout)?.[1];
    expect(newKey).toBeDefined();
    expect(newKey).not.toBe(oldKey);
    expect(readFileSync(keyFile, 'utf8').trim().split('\n')).toHaveLength(2);
    expect(rotate.stdout).toMatch(/^submissions: 3 re-sealed$/m);
    expect(rotate.stdout).toMatch(
      new RegExp(`^Done: \\d+ row\\(s\\) re-sealed; everything is sealed under ${newKey}\\.$`, 'm'),
    );

    const reseal = await runAdminCli(['encryption-key', 'reseal'], env);
    expect(reseal).toEqual({
      code: 0,
      stdout: `Done: 0 row(s) re-sealed; everything is sealed under ${newKey}.\n`,
      stderr: '',
    });

    const retire = await runAdminCli(['encryption-key', 'retire'], env);
    expect(retire.stderr).toBe('');
    expect(retire.code).toBe(0);
    expect(retire.stdout).toMatch(
      new RegExp(`^Retired ${oldKey}: nothing is sealed under them any more\\.$`, 'm'),
    );
    expect(readFileSync(keyFile, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(keyId(readKeyFile(keyFile)[0]!)).toBe(newKey);

    const app = await startServer();
    try {
      expect(app.keyring.current.id).toBe(newKey);
      expect((await countUnsealedAnswers(app.db, app.keyring)).size).toBe(0);
      expect(await listedNames(app, { formId, auth: owner.auth })).toEqual([...names].sort());
    } finally {
      await app.close();
    }
  }, 120_000);

  it('says in one line what to do when the keys come from ENCRYPTION_KEY and rotate is asked for', async () => {
    const res = await runAdminCli(['encryption-key', 'rotate'], {
      ...env,
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    });
    expectOneLineError(res, /^The keys come from ENCRYPTION_KEY: put a new key first in it/);
    expect(readFileSync(keyFile, 'utf8').trim().split('\n')).toHaveLength(1);
  }, 60_000);

  it('refuses an unknown sub-command in one line', async () => {
    expectOneLineError(
      await runAdminCli(['encryption-key', 'spin'], env),
      /^encryption-key needs rotate, reseal or retire$/m,
    );
  }, 60_000);
});
