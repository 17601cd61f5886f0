import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms, submissions } from '../src/db/schema.ts';
import { dbKind } from './helpers/app.ts';
import { storedSubmissions } from './helpers/stored.ts';
import { createOwnerTestApp, type TestUser } from './helpers/users.ts';
import {
  countSubmissions,
  createPublishedForm,
  submissionCountColumn,
  validData,
} from './intake-fixtures.ts';

describe(`respondent submit (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
  });
  afterAll(() => app.close());

  const submit = (formId: number | string, body: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      headers: { 'user-agent': 'IntakeTest/1.0', ...headers },
      payload: body as Record<string, unknown>,
    });

  it('stores a valid submission with its metadata and answers its id', async () => {
    const formId = await createPublishedForm(app, owner);
    const res = await submit(formId, {
      data: validData(),
      metadata: {
        referrer: 'https://example.com/page',
        analytics: {
          totalTimeSpent: 12.5,
          fieldInteractions: { name: { focuses: 2, timeSpent: 4 } },
          completed: true,
        },
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.submission_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.message).toEqual(expect.any(String));
    const [row] = await storedSubmissions(app, eq(submissions.id, body.submission_id));
    expect(row!.data).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      age: '36',
      code: 'ABC',
      digits: '123',
      colour: 'blue',
      secret: 'spring',
    });
    expect(row!.metadata).toMatchObject({
      userAgent: 'IntakeTest/1.0',
      referrer: 'https://example.com/page',
      analytics: {
        totalTimeSpent: 12.5,
        fieldInteractions: { name: { focuses: 2, timeSpent: 4 } },
        completed: true,
      },
    });
    expect(await submissionCountColumn(app, formId)).toBe(1);
  });

  it('drops keys that are not fields of the form, and answers of fields hidden by logic', async () => {
    const formId = await createPublishedForm(app, owner);
    const res = await submit(formId, {
      data: validData({ evil: 'x', __proto__x: 'y', why_red: 'not shown, colour is blue' }),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await storedSubmissions(app, eq(submissions.id, res.json().submission_id));
    expect(Object.keys(row!.data).sort()).toEqual([
      'age',
      'code',
      'colour',
      'digits',
      'email',
      'name',
      'secret',
    ]);
  });

  it.each([
    ['a required field is empty', { name: '' }, 'name', 'This field is required'],
    ['text is shorter than minLength', { name: 'A' }, 'name', 'Minimum length is 2 characters'],
    ['text is longer than maxLength', { name: 'A'.repeat(21) }, 'name', 'Maximum length is 20 characters'],
    ['a pattern fails with a custom error', { code: 'abc' }, 'code', 'Use three capital letters'],
    ['a pattern fails without a custom error', { digits: '12a' }, 'digits', 'Invalid format'],
    ['a number is below min', { age: '17' }, 'age', 'Minimum value is 18'],
    ['a number is above max', { age: 100 }, 'age', 'Maximum value is 99'],
    ['an email is malformed', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['a select answer is not an option', { colour: 'green' }, 'colour', 'Please choose one of the options'],
    ['a field shown by logic is required and empty', { colour: 'red' }, 'why_red', 'This field is required'],
    ['an answer is an object', { name: { nested: true } }, 'name', 'Invalid value'],
  ])('answers 422 when %s', async (_case, patch, fieldId, message) => {
    const formId = await createPublishedForm(app, owner);
    const res = await submit(formId, { data: validData(patch) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'Validation error', code: 'SUBMISSION_INVALID' });
    expect(res.json().fields[fieldId]).toBe(message);
    expect(await countSubmissions(app, formId)).toBe(0);
  });

  it('rejects empty or missing data with "Form data is required"', async () => {
    const formId = await createPublishedForm(app, owner);
    for (const body of [{ data: {} }, { metadata: {} }]) {
      const res = await submit(formId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Form data is required');
    }
    expect(await countSubmissions(app, formId)).toBe(0);
  });

  it.each([
    ['the honeypot is filled', () => ({ _honeypot: 'buy pills' })],
    ['the website decoy is filled', () => ({ website: 'http://spam.example' })],
    ['it comes within 3000 ms of the page load', () => ({ _formLoadTime: Date.now() - 1000 })],
  ])('answers like a success but stores nothing when %s', async (_case, patch) => {
    const formId = await createPublishedForm(app, owner);
    const res = await submit(formId, { data: validData(patch()) });
    expect(res.statusCode).toBe(201);
    expect(res.json().submission_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await countSubmissions(app, formId)).toBe(0);
    expect(await submissionCountColumn(app, formId)).toBe(0);
  });

  it('measures the time trap on the respondent clock, so a skewed clock is not dropped', async () => {
    const formId = await createPublishedForm(app, owner);
    const skew = 60_000; // the respondent's clock runs a minute ahead
    const loaded = Date.now() + skew - 5000;
    const res = await submit(formId, {
      data: validData({ _formLoadTime: loaded }),
      metadata: { timestamp: Date.now() + skew },
    });
    expect(res.statusCode).toBe(201);
    expect(await countSubmissions(app, formId)).toBe(1);
  });

  it('stores one row for retries with the same Idempotency-Key and answers the same id', async () => {
    const formId = await createPublishedForm(app, owner);
    const headers = { 'idempotency-key': 'retry-key-1' };
    const first = await submit(formId, { data: validData() }, headers);
    const again = await Promise.all([
      submit(formId, { data: validData() }, headers),
      submit(formId, { data: validData() }, headers),
    ]);
    expect(first.statusCode).toBe(201);
    for (const res of again) {
      expect(res.statusCode).toBe(201);
      expect(res.json().submission_id).toBe(first.json().submission_id);
    }
    expect(await countSubmissions(app, formId)).toBe(1);
    expect(await submissionCountColumn(app, formId)).toBe(1);
    const other = await submit(formId, { data: validData() }, { 'idempotency-key': 'retry-key-2' });
    expect(other.json().submission_id).not.toBe(first.json().submission_id);
    expect(await countSubmissions(app, formId)).toBe(2);
  });

  it('answers 404 for an unpublished, a private, a missing or a non-numeric form', async () => {
    const unpublished = await createPublishedForm(app, owner, { isPublished: false, publishedAt: null });
    const hidden = await createPublishedForm(app, owner, { accessRestriction: 'private' });
    for (const id of [unpublished, hidden, 999_999_999, 'abc']) {
      const res = await submit(id, { data: validData() });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect(await countSubmissions(app, unpublished)).toBe(0);
    expect(await countSubmissions(app, hidden)).toBe(0);
  });

  it('answers 410 "This form has expired" past the expiration date', async () => {
    const formId = await createPublishedForm(app, owner, { expirationDate: new Date(Date.now() - 60_000) });
    const res = await submit(formId, { data: validData() });
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toBe('This form has expired');
    expect(await countSubmissions(app, formId)).toBe(0);
  });

  it('needs the right access code for a password form', async () => {
    const formId = await createPasswordForm(app, owner, 'open-sesame');
    const missing = await submit(formId, { data: validData() });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe('ACCESS_CODE_REQUIRED');
    const wrong = await submit(formId, { data: validData(), access_code: 'guess' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'ACCESS_CODE_INVALID', error: 'Incorrect access code' });
    expect(await countSubmissions(app, formId)).toBe(0);
    const right = await submit(formId, { data: validData(), access_code: 'open-sesame' });
    expect(right.statusCode).toBe(201);
    expect(await countSubmissions(app, formId)).toBe(1);
  });

  it('answers 413 for a body over the submission size limit', async () => {
    const formId = await createPublishedForm(app, owner);
    const res = await submit(formId, { data: validData({ name: 'x'.repeat(1024 * 1024 + 10) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(await countSubmissions(app, formId)).toBe(0);
  });

  it('answers 400, not 500, when data is not an object', async () => {
    const formId = await createPublishedForm(app, owner);
    const res = await submit(formId, { data: 'hello' });
    expect(res.statusCode).toBe(400);
  });

  it('keeps the form row unchanged apart from the submission count', async () => {
    const formId = await createPublishedForm(app, owner);
    const [before] = await app.db.select().from(forms).where(eq(forms.id, formId));
    await submit(formId, { data: validData() });
    const [after] = await app.db.select().from(forms).where(eq(forms.id, formId));
    expect({ ...after, submissionCount: 0 }).toEqual({ ...before, submissionCount: 0 });
  });
});

/** A published password form; the access code is set through the forms API as an owner would. */
async function createPasswordForm(app: FastifyInstance, owner: TestUser, code: string): Promise<number> {
  const formId = await createPublishedForm(app, owner);
  const res = await app.inject({
    method: 'PUT',
    url: `/api/forms/${formId}/sharing`,
    headers: owner.auth,
    payload: { access_restriction: 'password', access_code: code },
  });
  if (res.statusCode !== 200) throw new Error(`sharing update failed: ${res.statusCode} ${res.body}`);
  return formId;
}
