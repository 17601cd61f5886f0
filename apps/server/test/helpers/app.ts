import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { openTestPglite } from './pglite-template.ts';

export type TestAppOptions = { env?: Record<string, string>; runJobs?: boolean; jobPollMs?: number };

/**
 * The data key of every test app and admin command: on PostgreSQL all test files share one
 * database, and a server refuses to start beside data sealed under a key it lacks.
 */
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

/** The configuration of a test server in `dataDir`: the test key, TEST_DATABASE_URL when set, then `env`. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_FACTOR: '1000',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    ...env,
  });
}

/**
 * A fresh app on PGlite in memory, or on TEST_DATABASE_URL when set. Build one per test file and
 * isolate tests by giving each its own users and forms.
 */
export async function createTestApp(opts: TestAppOptions = {}): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'formsmith-test-'));
  const config = testConfig(dataDir, opts.env);
  config.runJobs = opts.runJobs ?? false;
  if (opts.jobPollMs) config.jobPollMs = opts.jobPollMs;
  if (!config.databaseUrl) config.dataDir = dataDir;
  const app = await buildApp(config, {
    database: config.databaseUrl ? undefined : await openTestPglite(),
  });
  app.addHook('onClose', async () => rmSync(dataDir, { recursive: true, force: true }));
  await app.ready();
  return app;
}

/** Which database the API tests run on, for test names. */
export const dbKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
