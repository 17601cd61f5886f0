import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeServerFile } from '../src/admin/server-file.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { dbKind } from './helpers/app.ts';
import { cliEnv, runAdminCli } from './helpers/cli.ts';

/**
 * The admin commands for self-hosters without mail, run as a person runs them: the CLI in its own
 * process on a stopped server's data folder (PGlite), or on the suite's PostgreSQL.
 */
describe(`npm run admin (${dbKind})`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'formsmith-admin-'));
  const env = cliEnv(dataDir, process.env.TEST_DATABASE_URL);
  const email = `admin-cli-${Date.now()}@example.com`;

  it('creates, lists, verifies and resets an account that can then sign in', async () => {
    // The instance's first account is its administrator (tested in instance-admin.test.ts):
    // one is made first so that Grace starts as an ordinary account on either database.
    const first = await runAdminCli(['create-user', '--email', `first-${email}`, '--name', 'First'], env);
    expect(first.code, first.stderr).toBe(0);
    const created = await runAdminCli(
      ['create-user', '--email', email, '--name', 'Grace', '--unverified'],
      env,
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/Password \(shown once\): \S{16,}/);

    expect((await runAdminCli(['verify-user', email], env)).code).toBe(0);
    const reset = await runAdminCli(['reset-password', email], env);
    expect(reset.code).toBe(0);
    const password = /Password \(shown once\): (\S+)/.exec(reset.stdout)![1]!;
    const again = await runAdminCli(['list-users', '--json'], env);
    expect(JSON.parse(again.stdout)).toContainEqual(
      expect.objectContaining({ email, name: 'Grace', verified: true }),
    );

    const config = {
      // The login limit counts in the database the suite's other files share: at its real
      // size, their sign-ins in the same minute would leave this one none.
      ...loadConfig({
        ...env,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_FACTOR: '1000',
        WEB_DIST: path.join(dataDir, 'w'),
      }),
      runJobs: false,
    };
    // PGlite: one process holds the folder at a time, so the app closes while the CLI runs.
    let app = await buildApp(config);
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ is_verified: true });
      const role = async () => {
        const headers = { authorization: `Bearer ${login.json().token}` };
        return (await app.inject({ method: 'GET', url: '/api/auth/current', headers })).json().role;
      };
      expect(await role()).toBe('user');
      await app.close();
      expect((await runAdminCli(['make-admin', email], env)).code).toBe(0);
      app = await buildApp(config);
      expect(await role()).toBe('admin');
    } finally {
      await app.close();
    }
  }, 300_000);

  it('refuses a taken address, an unknown account and an unknown command, with exit code 1', async () => {
    const taken = await runAdminCli(['create-user', '--email', email, '--name', 'Again'], env);
    expect(taken).toMatchObject({ code: 1, stderr: expect.stringContaining('exists already') });
    const unknown = await runAdminCli(['verify-user', 'nobody@example.com'], env);
    expect(unknown).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account with the address'),
    });
    const command = await runAdminCli(['drop-everything'], env);
    expect(command).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Unknown command: drop-everything'),
    });
  }, 180_000);
});

describe('npm run admin on a PGlite folder in use', () => {
  it('does not open a PGlite folder a running server holds', async () => {
    const held = mkdtempSync(path.join(tmpdir(), 'formsmith-admin-held-'));
    // This test process stands for the server: a live pid in the folder's server file.
    writeServerFile(held, { pid: process.pid, port: 1, token: 'x' });
    const res = await runAdminCli(['list-users'], cliEnv(held));
    expect(res).toMatchObject({ code: 1, stderr: expect.stringContaining('stop the server') });
  }, 60_000);
});
