import { normalizeFields } from '@formsmith/core/forms/read-field';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.ts';
import { MAIL_JOB, openMail } from '../src/mail/mailer.ts';
import { createTestApp } from './helpers/app.ts';
import { createTestUser } from './helpers/users.ts';
import { createPublishedForm, wireField } from './intake-fixtures.ts';

/**
 * Its own in-memory PGlite even when TEST_DATABASE_URL is set: the mails here fail for good
 * against a dead SMTP server, and draining a shared jobs table would fail other files' mail.
 */
describe('finding 10: mail jobs at rest (pglite)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9', DATABASE_URL: '' } });
  });
  afterAll(() => app.close());

  const pendingMails = () =>
    app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, MAIL_JOB), isNull(jobs.doneAt)));
  const mailTo = async (address: string) => {
    const rows = await pendingMails();
    return rows.filter((row) => row.payload.sealed && openMail(app.keyring, row.payload).to === address);
  };

  it('finding 10: seals magic-link and resume-link mails in the jobs table, and wipes them once they fail for good', async () => {
    const user = await createTestUser(app);
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(200);
    await app.jobs.drain(); // the login-link job makes the link and queues its mail (which fails to send)

    const formId = await createPublishedForm(app, user, {
      fields: normalizeFields([wireField({ id: 'name', label: 'Name', type: 'text' })]),
      savePartials: true,
    });
    const saved = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/progress`,
      payload: { data: { name: 'Linus', _formLoadTime: Date.now() - 60_000 } },
    });
    expect(saved.statusCode).toBe(201);
    const resumeTo = 'resume-to@example.org';
    const mailed = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/progress/email`,
      payload: { resume_token: saved.json().resume_token, email: resumeTo },
    });
    expect(mailed.statusCode).toBe(202);

    // Queued: sealed, the address, the link and its token nowhere in the row's payload.
    const [magic] = await mailTo(user.email);
    const [resume] = await mailTo(resumeTo);
    expect(magic?.payload).toBeDefined();
    expect(resume?.payload).toBeDefined();
    expect(openMail(app.keyring, magic!.payload).text).toContain('/magic-link/');
    expect(openMail(app.keyring, resume!.payload).text).toContain('resume=');
    for (const row of [magic!, resume!]) {
      expect(Object.keys(row.payload)).toEqual(['sealed']);
      const stored = JSON.stringify(row.payload);
      for (const clear of [user.email, resumeTo, 'magic-link', 'resume=', 'http']) {
        expect(stored).not.toContain(clear);
      }
    }

    // Their last attempt fails (no SMTP server): nothing of the mail stays, the error does.
    const ids = [magic!.id, resume!.id];
    await app.db.execute(
      sql`update jobs set run_at = now(), max_attempts = attempts + 1 where id = any(${sql.param(ids)}::bigint[])`,
    );
    await app.jobs.drain();
    const ended = await app.db
      .select()
      .from(jobs)
      .where(sql`${jobs.id} = any(${sql.param(ids)}::bigint[])`);
    expect(ended).toHaveLength(2);
    for (const row of ended) {
      expect(row.attempts).toBe(row.maxAttempts);
      expect(row.doneAt).toBeNull();
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(row.payload).toEqual({});
    }
  }, 60_000);
});
