import { attachPdfBlocksEncryption } from '@formsmith/core/crypto/api';
import { ATTACH_PDF_SEALED } from '@formsmith/core/form-settings/api';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.ts';
import { MAIL_JOB, openMail } from '../src/mail/mailer.ts';
import { REPORT_JOB } from '../src/modules/reports/index.ts';
import { makeFormKey, putEncryption } from './encryption-fixtures.ts';
import { dbKind } from './helpers/app.ts';
import { createMailTestApp, drainMails } from './helpers/mail-app.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { mailAttachments, type TestSmtpServer } from './helpers/smtp.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createPublishedForm, validData } from './intake-fixtures.ts';

describe(`the response as a PDF in mails (${dbKind})`, () => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let close: () => Promise<void>;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    ({ app, smtp, close } = await createMailTestApp());
    owner = await createTestUser(app, { name: 'Olive Owner' });
    stranger = await createTestUser(app);
  });
  afterAll(() => close());

  const put = (user: TestUser, url: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url, headers: user.auth, payload });
  const confirmation = (extra: Record<string, unknown>) => ({
    enabled: true,
    email_field_id: 'email',
    subject: 'Thanks {{name}}',
    message: 'We have your answers.',
    include_answers: false,
    ...extra,
  });
  let respondents = 0;
  const submit = (formId: number, data: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      remoteAddress: `10.8.0.${++respondents}`,
      payload: { data: validData(data), metadata: {} },
    });

  it('is off until the owner turns it on, for the notification and the confirmation separately', async () => {
    const formId = await createPublishedForm(app, owner, { title: 'Board application' });
    const settings = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/settings`,
      headers: owner.auth,
    });
    expect(settings.json()).toMatchObject({ attach_pdf: false });
    const saved = await put(owner, `/api/forms/${formId}/confirmation`, confirmation({}));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().attach_pdf).toBe(false);

    await submit(formId, { name: 'Nina', email: 'nina@example.org' });
    const [notice] = await drainMails(
      { app, smtp },
      { to: owner.email, prefix: 'Board application', count: 1 },
    );
    const [thanks] = await drainMails(
      { app, smtp },
      { to: 'nina@example.org', prefix: 'Thanks Nina', count: 1 },
    );
    expect(mailAttachments(notice!)).toEqual([]);
    expect(mailAttachments(thanks!)).toEqual([]);

    // Only the notification's switch: the confirmation still goes without.
    const on = await put(owner, `/api/form-submissions/forms/${formId}/settings`, { attach_pdf: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ attach_pdf: true });
    await submit(formId, { name: 'Omar', email: 'omar@example.org' });
    const noticed = await drainMails(
      { app, smtp },
      { to: owner.email, prefix: 'Board application', count: 2 },
    );
    expect(mailAttachments(noticed[1]!).map((a) => a.filename)).toEqual(['Board application-2.pdf']);
    const [omar] = await drainMails(
      { app, smtp },
      { to: 'omar@example.org', prefix: 'Thanks Omar', count: 1 },
    );
    expect(mailAttachments(omar!)).toEqual([]);

    // A stranger can neither read nor change the switches.
    const theirs = await put(stranger, `/api/form-submissions/forms/${formId}/settings`, {
      attach_pdf: false,
    });
    expect(theirs.statusCode).toBe(404);
    const theirConfirmation = await put(stranger, `/api/forms/${formId}/confirmation`, confirmation({}));
    expect(theirConfirmation.statusCode).toBe(404);
    // Not a boolean: refused with the field named.
    const bad = await put(owner, `/api/forms/${formId}/confirmation`, confirmation({ attach_pdf: 'yes' }));
    expect(bad.statusCode).toBe(400);
  });

  it('makes the PDF when the mail is sent and attaches it to the notification and the confirmation', async () => {
    const formId = await createPublishedForm(app, owner, { title: 'Hiring: engineer' });
    expect(
      (await put(owner, `/api/form-submissions/forms/${formId}/settings`, { attach_pdf: true })).statusCode,
    ).toBe(200);
    const saved = await put(owner, `/api/forms/${formId}/confirmation`, confirmation({ attach_pdf: true }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().attach_pdf).toBe(true);

    const res = await submit(formId, { name: 'Priya', email: 'priya@example.org', code: 'QRS' });
    expect(res.statusCode, res.body).toBe(201);
    const submissionId = res.json().submission_id as string;
    // The submit queued the mails naming the submission; no PDF was made yet.
    const queued = await app.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.kind, MAIL_JOB), isNull(jobs.doneAt)));
    const pending = queued.map((j) => openMail(app.keyring, j.payload)).filter((m) => m.submissionPdf);
    expect(pending.map((m) => m.to).sort()).toEqual([owner.email, 'priya@example.org'].sort());
    for (const mail of pending) {
      expect(mail.submissionPdf?.submissionId).toBe(submissionId);
      expect(mail.attachments).toBeUndefined();
    }

    const [notice] = await drainMails(
      { app, smtp },
      { to: owner.email, prefix: 'Hiring: engineer', count: 1 },
    );
    const [thanks] = await drainMails(
      { app, smtp },
      { to: 'priya@example.org', prefix: 'Thanks Priya', count: 1 },
    );
    for (const mail of [notice!, thanks!]) {
      const [pdf] = mailAttachments(mail);
      expect(pdf?.filename).toBe('Hiring engineer-1.pdf');
      expect(pdf!.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = (await pdfText(pdf!.bytes)).text;
      expect(text).toContain('Hiring: engineer');
      expect(text).toContain('Priya');
      expect(text).toContain('QRS');
    }
  });

  it('refuses to turn on end-to-end encryption while a mail attaches the PDF, naming the setting', async () => {
    const formId = await createPublishedForm(app, owner, { title: 'Attaching' });
    const { formKey: key } = await makeFormKey();
    expect(
      (await put(owner, `/api/form-submissions/forms/${formId}/settings`, { attach_pdf: true })).statusCode,
    ).toBe(200);
    expect(
      (await put(owner, `/api/forms/${formId}/confirmation`, confirmation({ attach_pdf: true }))).statusCode,
    ).toBe(200);
    // A stranger learns nothing of the form, not even that it attaches PDFs.
    expect((await putEncryption(app, { formId, user: stranger, level: 'enhanced', key })).statusCode).toBe(
      404,
    );

    const both = await putEncryption(app, { formId, user: owner, level: 'enhanced', key });
    expect(both.statusCode).toBe(409);
    expect(both.json()).toMatchObject({
      code: 'ATTACH_PDF_ON',
      error: attachPdfBlocksEncryption(['notification', 'confirmation']),
      settings: ['notification', 'confirmation'],
    });
    expect(both.json().error).toContain('Attach the response as a PDF');

    expect(
      (await put(owner, `/api/form-submissions/forms/${formId}/settings`, { attach_pdf: false })).statusCode,
    ).toBe(200);
    const one = await putEncryption(app, { formId, user: owner, level: 'enhanced', key });
    expect(one.statusCode).toBe(409);
    expect(one.json()).toMatchObject({ code: 'ATTACH_PDF_ON', settings: ['confirmation'] });
    const encryption = await app.inject({
      method: 'GET',
      url: `/api/forms/${formId}/encryption`,
      headers: owner.auth,
    });
    expect(encryption.json().level).toBe('standard');

    // Nothing was switched off unasked: the confirmation still attaches its PDF until the owner says so.
    const stored = await app.inject({
      method: 'GET',
      url: `/api/forms/${formId}/confirmation`,
      headers: owner.auth,
    });
    expect(stored.json().attach_pdf).toBe(true);
    expect(
      (await put(owner, `/api/forms/${formId}/confirmation`, confirmation({ attach_pdf: false }))).statusCode,
    ).toBe(200);
    expect((await putEncryption(app, { formId, user: owner, level: 'enhanced', key })).statusCode).toBe(200);
  });

  it('refuses the PDF for an end-to-end encrypted form, which the server cannot read', async () => {
    const formId = await createPublishedForm(app, owner, { title: 'Sealed' });
    const { formKey: key } = await makeFormKey();
    expect((await putEncryption(app, { formId, user: owner, level: 'enhanced', key })).statusCode).toBe(200);
    const notice = await put(owner, `/api/form-submissions/forms/${formId}/settings`, { attach_pdf: true });
    expect(notice.statusCode).toBe(409);
    expect(notice.json().error).toBe(ATTACH_PDF_SEALED);
    const thanks = await put(owner, `/api/forms/${formId}/confirmation`, confirmation({ attach_pdf: true }));
    expect(thanks.statusCode).toBe(409);
    expect(thanks.json().error).toBe(ATTACH_PDF_SEALED);
    // Switching it off (or leaving it off) is fine.
    expect(
      (await put(owner, `/api/form-submissions/forms/${formId}/settings`, { attach_pdf: false })).statusCode,
    ).toBe(200);
  });
});

describe(`a PDF over the mail attachment cap (${dbKind})`, () => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let close: () => Promise<void>;

  // The cap the server reads from its environment, set tiny so that any PDF is over it.
  beforeAll(async () => {
    ({ app, smtp, close } = await createMailTestApp({ env: { MAIL_ATTACHMENT_MAX_BYTES: '1000' } }));
  });
  afterAll(() => close());

  it('sends the mail without it, saying so with a link to the app', async () => {
    const owner = await createTestUser(app);
    const formId = await createPublishedForm(app, owner, { title: 'Big answers' });
    const on = await app.inject({
      method: 'PUT',
      url: `/api/form-submissions/forms/${formId}/settings`,
      headers: owner.auth,
      payload: { attach_pdf: true },
    });
    expect(on.statusCode).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { data: validData({ name: 'Quinn' }), metadata: {} },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await drainMails({ app, smtp }, { to: owner.email, prefix: 'Big answers', count: 1 });
    expect(mailAttachments(mail!)).toEqual([]);
    expect(mail!.raw).toContain('Big answers-1.pdf');
    expect(mail!.raw).toContain('is larger than a mail may carry');
    expect(mail!.raw).toContain(`${app.config.publicUrl}/forms/${formId}/submissions`);
  });

  it("sends a scheduled report's summary PDF the same way", async () => {
    const owner = await createTestUser(app, { name: 'Rae Report' });
    const formId = await createPublishedForm(app, owner, { title: 'Weekly intake' });
    const created = await app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/reports`,
      headers: owner.auth,
      payload: {
        format: 'pdf',
        frequency: 'weekly',
        weekday: 1,
        time: '08:00',
        time_zone: 'Europe/Paris',
        recipients: [owner.email],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json();
    const sent = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { data: validData({ name: 'Rita' }), metadata: {} },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await app.db.execute(
      sql`update jobs set run_at = now() where kind = ${REPORT_JOB} and done_at is null and payload->>'reportId' = ${report.id}`,
    );
    const [mail] = await drainMails(
      { app, smtp },
      { to: owner.email, prefix: 'Report: 1 new response', count: 1 },
    );
    expect(mail, 'the report mail').toBeDefined();
    expect(mailAttachments(mail!)).toEqual([]);
    expect(mail!.raw).toMatch(/weekly-intake-summary-[\d-]+\.pdf \(/);
    expect(mail!.raw).toContain('is larger than a mail may carry');
    expect(mail!.raw).toContain(`${app.config.publicUrl}/forms/${formId}/report`);
  });
});
