import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms, notificationSettings } from '../src/db/schema.ts';
import { dbKind } from './helpers/app.ts';
import { createMailTestApp } from './helpers/mail-app.ts';
import { findLink, type TestSmtpServer } from './helpers/smtp.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createTestForm } from './submissions-fixtures.ts';

describe(`new-submission notification mail (${dbKind})`, () => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, smtp, close } = await createMailTestApp());
  });
  afterAll(() => close());

  async function setup(opts: { perForm: boolean | null; ownerSetting?: boolean }) {
    const owner = await createTestUser(app, { name: 'Olivia Owner' });
    const formId = await createTestForm(app, owner.id, { title: `Survey <${randomUUID().slice(0, 6)}>` });
    await app.db.update(forms).set({ notifyOnSubmission: opts.perForm }).where(eq(forms.id, formId));
    if (opts.ownerSetting !== undefined) {
      await app.db
        .insert(notificationSettings)
        .values({ userId: owner.id, formSubmissions: opts.ownerSetting });
    }
    return { owner, formId };
  }

  async function submit(formId: number, data: Record<string, unknown>) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { data: { ...data, _formLoadTime: Date.now() - 5000 }, metadata: {} },
    });
    expect(res.statusCode).toBe(201);
    await app.jobs.drain();
    return res.json().submission_id as string;
  }

  const mailsTo = (owner: TestUser) => smtp.mails.filter((m) => m.to.includes(owner.email));

  it('mails the owner a summary and a link when neither the form nor the owner chose otherwise', async () => {
    const { owner, formId } = await setup({ perForm: null });
    await submit(formId, { f_name: 'Ada Lovelace', f_topics: ['apples'], f_notes: 'Hello' });
    const mail = await smtp.waitForMail(owner.email);
    expect(mail.raw).toContain('Subject: New submission: Survey');
    expect(mail.raw).toContain('Full name: Ada Lovelace');
    expect(mail.raw).toContain('Topics: Apples');
    expect(mail.raw).toContain('Email: Not provided');
    expect(findLink(mail, 'http://localhost:3000/forms/')).toBe(
      `http://localhost:3000/forms/${formId}/submissions`,
    );
    // Respondent text is escaped in the HTML part.
    expect(mail.raw).toContain('Survey &lt;');
  });

  it("follows the owner's setting when the form has none", async () => {
    const { owner, formId } = await setup({ perForm: null, ownerSetting: false });
    await submit(formId, { f_name: 'Quiet' });
    expect(mailsTo(owner)).toHaveLength(0);
  });

  it("lets the form's own switch win over the owner's setting, both ways", async () => {
    const on = await setup({ perForm: true, ownerSetting: false });
    await submit(on.formId, { f_name: 'Loud' });
    await smtp.waitForMail(on.owner.email, /Full name: Loud/);
    const off = await setup({ perForm: false, ownerSetting: true });
    await submit(off.formId, { f_name: 'Muted' });
    expect(mailsTo(off.owner)).toHaveLength(0);
  });

  it('is turned on and off from the submissions settings call', async () => {
    const { owner, formId } = await setup({ perForm: null, ownerSetting: true });
    const put = await app.inject({
      method: 'PUT',
      url: `/api/form-submissions/forms/${formId}/settings`,
      headers: owner.auth,
      payload: { email_notifications: false },
    });
    expect(put.statusCode).toBe(200);
    await submit(formId, { f_name: 'First' });
    expect(mailsTo(owner)).toHaveLength(0);
    await app.inject({
      method: 'PUT',
      url: `/api/form-submissions/forms/${formId}/settings`,
      headers: owner.auth,
      payload: { email_notifications: true },
    });
    await submit(formId, { f_name: 'Second' });
    const mail = await smtp.waitForMail(owner.email);
    expect(mail.raw).toContain('Full name: Second');
    expect(mailsTo(owner)).toHaveLength(1);
  });
});
