import { normalizeFields } from '@formsmith/core/forms/read-field';
import { EXPORT_META_HEADERS } from '@formsmith/core/submissions/api';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.ts';
import { JOBS_PURGE_JOB } from '../src/jobs/purge.ts';
import { enqueueJob } from '../src/jobs/queue.ts';
import { dbKind } from './helpers/app.ts';
import { createMailTestApp, drainMails, type MailTestApp } from './helpers/mail-app.ts';
import { queuedMails } from './helpers/stored.ts';
import { createTestUser } from './helpers/users.ts';
import { createPublishedForm, validData } from './intake-fixtures.ts';
import { createTestForm, insertSubmissions, wireField } from './submissions-fixtures.ts';

/** The columns every export row starts with (reference, id, time, status, language). */
const META = EXPORT_META_HEADERS.length;

describe(`security findings: stored data (${dbKind})`, () => {
  let t: MailTestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createMailTestApp();
    app = t.app;
  });
  afterAll(() => t.close());

  // Mails that carry answers are sealed: read as the mail job reads them.
  const jobsMentioning = async (text: string) =>
    (await queuedMails(app)).filter((job) => JSON.stringify(job.mail).includes(text));

  describe('finding 4: mail jobs do not keep what they carried', () => {
    it('finding 4: a sent mail job keeps no payload (no answers, no link)', async () => {
      const owner = await createTestUser(app);
      const formId = await createPublishedForm(app, owner);
      const res = await app.inject({
        method: 'POST',
        url: `/api/form-submissions/forms/${formId}/submit`,
        payload: { data: validData({ name: 'Marker Zebra' }) },
      });
      expect(res.statusCode).toBe(201);
      expect(await jobsMentioning('Marker Zebra')).toHaveLength(1);
      await drainMails(t, { to: owner.email, prefix: 'Marker Zebra', count: 1 });
      expect(await jobsMentioning('Marker Zebra')).toHaveLength(0);
      expect(await jobsMentioning(owner.email)).toHaveLength(0);
    });

    it('finding 4: the purge job deletes finished jobs after a day', async () => {
      await app.db.insert(jobs).values([
        { kind: 'mail.send', payload: {}, doneAt: sql`now() - interval '2 days'` },
        { kind: 'mail.send', payload: { to: 'recent@example.com' }, doneAt: sql`now() - interval '1 hour'` },
        {
          kind: 'mail.send',
          payload: { to: 'dead@example.com' },
          attempts: 8,
          maxAttempts: 8,
          createdAt: sql`now() - interval '8 days'`,
        },
      ]);
      const before = await app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(sql`${jobs.doneAt} < now() - interval '1 day'`);
      expect(Number(before[0]!.n)).toBeGreaterThan(0);
      await enqueueJob(app.db, { kind: JOBS_PURGE_JOB, payload: {} });
      await app.jobs.drain();
      const old = await app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(sql`${jobs.doneAt} < now() - interval '1 day'`);
      expect(Number(old[0]!.n)).toBe(0);
      expect(await jobsMentioning('dead@example.com')).toHaveLength(0);
      expect(await jobsMentioning('recent@example.com')).toHaveLength(0);
    });

    it('finding 4: deleting an account deletes its queued jobs', async () => {
      const user = await createTestUser(app);
      await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
      await app.inject({ method: 'POST', url: '/api/auth/resend-verification', headers: user.auth });
      const formId = await createPublishedForm(app, user);
      await app.inject({
        method: 'POST',
        url: `/api/form-submissions/forms/${formId}/submit`,
        payload: { data: validData({ name: 'Pending Answer' }) },
      });
      expect((await jobsMentioning('Pending Answer')).length).toBe(1);
      const res = await app.inject({
        method: 'POST',
        url: '/api/security/data-protection/requests',
        headers: user.auth,
        payload: { request_type: 'delete', confirm_email: user.email },
      });
      expect(res.statusCode).toBeLessThan(300);
      expect(await jobsMentioning('Pending Answer')).toHaveLength(0);
      expect(await jobsMentioning(user.email)).toHaveLength(0);
      const owned = await app.db.select().from(jobs).where(eq(jobs.userId, user.id));
      expect(owned).toHaveLength(0);
    });
  });

  describe('finding 17: CSV formula cells', () => {
    it('finding 17: neutralises formulas behind spaces, line breaks and full-width signs; plain numbers stay', async () => {
      const owner = await createTestUser(app);
      const formId = await createTestForm(app, owner.id, {
        fields: normalizeFields([wireField('x', 'X', 'text')]),
      });
      const cells = [
        ' =1+1',
        '\n=cmd|calc',
        '＝HYPERLINK("x")',
        '＋1',
        '  @SUM(A1)',
        '-5',
        '+3',
        '-2.50',
        '1e3',
        '-',
      ];
      await insertSubmissions(
        app,
        formId,
        cells.map((x, i) => ({ data: { x }, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)) })),
      );
      const res = await app.inject({
        method: 'GET',
        url: `/api/form-submissions/forms/${formId}/export?format=csv`,
        headers: owner.auth,
      });
      const rows: string[][] = parse(res.body, { bom: true });
      expect(rows.slice(1).map((r) => r[META])).toEqual([
        "' =1+1",
        "'\n=cmd|calc",
        `'＝HYPERLINK("x")`,
        "'＋1",
        "'  @SUM(A1)",
        '-5',
        '+3',
        '-2.50',
        '1e3',
        "'-",
      ]);
    });
  });
});
