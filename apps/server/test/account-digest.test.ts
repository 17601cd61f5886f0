import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, notificationSettings, securitySettings, users } from '../src/db/schema.ts';
import { enqueueJob } from '../src/jobs/queue.ts';
import { DIGEST_JOB, sendWeeklyDigests } from '../src/modules/account/digest.ts';
import { dbKind } from './helpers/app.ts';
import { createMailTestApp } from './helpers/mail-app.ts';
import { findLink, type TestSmtpServer } from './helpers/smtp.ts';
import { createTestUser } from './helpers/users.ts';
import { createTestForm, insertSubmissions } from './submissions-fixtures.ts';

const DAY = 86_400_000;

describe(`weekly digest mail (${dbKind})`, () => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, smtp, close } = await createMailTestApp());
  });
  afterAll(() => close());

  async function ownerWithWeek() {
    const owner = await createTestUser(app, { name: 'Dora Digest' });
    const busy = await createTestForm(app, owner.id, { title: 'Busy survey' });
    const quiet = await createTestForm(app, owner.id, { title: 'Quiet poll' });
    const now = Date.now();
    await insertSubmissions(app, busy, [
      { data: { f_name: 'a' }, createdAt: new Date(now - 1 * DAY) },
      { data: { f_name: 'b' }, createdAt: new Date(now - 3 * DAY) },
      { data: { f_name: 'c' }, createdAt: new Date(now - 6 * DAY) },
      // Older than a week: not counted.
      { data: { f_name: 'old' }, createdAt: new Date(now - 9 * DAY) },
    ]);
    await insertSubmissions(app, quiet, [{ data: { f_name: 'd' }, createdAt: new Date(now - 2 * DAY) }]);
    return { owner, busy, quiet };
  }

  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

  it("mails each owner last week's submission count per form through a real SMTP server", async () => {
    const { owner, busy } = await ownerWithWeek();
    const queued = await sendWeeklyDigests(app, { userIds: [owner.id] });
    expect(queued).toBe(1);
    await app.jobs.drain();
    const mail = await smtp.waitForMail(owner.email);
    expect(mail.raw).toContain('Subject: Your weekly Formsmith summary: 4 submissions');
    expect(mail.raw).toContain('Hi Dora Digest,');
    expect(mail.raw).toContain('Busy survey: 3 submissions');
    expect(mail.raw).toContain('Quiet poll: 1 submission ');
    expect(findLink(mail, 'http://localhost:3000/forms/')).toBe(
      `http://localhost:3000/forms/${busy}/submissions`,
    );
  });

  it('sends nothing to an owner who turned the weekly digest off', async () => {
    const { owner } = await ownerWithWeek();
    const res = await app.inject({
      method: 'PUT',
      url: '/api/account/notifications',
      headers: owner.auth,
      payload: { weekly_digest: false },
    });
    expect(res.statusCode).toBe(200);
    expect(await sendWeeklyDigests(app, { userIds: [owner.id] })).toBe(0);
    await app.jobs.drain();
    expect(mailsTo(owner.email)).toHaveLength(0);
  });

  it('sends one digest a week however often it runs, and skips users without forms', async () => {
    const { owner } = await ownerWithWeek();
    const formless = await createTestUser(app);
    expect(await sendWeeklyDigests(app, { userIds: [owner.id, formless.id] })).toBe(1);
    expect(await sendWeeklyDigests(app, { userIds: [owner.id, formless.id] })).toBe(0);
    await app.jobs.drain();
    await smtp.waitForMail(owner.email);
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(mailsTo(formless.email)).toHaveLength(0);
    // A week later it goes out again.
    const nextWeek = new Date(Date.now() + 7 * DAY);
    expect(await sendWeeklyDigests(app, { userIds: [owner.id], now: nextWeek })).toBe(1);
  });

  it('keeps security alerts following the security setting after a digest created the row', async () => {
    const { owner } = await ownerWithWeek();
    await app.db.insert(securitySettings).values({ userId: owner.id, securityNotifications: false });
    await sendWeeklyDigests(app, { userIds: [owner.id] });
    const [row] = await app.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, owner.id));
    expect(row?.securityAlerts).toBe(false);
    expect(row?.lastDigestAt).not.toBeNull();
  });

  it('skips unverified accounts', async () => {
    const { owner } = await ownerWithWeek();
    await app.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, owner.id));
    expect(await sendWeeklyDigests(app, { userIds: [owner.id] })).toBe(0);
  });

  it('runs as a job that schedules its next run a week later', async () => {
    // A shared database may hold the next run of an earlier test run: start from none pending.
    await app.db.delete(jobs).where(sql`${jobs.kind} = ${DIGEST_JOB} and ${jobs.doneAt} is null`);
    await enqueueJob(app.db, { kind: DIGEST_JOB, payload: {} });
    await app.jobs.drain();
    const pending = await app.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = ${DIGEST_JOB} and ${jobs.doneAt} is null`);
    expect(pending).toHaveLength(1);
    const inAWeek = Date.now() + 7 * DAY;
    expect(Math.abs(pending[0]!.runAt.getTime() - inAWeek)).toBeLessThan(60_000);
    const done = await app.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = ${DIGEST_JOB} and ${jobs.doneAt} is not null`);
    expect(done.length).toBeGreaterThanOrEqual(1);
  });
});
