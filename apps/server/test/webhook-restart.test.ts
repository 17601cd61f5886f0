import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { dbKind, TEST_ENCRYPTION_KEY } from './helpers/app.ts';
import { startReceiver } from './helpers/receiver.ts';
import { createTestUser } from './helpers/users.ts';
import { createPublishedForm, validData } from './intake-fixtures.ts';

/** An app on a database that outlives it: PGlite files in a folder, or TEST_DATABASE_URL. */
async function startServer(dataDir: string) {
  const config = loadConfig({
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_FACTOR: '1000',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
  });
  config.runJobs = false;
  const app = await buildApp(config);
  await app.ready();
  return app;
}

describe(`webhook deliveries across a restart (${dbKind})`, () => {
  it('delivers, after a restart, the deliveries pending when the server stopped', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'formsmith-restart-'));
    const receiver = await startReceiver();
    try {
      const first = await startServer(dataDir);
      const owner = await createTestUser(first);
      const formId = await createPublishedForm(first, owner);
      const hook = await first.inject({
        method: 'POST',
        url: `/api/forms/${formId}/webhooks`,
        headers: owner.auth,
        payload: { url: receiver.url, events: ['submission.created'] },
      });
      const submitted = await first.inject({
        method: 'POST',
        url: `/api/form-submissions/forms/${formId}/submit`,
        payload: { data: validData(), metadata: {} },
      });
      expect(submitted.statusCode).toBe(201);
      // Stopped before its worker ran: the delivery is only in the database.
      await first.close();
      expect(receiver.received).toHaveLength(0);

      const second = await startServer(dataDir);
      try {
        await second.jobs.drain();
      } finally {
        await second.close();
      }
      expect(receiver.received).toHaveLength(1);
      const event = new Webhook(hook.json().secret).verify(
        receiver.received[0]!.body,
        receiver.received[0]!.headers as Record<string, string>,
      ) as { data: { submission: { id: string } } };
      expect(event.data.submission.id).toBe(submitted.json().submission_id);
    } finally {
      await receiver.close();
    }
    // Two start-ups on a PGlite folder (each applies the migrations) take long on a busy machine.
  }, 120_000);
});
