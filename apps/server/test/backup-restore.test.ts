import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { countRows } from '../src/admin/backup.ts';
import { newControlToken, removeServerFile, writeServerFile } from '../src/admin/server-file.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { formatKey, KEY_FILE, newKey } from '../src/lib/encryption/index.ts';
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
    expect(statSync(archive).mode & 0o777).toBe(0o600);
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

  /** The names in an archive, without './'. */
  const entries = (archive: string) =>
    execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' })
      .split('\n')
      .map((name) => name.replace(/^\.\//, ''))
      .filter((name) => name !== '' && !name.endsWith('/'));
  // PGlite folders of their own: the key file is what a self-hoster without ENCRYPTION_KEY has.
  const keyFileEnv = (dir: string, more: Record<string, string> = {}) => ({
    DATA_DIR: dir,
    DATABASE_URL: '',
    ENCRYPTION_KEY: '',
    ...more,
  });
  /** A data folder with a key file of its own and a database that a server started on once. */
  async function keyFileInstance() {
    const source = mkdtempSync(path.join(tmpdir(), 'formsmith-keyfile-a-'));
    const keyText = `${formatKey(newKey())}\n`;
    writeFileSync(path.join(source, KEY_FILE), keyText, { mode: 0o600 });
    // The server records the key it seals under in the database, as any instance does.
    await (await startServer(keyFileEnv(source))).close();
    return { source, keyText };
  }

  it('finding 6: writes the archive 0600 and leaves the data key out by default, saying where to keep it', async () => {
    const { source, keyText } = await keyFileInstance();
    const archive = path.join(source, 'no-key.tar.gz');
    // Another user's earlier file at that name must not keep its wider mode either.
    writeFileSync(archive, 'old', { mode: 0o644 });
    const made = await runAdminCli(['backup', '--out', archive], keyFileEnv(source));
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain('The data keys are not in it');
    expect(made.stdout).toContain(path.join(source, KEY_FILE));
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    const names = entries(archive);
    expect(names).toEqual(expect.arrayContaining(['manifest.json', 'database.pglite.tar.gz']));
    expect(names.filter((name) => name.includes('encryption.key'))).toEqual([]);
    const key = keyText.trim();
    expect(
      execFileSync('tar', ['-xzOf', archive], { encoding: 'latin1', maxBuffer: 256 * 1024 * 1024 }).includes(
        key,
      ),
    ).toBe(false);

    // Restored elsewhere it is complete but sealed: the restore says which key the data needs.
    const target = mkdtempSync(path.join(tmpdir(), 'formsmith-keyfile-b-'));
    const restored = await runAdminCli(['restore', archive], keyFileEnv(target));
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('which this configuration does not have');
    expect(existsSync(path.join(target, KEY_FILE))).toBe(false);

    // Archives made before keys were sealed held encryption.key in clear: they still restore it.
    const unpacked = mkdtempSync(path.join(tmpdir(), 'formsmith-old-archive-'));
    execFileSync('tar', ['-xzf', archive, '-C', unpacked]);
    writeFileSync(path.join(unpacked, KEY_FILE), keyText, { mode: 0o600 });
    const old = path.join(source, 'old.tar.gz');
    execFileSync('tar', ['-czf', old, '-C', unpacked, '.']);
    const oldTarget = mkdtempSync(path.join(tmpdir(), 'formsmith-keyfile-c-'));
    const fromOld = await runAdminCli(['restore', old], keyFileEnv(oldTarget));
    expect(fromOld.code, fromOld.stderr).toBe(0);
    expect(fromOld.stdout).not.toContain('does not have');
    expect(readFileSync(path.join(oldTarget, KEY_FILE), 'utf8')).toBe(keyText);
    expect(statSync(path.join(oldTarget, KEY_FILE)).mode & 0o777).toBe(0o600);
  }, 240_000);

  // Seven runs of the admin command, each a fresh Node with tsx: minutes on a busy machine.
  it('finding 6: --with-key seals the data key with a passphrase (scrypt, AES-256-GCM) and the restore opens it', async () => {
    const { source, keyText } = await keyFileInstance();
    const passphrase = 'correct horse battery staple';
    const archive = path.join(source, 'with-key.tar.gz');
    const withoutPassphrase = await runAdminCli(
      ['backup', '--out', archive, '--with-key'],
      keyFileEnv(source),
    );
    expect(withoutPassphrase).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('set BACKUP_PASSPHRASE'),
    });
    const tooShort = await runAdminCli(
      ['backup', '--out', archive, '--with-key'],
      keyFileEnv(source, { BACKUP_PASSPHRASE: 'short' }),
    );
    expect(tooShort).toMatchObject({ code: 1, stderr: expect.stringContaining('at least 12 characters') });

    const made = await runAdminCli(
      ['backup', '--out', archive, '--with-key'],
      keyFileEnv(source, { BACKUP_PASSPHRASE: passphrase }),
    );
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain('sealed with your passphrase');
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    const names = entries(archive);
    expect(names).toContain('encryption.key.sealed.json');
    expect(names).not.toContain('encryption.key');
    // The key is nowhere in the archive in clear, in base64 or in hex.
    const everything = execFileSync('tar', ['-xzOf', archive], {
      encoding: 'latin1',
      maxBuffer: 256 * 1024 * 1024,
    });
    const key = Buffer.from(keyText.trim(), 'base64');
    for (const form of [key.toString('base64'), key.toString('hex')])
      expect(everything.includes(form)).toBe(false);
    const sealed = JSON.parse(
      execFileSync('tar', ['-xzOf', archive, './encryption.key.sealed.json'], { encoding: 'utf8' }),
    );
    expect(sealed).toMatchObject({ kdf: 'scrypt', cipher: 'aes-256-gcm' });

    const target = () => mkdtempSync(path.join(tmpdir(), 'formsmith-keyfile-b-'));
    const noPassphrase = target();
    expect(await runAdminCli(['restore', archive], keyFileEnv(noPassphrase))).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('set BACKUP_PASSPHRASE'),
    });
    const wrong = target();
    expect(
      await runAdminCli(['restore', archive], keyFileEnv(wrong, { BACKUP_PASSPHRASE: 'not the passphrase' })),
    ).toMatchObject({ code: 1, stderr: expect.stringContaining('The passphrase does not open') });
    // Refused before anything was written: the folder can take the restore once the passphrase is right.
    expect(existsSync(path.join(wrong, 'db'))).toBe(false);
    const restored = await runAdminCli(
      ['restore', archive],
      keyFileEnv(wrong, { BACKUP_PASSPHRASE: passphrase }),
    );
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).not.toContain('does not have');
    expect(readFileSync(path.join(wrong, KEY_FILE), 'utf8')).toBe(keyText);
    expect(statSync(path.join(wrong, KEY_FILE)).mode & 0o777).toBe(0o600);
  }, 480_000);

  it('refuses an archive that is not one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'formsmith-archive-bad-'));
    writeFileSync(path.join(dir, 'bad.tar.gz'), 'not an archive');
    const res = await runAdminCli(['restore', path.join(dir, 'bad.tar.gz')], cliEnv(dir));
    expect(res).toMatchObject({ code: 1, stderr: expect.stringContaining('is not a Formsmith backup') });
    expect(readFileSync(path.join(dir, 'bad.tar.gz'), 'utf8')).toBe('not an archive');
  }, 60_000);
});
