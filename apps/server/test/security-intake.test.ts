import { randomBytes } from 'node:crypto';
import { normalizeFields } from '@formsmith/core/forms/read-field';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../src/db/schema.ts';
import { RATE_LIMITS } from '../src/plugins/rate-limits.ts';
import { dbKind } from './helpers/app.ts';
import { storedSubmissions } from './helpers/stored.ts';
import { createOwnerTestApp, createTestUser as createTestUserIn, type TestUser } from './helpers/users.ts';
import { createPublishedForm, findUpload, multipart, validData, wireField } from './intake-fixtures.ts';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), randomBytes(64)]);

const newIp = () => {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
};

describe(`security findings: respondents (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
  });
  afterAll(() => app.close());

  const submit = (formId: number, data: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { data },
      headers,
    });
  const storedData = async (id: string) => {
    const [row] = await storedSubmissions(app, eq(submissions.id, id));
    return row!.data;
  };

  describe('finding 10: respondents cannot set hidden or read-only fields', () => {
    const wireFields = [
      wireField({ id: 'name', label: 'Name', type: 'text' }),
      wireField({ id: 'source', label: 'Source', type: 'hidden', default_value: 'fixed' }),
      {
        ...wireField({ id: 'plan', label: 'Plan', type: 'text', default_value: 'basic' }),
        is_read_only: true,
      },
      { ...wireField({ id: 'ref', label: 'Ref', type: 'text', default_value: 'staff' }), is_hidden: true },
    ].map((f, position) => ({ ...f, position }));
    const fields = normalizeFields(wireFields);

    it("finding 10: hidden and read-only fields store the owner's value whatever is sent", async () => {
      const formId = await createPublishedForm(app, owner, { fields });
      const res = await submit(formId, {
        name: 'Ada',
        source: 'tampered',
        plan: 'enterprise',
        ref: 'x'.repeat(900_000),
        _formLoadTime: Date.now() - 10_000,
      });
      expect(res.statusCode).toBe(201);
      expect(await storedData(res.json().submission_id)).toEqual({
        name: 'Ada',
        source: 'fixed',
        plan: 'basic',
        ref: 'staff',
      });
    });

    it('a hidden field whose owner allows URL prefill stores the text the page sends, at most 2000 characters', async () => {
      const prefilled = normalizeFields(
        [
          wireField({ id: 'name', label: 'Name', type: 'text' }),
          {
            ...wireField({ id: 'source', label: 'Source', type: 'hidden', default_value: 'direct' }),
            prefill: { from_url: true, param: 'ref' },
          },
        ].map((f, position) => ({ ...f, position })),
      );
      const formId = await createPublishedForm(app, owner, { fields: prefilled });
      const sent = await submit(formId, {
        name: 'Ada',
        source: 'newsletter',
        _formLoadTime: Date.now() - 10_000,
      });
      expect(sent.statusCode).toBe(201);
      expect(await storedData(sent.json().submission_id)).toEqual({ name: 'Ada', source: 'newsletter' });
      // No value from the URL: the owner's default.
      const blank = await submit(formId, { name: 'Bo', source: '', _formLoadTime: Date.now() - 10_000 });
      expect(await storedData(blank.json().submission_id)).toEqual({ name: 'Bo', source: 'direct' });
      const tampered = await submit(formId, {
        name: 'Cy',
        source: { $gt: '' },
        _formLoadTime: Date.now() - 10_000,
      });
      expect(tampered.statusCode).toBe(422);
      expect(tampered.json().fields).toEqual({
        source: 'A value from the link must be text of at most 2000 characters',
      });
      const huge = await submit(formId, {
        name: 'Di',
        source: 'x'.repeat(2001),
        _formLoadTime: Date.now() - 10_000,
      });
      expect(huge.statusCode).toBe(422);
      // A prefilled value alone is not an answer.
      const alone = await submit(formId, { source: 'newsletter', _formLoadTime: Date.now() - 10_000 });
      expect(alone.statusCode).toBe(400);
    });

    it("finding 10: data of unknown keys only is refused with 'Form data is required'", async () => {
      const formId = await createPublishedForm(app, owner, { fields });
      const res = await submit(formId, { nope: 'x', other: 'y', _formLoadTime: Date.now() - 10_000 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Form data is required', code: 'BAD_REQUEST' });
      // Only hidden values (which the owner sets) do not make a submission either.
      const hiddenOnly = await submit(formId, { source: 'fixed', _formLoadTime: Date.now() - 10_000 });
      expect(hiddenOnly.statusCode).toBe(400);
    });
  });

  describe('finding 11: access codes', () => {
    const putSharing = (formId: number, body: object) =>
      app.inject({ method: 'PUT', url: `/api/forms/${formId}/sharing`, headers: owner.auth, payload: body });

    it('finding 11: an access code needs at least 4 characters', async () => {
      const formId = await createPublishedForm(app, owner);
      const res = await putSharing(formId, { access_restriction: 'password', access_code: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ access_code: 'The access code must be at least 4 characters' });
      expect(
        (await putSharing(formId, { access_restriction: 'password', access_code: 'abcd' })).statusCode,
      ).toBe(200);
    });

    describe('with the real limits', () => {
      let limited: FastifyInstance;
      let gated: number;
      beforeAll(async () => {
        ({ app: limited } = await createOwnerTestApp({ env: { RATE_LIMIT_FACTOR: '1' } }));
        const someone = await createTestUserIn(limited);
        gated = await createPublishedForm(limited, someone, {
          accessRestriction: 'password',
          accessCodeHash: await hash('open-sesame'),
        });
      });
      afterAll(() => limited.close());
      const view = (formId: number, code: string, ip: string) =>
        limited.inject({ method: 'GET', url: `/api/forms/${formId}?access_code=${code}`, remoteAddress: ip });

      it('finding 11: right codes never count against an address shared by many respondents', async () => {
        const ip = newIp();
        for (let i = 0; i < RATE_LIMITS.accessCode.max + 5; i++) {
          expect((await view(gated, 'open-sesame', ip)).statusCode).toBe(200);
        }
        // Wrong codes from that address do count, and stop it.
        for (let i = 0; i < RATE_LIMITS.accessCode.max; i++) {
          expect((await view(gated, 'guess', ip)).statusCode).toBe(403);
        }
        expect((await view(gated, 'guess', ip)).statusCode).toBe(429);
      });

      it('finding 11: wrong codes from many addresses put the form in a growing backoff', async () => {
        const someone = await createTestUserIn(limited);
        const formId = await createPublishedForm(limited, someone, {
          accessRestriction: 'password',
          accessCodeHash: await hash('open-sesame'),
        });
        for (let i = 0; i < RATE_LIMITS.accessCodeFailuresPerForm.free; i++) {
          expect((await view(formId, `guess-${i}`, newIp())).statusCode).toBe(403);
        }
        const blocked = await view(formId, 'another-guess', newIp());
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json().code).toBe('RATE_LIMITED');
        // Other forms are not affected.
        expect((await view(gated, 'open-sesame', newIp())).statusCode).toBe(200);
      });
    });
  });

  describe('finding 14: an Idempotency-Key belongs to one body', () => {
    it('finding 14: the same key with other answers is refused with 422 IDEMPOTENCY_KEY_REUSED', async () => {
      const formId = await createPublishedForm(app, owner);
      const headers = { 'idempotency-key': `reuse-${Date.now()}` };
      const first = await submit(formId, validData(), headers);
      expect(first.statusCode).toBe(201);
      const retry = await submit(formId, validData(), headers);
      expect(retry.statusCode).toBe(201);
      expect(retry.json().submission_id).toBe(first.json().submission_id);
      const other = await submit(formId, validData({ name: 'Somebody else' }), headers);
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({
        error: 'This Idempotency-Key was used for a different submission',
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
    });
  });

  describe('finding 15: uploads are checked by their content', () => {
    const fileForm = (accept: string[]) =>
      createPublishedForm(app, owner, {
        fields: normalizeFields([
          wireField({ id: 'doc', label: 'Document', type: 'file', rules: { accept } }),
        ]),
      });
    const upload = (formId: number, file: { filename: string; type: string; content: Buffer }) => {
      const body = multipart([
        { name: 'field_id', value: 'doc' },
        { name: 'file', ...file },
      ]);
      return app.inject({
        method: 'POST',
        url: `/api/form-submissions/forms/${formId}/uploads`,
        headers: body.headers,
        payload: body.payload,
        remoteAddress: newIp(),
      });
    };

    it('finding 15: a program named .pdf and claimed as a PDF is refused', async () => {
      const formId = await fileForm(['.pdf', 'application/pdf']);
      const res = await upload(formId, { filename: 'invoice.pdf', type: 'application/pdf', content: EXE });
      expect(res.statusCode).toBe(422);
      expect(res.json().fields).toEqual({ doc: 'This file type is not accepted' });
    });

    it('finding 15: text claimed as an image is refused; an image stores its detected type', async () => {
      const formId = await fileForm(['image/*']);
      const fake = await upload(formId, {
        filename: 'photo.png',
        type: 'image/png',
        content: Buffer.from('<script>alert(1)</script>'),
      });
      expect(fake.statusCode).toBe(422);
      const real = await upload(formId, {
        filename: 'photo.bin',
        type: 'application/x-anything',
        content: PNG,
      });
      expect(real.statusCode).toBe(201);
      expect(real.json().type).toBe('image/png');
      expect((await findUpload(app, real.json().upload_id))!.mimeType).toBe('image/png');
    });

    it('finding 15: plain text passes a text rule and is stored as text/plain', async () => {
      const formId = await fileForm(['.txt']);
      const res = await upload(formId, {
        filename: 'notes.txt',
        type: 'image/png',
        content: Buffer.from('hi'),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().type).toBe('text/plain');
    });
  });
});
