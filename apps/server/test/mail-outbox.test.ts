import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { dbKind, TEST_ENCRYPTION_KEY } from './helpers/app.ts';
import { openTestPglite } from './helpers/pglite-template.ts';

describe(`mail without SMTP_URL (${dbKind})`, () => {
  let app: FastifyInstance;
  let dataDir: string;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'formsmith-outbox-'));
    // LOG_LEVEL left at its default: what an operator who just ran `npm start` sees.
    const config = loadConfig({
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      DATA_DIR: dataDir,
      RATE_LIMIT_FACTOR: '1000',
      PUBLIC_URL: 'http://localhost:3000',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    });
    config.runJobs = false;
    app = await buildApp(config, {
      database: config.databaseUrl ? undefined : await openTestPglite(),
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs one line naming the outbox file that holds the verification link, at the default log level, and no token', async () => {
    const email = `outbox-${Date.now()}@example.com`;
    const password = 'correct horse battery';
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Ada', email, password, confirmPassword: password, acceptTerms: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    await app.jobs.drain();

    const mailLines = lines.filter((line) => line.to === email);
    expect(mailLines).toHaveLength(1);
    const [line] = mailLines;
    expect(line!.level).toBe(40);
    expect(String(line!.msg)).toContain('outbox');
    // The file named is in DATA_DIR/outbox and holds the link; the log line holds no token.
    expect(path.dirname(String(line!.file))).toBe(path.join(dataDir, 'outbox'));
    const mail = readFileSync(String(line!.file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const token = /verify-email\?token=([\w-]+)/.exec(mail)?.[1];
    expect(token).toBeDefined();
    expect(JSON.stringify(line)).not.toContain(token);
  });
});
