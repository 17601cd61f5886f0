import { normalizeFields } from '@formsmith/core/forms/read-field';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../src/db/schema.ts';
import { dbKind } from './helpers/app.ts';
import { createMailTestApp, drainMails } from './helpers/mail-app.ts';
import type { TestSmtpServer } from './helpers/smtp.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createPublishedForm, TEST_FIELDS, validData, wireField } from './intake-fixtures.ts';

describe(`respondent confirmation mail (${dbKind})`, () => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let close: () => Promise<void>;
  let owner: TestUser;

  beforeAll(async () => {
    // A factor of 0.2 leaves one confirmation per recipient and hour (five by default).
    ({ app, smtp, close } = await createMailTestApp({ env: { RATE_LIMIT_FACTOR: '0.2' } }));
    owner = await createTestUser(app);
  });
  afterAll(() => close());

  const configure = (formId: number, body: Record<string, unknown>) =>
    app.inject({
      method: 'PUT',
      url: `/api/forms/${formId}/confirmation`,
      headers: owner.auth,
      payload: body,
    });
  let respondents = 0;
  // Each from an address of its own: the lowered limits would otherwise stop a file of submits.
  const submit = (formId: number, data: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      remoteAddress: `10.9.${Math.floor(++respondents / 250)}.${respondents % 250}`,
      payload: { data: validData(data), metadata: {} },
    });

  it('mails the respondent once, with the recalled message and a copy of the answers', async () => {
    const formId = await createPublishedForm(app, owner, { title: 'Workshop sign-up' });
    const saved = await configure(formId, {
      enabled: true,
      email_field_id: 'email',
      subject: 'Thanks {{name}}!',
      message: 'Hello {{name}}, we saved your place.',
      include_answers: true,
    });
    expect(saved.statusCode).toBe(200);
    const res = await submit(formId, { name: 'Grace', email: 'grace@example.org', code: 'XYZ' });
    expect(res.statusCode).toBe(201);
    const [mail] = await drainMails(
      { app, smtp },
      { to: 'grace@example.org', prefix: 'Thanks Grace!', count: 1 },
    );
    expect(mail).toBeDefined();
    expect(mail!.raw).toContain('Hello Grace, we saved your place.');
    expect(mail!.raw).toContain('Your answers to "Workshop sign-up":');
    expect(mail!.raw).toContain('Code: XYZ');
    expect(smtp.mails.filter((m) => m.to.includes('grace@example.org'))).toHaveLength(1);
    // The owner's own notification is separate and still goes to the owner.
    await drainMails({ app, smtp }, { to: owner.email, prefix: 'New submission', count: 1 });
    expect(
      smtp.mails.some(
        (m) => m.to.includes(owner.email) && m.raw.includes('New submission: Workshop sign-up'),
      ),
    ).toBe(true);
  });

  it('writes to the respondent in the language they filled the form in', async () => {
    const formId = await createPublishedForm(app, owner, {
      title: 'Workshop',
      translations: {
        fr: {
          title: 'Atelier',
          'field.name.label': 'Nom',
          'confirmation.subject': 'Merci {{name}}',
          'confirmation.message': 'Bonjour {{name}}, votre place est réservée.',
        },
      },
    });
    await configure(formId, {
      enabled: true,
      email_field_id: 'email',
      subject: 'Thanks {{name}}',
      message: 'Hello {{name}}, your place is booked.',
      include_answers: true,
    });
    const res = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { lang: 'fr', data: validData({ name: 'Zoe', email: 'zoe@example.org' }), metadata: {} },
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await drainMails({ app, smtp }, { to: 'zoe@example.org', prefix: 'Merci Zoe', count: 1 });
    // The test server undoes quoted-printable byte by byte: read those bytes as UTF-8.
    const text = Buffer.from(mail!.raw, 'latin1').toString('utf8');
    expect(text).toContain('Bonjour Zoe, votre place est réservée.');
    expect(text).toContain('Vos réponses à « Atelier » :');
    expect(text).toContain('Nom: Zoe');
    // The untranslated label falls back to the form's own.
    expect(text).toContain('Code: ABC');
    expect(text).not.toContain('Your answers');
  });

  it('leaves the answers out when asked, sends nothing when off or without a valid address, and limits per recipient', async () => {
    const formId = await createPublishedForm(app, owner, { title: 'Short' });
    await configure(formId, {
      enabled: true,
      email_field_id: 'email',
      subject: 'Got it',
      message: 'Thank you.',
      include_answers: false,
    });
    await submit(formId, { email: 'ada@example.net' });
    const [mail] = await drainMails({ app, smtp }, { to: 'ada@example.net', prefix: 'Got it', count: 1 });
    expect(mail!.raw).not.toContain('Your answers');
    // A second one to the same address within the hour is over the (lowered) per-recipient limit.
    expect((await submit(formId, { email: 'ada@example.net' })).statusCode).toBe(201);
    await app.jobs.drain();
    expect(smtp.mails.filter((m) => m.to.includes('ada@example.net'))).toHaveLength(1);
    // No address given: nothing to send, the submission is still stored.
    expect((await submit(formId, { email: '' })).statusCode).toBe(201);
    await configure(formId, {
      enabled: false,
      email_field_id: 'email',
      subject: 'Got it',
      message: '',
      include_answers: false,
    });
    await submit(formId, { email: 'off@example.net' });
    await app.jobs.drain();
    expect(smtp.mails.filter((m) => m.to.includes('off@example.net'))).toHaveLength(0);
  });

  it('finding 9: one inbox is one recipient for the limit, and an address list is refused', async () => {
    const formId = await createPublishedForm(app, owner, { title: 'Inbox' });
    await configure(formId, {
      enabled: true,
      email_field_id: 'email',
      subject: 'Inbox check',
      message: 'Thank you.',
      include_answers: false,
    });
    expect((await submit(formId, { email: 'vera@example.net' })).statusCode).toBe(201);
    await drainMails({ app, smtp }, { to: 'vera@example.net', prefix: 'Inbox check', count: 1 });
    const list = await submit(formId, { email: 'vera@example.net,1' });
    expect(list.statusCode).toBe(422);
    expect(list.json().fields.email).toBe('Enter just one email address, like name@example.com');
    // Other spellings of the same inbox are within the same (lowered: one an hour) limit.
    for (const email of [' Vera@Example.NET ', 'vera+2@example.net', 'VERA+x@example.net']) {
      expect((await submit(formId, { email })).statusCode, email).toBe(201);
    }
    await app.jobs.drain();
    const toVera = smtp.mails.filter((m) => m.to.some((to) => /^vera(\+\w+)?@example\.net$/i.test(to)));
    expect(toVera).toHaveLength(1);
  });

  describe('finding 2: the confirmation goes only to an address the respondent typed', () => {
    const ATTACKER = 'collector@evil.example';
    const settings = {
      enabled: true,
      email_field_id: 'copy_to',
      subject: 'Your copy',
      message: 'Thanks.',
      include_answers: true,
    };
    /** A form whose extra email field holds the author's address: hidden, read-only or a default. */
    async function formWith(extra: Record<string, unknown>) {
      const fields = normalizeFields([
        ...TEST_FIELDS,
        {
          ...wireField({ id: 'copy_to', label: 'Copy to', type: 'email', default_value: ATTACKER }),
          ...extra,
        },
      ]);
      return createPublishedForm(app, owner, { title: 'Collector', fields });
    }

    it('finding 2: a hidden or read-only email field cannot be chosen as the recipient', async () => {
      for (const extra of [{ is_hidden: true }, { is_read_only: true }]) {
        const res = await configure(await formWith(extra), settings);
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
        expect(res.json().fields.email_field_id).toBe(
          'Choose an email field respondents fill in themselves (not hidden or read-only)',
        );
      }
    });

    it('finding 2: no mail to a hidden field’s default, a read-only value or a default left as it was', async () => {
      const ids: number[] = [];
      for (const extra of [{ is_hidden: true }, { is_read_only: true }, {}]) {
        const formId = await formWith(extra);
        // Set up as a form of before this rule would have been (the setting is refused today).
        await app.db.update(forms).set({ confirmation: settings }).where(eq(forms.id, formId));
        expect((await submit(formId, { copy_to: ATTACKER })).statusCode).toBe(201);
        ids.push(formId);
      }
      await app.jobs.drain();
      expect(smtp.mails.filter((m) => m.to.includes(ATTACKER))).toHaveLength(0);
      // What a respondent typed over the default is theirs, and is mailed.
      expect((await submit(ids[2]!, { copy_to: 'typed@example.org' })).statusCode).toBe(201);
      const mails = await drainMails(
        { app, smtp },
        { to: 'typed@example.org', prefix: 'Your copy', count: 1 },
      );
      expect(mails).toHaveLength(1);
    });
  });

  it('refuses a field that is not one of the form’s email fields', async () => {
    const formId = await createPublishedForm(app, owner);
    const res = await configure(formId, {
      enabled: true,
      email_field_id: 'name',
      subject: 'x',
      message: 'y',
      include_answers: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.email_field_id).toMatch(/email field/i);
    const noSubject = await configure(formId, {
      enabled: true,
      email_field_id: 'email',
      subject: '',
      message: '',
      include_answers: true,
    });
    expect(noSubject.statusCode).toBe(400);
  });
});
