import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgTool } from '../src/admin/backup.ts';
import { buildApp } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { makeFormKey, putEncryption, submitSealed, uploadSealedFile } from './encryption-fixtures.ts';
import { dbKind, testConfig } from './helpers/app.ts';
import { type FileBytes, filesUnder, holding } from './helpers/files.ts';
import { startReceiver } from './helpers/receiver.ts';
import { createTestUser } from './helpers/users.ts';
import { createPublishedForm, validData } from './intake-fixtures.ts';

// The server of an Enhanced form never holds an answer in clear: a marker sent in the answers and
// in a file is looked for in the database's own files (PGlite) or a pg_dump (PostgreSQL), the
// uploads, the outbox, the job payloads, the webhook bodies and every log line. The same marker
// sent to a Standard form is found, which shows the search would see a leak.
describe(`an encrypted answer leaves no trace on the server (${dbKind})`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'formsmith-e2e-leak-'));
  const logLines: string[] = [];
  const secret = `SECRET-MARKER-${randomUUID()}`;
  const control = `CONTROL-MARKER-${randomUUID()}`;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let jobPayloads = '';
  let dump: FileBytes[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
    const config = testConfig(dataDir, {
      LOG_LEVEL: 'trace',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    config.runJobs = true;
    const app = await buildApp(config, { logStream: { write: (line) => logLines.push(line) } });
    await app.ready();
    const owner = await createTestUser(app);
    const { formKey } = await makeFormKey();
    const hook = { url: receiver.url, events: ['submission.created'], format: 'json' };

    const enhanced = await createPublishedForm(app, owner);
    await putEncryption(app, { formId: enhanced, user: owner, level: 'enhanced', key: formKey });
    const standard = await createPublishedForm(app, owner);
    for (const formId of [enhanced, standard]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/forms/${formId}/webhooks`,
        headers: owner.auth,
        payload: hook,
      });
      expect(res.statusCode).toBe(201);
    }

    const submissionId = randomUUID();
    const file = await uploadSealedFile(app, {
      formId: enhanced,
      key: formKey,
      submissionId,
      fieldId: 'cv',
      content: Buffer.from(`${secret} in a file`),
    });
    expect(file.res.statusCode).toBe(201);
    const sent = await submitSealed(app, {
      formId: enhanced,
      key: formKey,
      submissionId,
      answers: { name: secret, email: `${secret}@example.com`, cv: { upload_id: file.res.json().upload_id } },
      uploadIds: [file.res.json().upload_id],
    });
    expect(sent.res.statusCode).toBe(201);
    const plain = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${standard}/submit`,
      payload: { data: validData({ name: control.slice(0, 20) }) },
    });
    expect(plain.statusCode).toBe(201);

    const jobs = await queryRows<{ payload: string }>(app.db, sql`select payload::text as payload from jobs`);
    jobPayloads = jobs.map((j) => j.payload).join('\n');
    await app.jobs.drain();
    if (app.database.kind === 'postgres') {
      const out = path.join(dataDir, 'dump.sql');
      execFileSync(pgTool('pg_dump'), ['--file', out, process.env.TEST_DATABASE_URL!]);
    }
    await app.close();
    dump = filesUnder(dataDir);
  }, 120_000);
  afterAll(() => receiver?.close());

  it('the marker sent to the Standard form is found (the search works)', () => {
    const short = control.slice(0, 20);
    expect(holding(dump, short).length).toBeGreaterThan(0);
    expect(receiver.received.some((r) => r.body.includes(short))).toBe(true);
  });

  it('the encrypted marker is in no database file, upload, mail, job, webhook or log line', () => {
    expect(dump.some((f) => f.file.includes(`${path.sep}uploads${path.sep}`))).toBe(true);
    expect(holding(dump, secret)).toEqual([]);
    expect(jobPayloads).not.toContain(secret);
    expect(receiver.received.length).toBeGreaterThanOrEqual(2);
    expect(receiver.received.map((r) => r.body).join('\n')).not.toContain(secret);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(secret);
  });

  it('the owner’s notification mail says the answers are encrypted instead of carrying them', () => {
    const mails = dump
      .filter((f) => f.file.includes(`${path.sep}outbox${path.sep}`))
      .map((f) => f.bytes.toString());
    expect(mails.some((m) => m.includes('encrypted end to end'))).toBe(true);
  });
});
