import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { countRows } from '../src/admin/backup.ts';
import { newControlToken, removeServerFile, writeServerFile } from '../src/admin/server-file.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { formatKey, KEY_FILE, newKey } from '../src/lib/encryption.ts';
import { dbKind } from './helpers/app.ts';
import { cliEnv, runAdminCli } from './helpers/cli.ts';
import { filesUnder, holding } from './helpers/files.ts';
import { newPostgresDatabase } from './helpers/own-database.ts';
import { createTestUser } from './helpers/users.ts';
import { createPublishedForm, multipart, validData } from './intake-fixtures.ts';

const dropDatabases: (() => Promise<void>)[] = [];

/** A database of its own on the suite's PostgreSQL server (the restore needs an empty one). */
async function freshPostgresDatabase(): Promise<string> {
  const { url, drop } = await newPostgresDatabase('formsmith_backup');
  dropDatabases.push(drop);
  return url;
}

async function startServer(env: Record<string, string>, controlToken?: string): Promise<FastifyInstance> {
  const config = {
    ...loadConfig({ ...env, LOG_LEVEL: 'silent', RATE_LIMIT_FACTOR: '1000', WEB_DIST: '/nonexistent' }),
    runJobs: false,
  };
  const app = await buildApp(config, { controlToken });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

describe(`npm run backup and npm run restore (${dbKind})`, () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    for (const drop of dropDatabases) await drop();
  });

  it('round-trips a populated instance taken while it runs: every table and a file byte for byte', async () => {
    // Both servers are given the same data key: files are sealed at rest under it.
    const encryptionKey = formatKey(newKey());
    const source: Record<string, string> = {
      ...cliEnv(
        mkdtempSync(path.join(tmpdir(), 'formsmith-backup-src-')),
        dbKind === 'postgres' ? await freshPostgresDatabase() : undefined,
      ),
      ENCRYPTION_KEY: encryptionKey,
    };
    const token = newControlToken();
    const app = await startServer(source, token);
    apps.push(app);
    // What main.ts does on PGlite: the backup command finds the running server through this file.
    const address = app.server.address();
    if (app.database.kind === 'pglite' && address && typeof address === 'object') {
      writeServerFile(source.DATA_DIR!, { pid: process.pid, port: address.port, token });
    }

    const owner = await createTestUser(app);
    const formId = await createPublishedForm(app, owner);
    const bytes = Buffer.from(`a file to keep ${Date.now()}\n`);
    const body = multipart([
      { name: 'field_id', value: 'cv' },
      { name: 'file', filename: 'keep.txt', type: 'text/plain', content: bytes },
    ]);
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/uploads`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const sent = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { data: validData({ cv: uploaded.json() }) },
    });
    expect(sent.statusCode).toBe(201);
    const submissionId = sent.json().submission_id;
    const before = await countRows(app.db);
    expect(before['public.submissions']).toBeGreaterThan(0);

    const archive = path.join(mkdtempSync(path.join(tmpdir(), 'formsmith-archive-')), 'backup.tar.gz');
    const made = await runAdminCli(['backup', '--out', archive], source);
    expect(made.stderr).toBe('');
    expect(made).toMatchObject({ code: 0, stdout: expect.stringContaining('1 file(s)') });
    await app.close();
    removeServerFile(source.DATA_DIR!);

    // The archive holds the files as stored: sealed, the text nowhere in clear.
    const unpacked = mkdtempSync(path.join(tmpdir(), 'formsmith-archive-open-'));
    execFileSync('tar', ['-xzf', archive, '-C', unpacked]);
    const archived = filesUnder(path.join(unpacked, 'uploads'));
    expect(archived.length).toBe(1);
    expect(holding(archived, 'a file to keep')).toEqual([]);

    const target: Record<string, string> = {
      ...cliEnv(
        mkdtempSync(path.join(tmpdir(), 'formsmith-backup-dst-')),
        dbKind === 'postgres' ? await freshPostgresDatabase() : undefined,
      ),
      ENCRYPTION_KEY: encryptionKey,
    };
    const restored = await runAdminCli(['restore', archive], target);
    expect(restored.stderr).toBe('');
    expect(restored).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("every table's row count matches"),
    });

    const copy = await startServer(target);
    apps.push(copy);
    expect(await countRows(copy.db)).toEqual(before);
    const list = await copy.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/submissions/${submissionId}`,
      headers: owner.auth,
    });
    expect(list.statusCode).toBe(200);
    const file = await copy.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/submissions/${submissionId}/files/${uploaded.json().upload_id}`,
      headers: owner.auth,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);

    // A restore never overwrites: the same target, now populated, is refused.
    const again = await runAdminCli(['restore', archive], target);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringMatching(/not empty|already has tables/) });
  }, 400_000);

  it('carries the key file: the archive holds it and the restore puts it back with mode 0600', async () => {
    // PGlite folders of their own: the key file is what a self-hoster without ENCRYPTION_KEY has.
    const env = (dir: string) => ({ DATA_DIR: dir, DATABASE_URL: '', ENCRYPTION_KEY: '' });
    const source = mkdtempSync(path.join(tmpdir(), 'formsmith-keyfile-a-'));
    const keyText = `${formatKey(newKey())}\n`;
    writeFileSync(path.join(source, KEY_FILE), keyText, { mode: 0o600 });
    expect((await runAdminCli(['list-users'], env(source))).code).toBe(0); // creates the database
    const archive = path.join(source, 'with-key.tar.gz');
    expect((await runAdminCli(['backup', '--out', archive], env(source))).code).toBe(0);
    const target = mkdtempSync(path.join(tmpdir(), 'formsmith-keyfile-b-'));
    const restored = await runAdminCli(['restore', archive], env(target));
    expect(restored.code, restored.stderr).toBe(0);
    expect(readFileSync(path.join(target, KEY_FILE), 'utf8')).toBe(keyText);
    expect(statSync(path.join(target, KEY_FILE)).mode & 0o777).toBe(0o600);
  }, 120_000);

  it('refuses an archive that is not one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'formsmith-archive-bad-'));
    writeFileSync(path.join(dir, 'bad.tar.gz'), 'not an archive');
    const res = await runAdminCli(['restore', path.join(dir, 'bad.tar.gz')], cliEnv(dir));
    expect(res).toMatchObject({ code: 1, stderr: expect.stringContaining('is not a Formsmith backup') });
    expect(readFileSync(path.join(dir, 'bad.tar.gz'), 'utf8')).toBe('not an archive');
  }, 60_000);
});
