import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { dbKind, TEST_ENCRYPTION_KEY } from './helpers/app.ts';
import { openTestPglite } from './helpers/pglite-template.ts';
import { startReceiver } from './helpers/receiver.ts';
import { createTestUser } from './helpers/users.ts';
import { createPublishedForm, validData } from './intake-fixtures.ts';

/**
 * Two server instances on one database (two connection pools on PostgreSQL; one shared
 * in-memory PGlite otherwise) working the same queue at the same time.
 */
describe(`webhook deliveries with two instances (${dbKind})`, () => {
  let shared: Database | undefined;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL) shared = await openTestPglite();
    for (let i = 0; i < 2; i++) {
      const config = loadConfig({
        ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'formsmith-instance-')),
        LOG_LEVEL: 'silent',
        RATE_LIMIT_FACTOR: '1000',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEB_DIST: path.join(tmpdir(), 'no-web'),
        ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
      });
      config.runJobs = false;
      const app = await buildApp(config, { database: shared });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await shared?.close();
  });

  it('sends each delivery once even when both instances run the queue together', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const receiver = await startReceiver();
    try {
      const owner = await createTestUser(a);
      const formId = await createPublishedForm(a, owner);
      const hook = await a.inject({
        method: 'POST',
        url: `/api/forms/${formId}/webhooks`,
        headers: owner.auth,
        payload: { url: receiver.url, events: ['submission.created'] },
      });
      expect(hook.statusCode).toBe(201);
      for (let i = 0; i < 30; i++) {
        const res = await (i % 2 ? a : b).inject({
          method: 'POST',
          url: `/api/form-submissions/forms/${formId}/submit`,
          payload: { data: validData(), metadata: {} },
        });
        expect(res.statusCode).toBe(201);
      }
      await Promise.all([a.jobs.drain(), b.jobs.drain(), a.jobs.drain(), b.jobs.drain()]);
      const ids = receiver.received.map((r) => String(r.headers['webhook-id']));
      expect(ids).toHaveLength(30);
      expect(new Set(ids).size).toBe(30);
    } finally {
      await receiver.close();
    }
  });
});
