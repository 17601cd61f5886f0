import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgTool } from '../src/admin/backup.ts';
import { buildApp } from '../src/app.ts';
import { queryRows } from '../src/db/client.ts';
import { forms } from '../src/db/schema.ts';
import { dbKind, testConfig } from './helpers/app.ts';
import { filesUnder, holding } from './helpers/files.ts';
import { startReceiver } from './helpers/receiver.ts';
import { startSmtpServer } from './helpers/smtp.ts';
import { createTestUser } from './helpers/users.ts';
import { createTestForm } from './submissions-fixtures.ts';

// 'Standard' forms: a marker in a text answer and in a partial submission's answer is in no
// database file (PGlite's folder, a pg_dump), job payload, webhook body or log line, and a chosen
// option's value is no clear analytics label; yet the owner reads all of it through the API,
// search, analytics, exports, the notification mail (real SMTP) and the webhook (real receiver).
describe(`answers are sealed at rest on Standard forms (${dbKind})`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'formsmith-at-rest-'));
  const marker = `AtRest${randomUUID().slice(0, 8)}`;
  const partialMarker = `Partial${randomUUID().slice(0, 8)}`;
  const logLines: string[] = [];
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let stored = { jobs: '', bodies: '', labels: [] as string[], submissions: '' };
  const owner = { read: {} as Record<string, string> };
  let dump: { file: string; bytes: Buffer }[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
    smtp = await startSmtpServer();
    const config = testConfig(dataDir, {
      LOG_LEVEL: 'trace',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      SMTP_URL: smtp.url,
    });
    config.runJobs = false;
    const app = await buildApp(config, { logStream: { write: (line) => logLines.push(line) } });
    await app.ready();
    const user = await createTestUser(app);
    const formId = await createTestForm(app, user.id);
    await app.db.update(forms).set({ savePartials: true }).where(eq(forms.id, formId));
    const hook = await app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/webhooks`,
      headers: user.auth,
      payload: { url: receiver.url, events: ['submission.created'], format: 'json' },
    });
    expect(hook.statusCode).toBe(201);
    const post = (url: string, data: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: `/api/form-submissions/forms/${formId}/${url}`,
        payload: { data: { ...data, _formLoadTime: Date.now() - 5000 }, metadata: {} },
      });
    const sent = await post('submit', { f_name: marker, f_topics: ['bananas'], f_notes: `notes ${marker}` });
    expect(sent.statusCode).toBe(201);
    const partial = await post('progress', { f_name: partialMarker });
    expect(partial.statusCode).toBe(201);

    const text = async (sqlText: ReturnType<typeof sql>) =>
      (await queryRows<{ t: string | null }>(app.db, sqlText)).map((r) => r.t ?? '').join('\n');
    stored = {
      jobs: await text(sql`select payload::text as t from jobs`),
      submissions: await text(
        sql`select data::text || encode(coalesce(sealed_data, ''), 'escape') as t from submissions where form_id = ${formId}`,
      ),
      bodies: '',
      labels: (
        await queryRows<{ answer: string }>(
          app.db,
          sql`select answer from answer_daily_counts where form_id = ${formId}`,
        )
      ).map((r) => r.answer),
    };
    await app.jobs.drain();
    stored.bodies = await text(sql`select body as t from webhook_deliveries`);

    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: user.auth });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    owner.read = {
      list: await get(`/api/form-submissions/forms/${formId}/submissions?status=all`),
      search: await get(`/api/form-submissions/forms/${formId}/submissions?search=${marker.toLowerCase()}`),
      partialSearch: await get(`/api/form-submissions/forms/${formId}/submissions?search=${partialMarker}`),
      account: await get(`/api/account/search?q=${marker}`),
      // The form's search also matches ids (the worker matches sealed rows by id too); the
      // account's search matches answers only.
      byId: await get(
        `/api/form-submissions/forms/${formId}/submissions?search=${sent.json().submission_id.slice(-12)}`,
      ),
      accountById: await get(`/api/account/search?q=${sent.json().submission_id.slice(-12)}`),
      noMatch: await get(`/api/form-submissions/forms/${formId}/submissions?search=${marker}-absent`),
      analytics: await get(`/api/analytics/forms/${formId}`),
      csv: await get(`/api/form-submissions/forms/${formId}/export?format=csv`),
      json: await get(`/api/form-submissions/forms/${formId}/export?format=json`),
    };
    if (app.database.kind === 'postgres') {
      execFileSync(pgTool('pg_dump'), [
        '--file',
        path.join(dataDir, 'dump.sql'),
        process.env.TEST_DATABASE_URL!,
      ]);
    }
    await app.close();
    dump = filesUnder(dataDir);
  }, 120_000);
  afterAll(async () => {
    await receiver?.close();
    await smtp?.close();
  });

  it('keeps no marker in the database files, jobs, webhook bodies or the log', () => {
    expect(dump.length).toBeGreaterThan(0);
    for (const m of [marker, partialMarker]) {
      expect(holding(dump, m)).toEqual([]);
      expect(stored.jobs).not.toContain(m);
      expect(stored.bodies).not.toContain(m);
      expect(stored.submissions).not.toContain(m);
      expect(logLines.filter((l) => l.includes(m)).map((l) => JSON.parse(l).msg)).toEqual([]);
    }
    expect(stored.jobs).toContain('"sealed"');
    expect(stored.bodies.startsWith('fs1.')).toBe(true);
    // A chosen option is counted under a sealed label, never its value.
    expect(stored.labels.length).toBeGreaterThan(0);
    expect(stored.labels.every((l) => l.startsWith('fs1.'))).toBe(true);
  });

  it('shows the answers to the owner: list, search, analytics, exports', () => {
    expect(owner.read.list).toContain(marker);
    expect(owner.read.list).toContain(partialMarker);
    expect(JSON.parse(owner.read.search!).total).toBe(1);
    expect(owner.read.search).toContain(marker);
    expect(JSON.parse(owner.read.partialSearch!).items[0].data.f_name).toBe(partialMarker);
    expect(JSON.parse(owner.read.account!).submissions[0].snippet).toContain(marker);
    expect(
      JSON.parse(owner.read.byId!).items.map((i: { data: { f_name: string } }) => i.data.f_name),
    ).toEqual([marker]);
    expect(JSON.parse(owner.read.accountById!).submissions).toEqual([]);
    expect(JSON.parse(owner.read.noMatch!)).toMatchObject({ total: 0, items: [] });
    expect(owner.read.analytics).toContain('Bananas');
    expect(owner.read.csv).toContain(marker);
    expect(owner.read.json).toContain(`notes ${marker}`);
  });

  it('sends the answers in the notification mail and the webhook', () => {
    expect(smtp.mails.some((m) => m.raw.includes(marker))).toBe(true);
    expect(receiver.received.some((r) => r.body.includes(marker))).toBe(true);
  });
});
