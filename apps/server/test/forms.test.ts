import { toSavePayload } from '@formsmith/core/forms/api';
import { blankForm } from '@formsmith/core/forms/form';
import { type WireForm, wireFormSchema } from '@formsmith/core/forms/form-wire';
import { LIMITS } from '@formsmith/core/limits';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSubmissionCounts } from '../src/db/schema.ts';
import { findOwnedForm } from '../src/modules/forms/repository.ts';
import { createForm, samplePayload } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';

describe(`forms API (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app);
    other = await createTestUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  describe('POST /api/forms', () => {
    it('creates a form with the default title, texts and theme, and server field ids', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/forms',
        headers: owner.auth,
        payload: { fields: [{ type: 'radio' }] },
      });
      expect(res.statusCode).toBe(201);
      const form = res.json() as WireForm;
      wireFormSchema.parse(form);
      expect(form).toMatchObject({
        title: 'Untitled Form',
        description: '',
        logo_url: null,
        theme_config: { theme: 'default' },
        is_published: false,
        submit_button_text: 'Submit',
        success_message: 'Thank you for your submission!',
        submissions: 0,
        sharing: {
          slug: null,
          access_restriction: 'public',
          has_access_code: false,
          expiration_date: null,
          share_url: `http://localhost:3000/form/${form.id}`,
          published_at: null,
          share_count: 0,
        },
      });
      expect(form.fields).toHaveLength(1);
      expect(form.fields[0]).toMatchObject({
        label: 'Field 1',
        field_type: 'radio',
        type: 'radio',
        position: 0,
      });
      expect(form.fields[0]!.id).toMatch(/^f_[\w-]+$/);
      expect(form.fields[0]!.options).toEqual([{ id: 'option1', label: 'Option', value: 'option1' }]);
    });

    it('normalises fields: unknown types to text, options from choices, required from validation', async () => {
      const form = await createForm(app, owner, {
        fields: [
          { id: 'keep-me', label: 'Q1', type: 'hologram' },
          { label: 'Q2', fieldType: 'checkbox', choices: ['A', 'B'], validation: { required: true } },
        ],
      });
      expect(form.fields.map((f) => [f.id, f.type, f.is_required])).toEqual([
        ['keep-me', 'text', false],
        [expect.stringMatching(/^f_/), 'checkbox', true],
      ]);
      expect(form.fields[1]!.options!.map((o) => o.value)).toEqual(['A', 'B']);
      expect(form.fields[1]!.validation_rules.options).toEqual(form.fields[1]!.options);
    });

    it('accepts camelCase names', async () => {
      const form = await createForm(app, owner, {
        logoUrl: 'https://example.com/logo.png',
        themeConfig: { theme: 'ocean', accent: '#123456' },
        submitButtonText: 'Send it',
        successMessage: 'Got it',
      });
      expect(form).toMatchObject({
        logo_url: 'https://example.com/logo.png',
        theme_config: { theme: 'ocean', accent: '#123456' },
        submit_button_text: 'Send it',
        success_message: 'Got it',
      });
    });

    it('requires a signed-in user', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/forms', payload: samplePayload() });
      expect(res.statusCode).toBe(401);
    });

    it('rejects a blank title', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/forms',
        headers: owner.auth,
        payload: { title: '  ' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'Title is required',
        fields: { title: 'Title is required' },
      });
    });

    it.each([
      [
        'title',
        { title: 'x'.repeat(LIMITS.titleMaxLength + 1) },
        'title',
        `Title must be at most ${LIMITS.titleMaxLength} characters`,
      ],
      [
        'description',
        { description: 'x'.repeat(LIMITS.descriptionMaxLength + 1) },
        'description',
        `Description must be at most ${LIMITS.descriptionMaxLength} characters`,
      ],
      [
        'label',
        { fields: [{ label: 'x'.repeat(LIMITS.labelMaxLength + 1), type: 'text' }] },
        'fields.0.label',
        `A field label must be at most ${LIMITS.labelMaxLength} characters`,
      ],
      [
        'field count',
        { fields: Array.from({ length: LIMITS.maxFields + 1 }, () => ({ type: 'text', label: 'Q' })) },
        'fields',
        `A form can have at most ${LIMITS.maxFields} fields`,
      ],
      [
        'option count',
        {
          fields: [
            {
              type: 'select',
              label: 'Q',
              options: Array.from({ length: LIMITS.maxOptions + 1 }, (_, i) => `o${i}`),
            },
          ],
        },
        'fields.0.options',
        `A field can have at most ${LIMITS.maxOptions} options`,
      ],
      [
        'logo url scheme',
        { logo_url: 'javascript:alert(1)' },
        'logo_url',
        'The logo URL must start with http://, https:// or /',
      ],
    ])('rejects a too-large or unsafe %s with a clear 400', async (_name, payload, key, message) => {
      const res = await app.inject({ method: 'POST', url: '/api/forms', headers: owner.auth, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: message,
        code: 'VALIDATION_FAILED',
        fields: { [key]: message },
      });
    });

    it('saves invalid or unsupported regex patterns and names each when publishing', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/forms',
        headers: owner.auth,
        payload: {
          fields: [
            { label: 'Fine', type: 'text', validation_rules: { pattern: '^\\d+$' } },
            { label: 'Broken', type: 'text', validation_rules: { pattern: '[a-' } },
            { label: 'Lookahead', type: 'email', validation: { pattern: '(?=.*@)' } },
          ],
        },
      });
      expect(res.statusCode).toBe(201);
      const publish = await app.inject({
        method: 'POST',
        url: `/api/forms/${res.json().id}/publish`,
        headers: owner.auth,
      });
      expect(publish.statusCode).toBe(422);
      const body = publish.json();
      expect(Object.keys(body.fields)).toEqual(['fields.1.pattern', 'fields.2.pattern']);
      expect(body.fields['fields.1.pattern']).toMatch(/^This pattern is not a valid regular expression/);
      expect(body.fields['fields.2.pattern']).toBe(
        'This pattern is not supported: lookahead, lookbehind and backreferences are not allowed',
      );
      expect(body.problems.map((p: { label: string }) => p.label)).toEqual(['Broken', 'Lookahead']);
    });

    it('rejects malformed bodies without a 500', async () => {
      for (const payload of [
        { title: 5 },
        { fields: 'nope' },
        { fields: [1, 2] },
        { access_restriction: 'secret' },
      ]) {
        const res = await app.inject({ method: 'POST', url: '/api/forms', headers: owner.auth, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const res = await app.inject({
        method: 'POST',
        url: '/api/forms',
        headers: { ...owner.auth, 'content-type': 'application/json' },
        payload: '{not json',
      });
      expect(res.statusCode).toBe(400);
    });

    it('stores sharing settings from the save payload and never returns the access code', async () => {
      const form = await createForm(app, owner, {
        access_restriction: 'password',
        access_code: 'opensesame',
      });
      expect(form.sharing).toMatchObject({ access_restriction: 'password', has_access_code: true });
      expect(JSON.stringify(form)).not.toContain('opensesame');
      const row = await findOwnedForm(app.db, { formId: form.id, ownerId: owner.id });
      expect(row?.accessCodeHash).toMatch(/^\$argon2/);
    });
  });

  describe('GET /api/forms', () => {
    it('lists only the caller’s forms, most recently saved first, with counts', async () => {
      const user = await createTestUser(app);
      const a = await createForm(app, user, { title: 'A' });
      const b = await createForm(app, user, { title: 'B' });
      await app.inject({
        method: 'PUT',
        url: `/api/forms/${a.id}`,
        headers: user.auth,
        payload: { title: 'A2' },
      });
      const res = await app.inject({ method: 'GET', url: '/api/forms', headers: user.auth });
      expect(res.statusCode).toBe(200);
      const list = res.json().forms as {
        id: number;
        title: string;
        submissions: number;
        last_edited: string;
      }[];
      expect(list.map((f) => f.title)).toEqual(['A2', 'B']);
      expect(list.every((f) => f.submissions === 0 && !Number.isNaN(Date.parse(f.last_edited)))).toBe(true);
      expect(list.map((f) => f.id)).not.toContain(undefined);
      const others = await app.inject({ method: 'GET', url: '/api/forms', headers: other.auth });
      expect(others.json().forms.map((f: { id: number }) => f.id)).not.toContain(b.id);
    });

    it('carries the submission count of the form', async () => {
      const form = await createForm(app, owner);
      // Counters are sharded: the form shows the sum of its shards.
      await app.db.insert(formSubmissionCounts).values([
        { formId: form.id, shard: 0, count: 5 },
        { formId: form.id, shard: 9, count: 2 },
      ]);
      const res = await app.inject({ method: 'GET', url: '/api/forms', headers: owner.auth });
      expect(res.json().forms.find((f: { id: number }) => f.id === form.id).submissions).toBe(7);
    });

    it('requires a signed-in user', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/forms' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/forms/:id', () => {
    it('answers the owner with the full form even when unpublished', async () => {
      const created = await createForm(app, owner);
      const res = await app.inject({ method: 'GET', url: `/api/forms/${created.id}`, headers: owner.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(created);
    });

    it.each(['abc', '0', '-1', '99999999999', '2147483648'])('answers 404 for the id %s', async (id) => {
      const res = await app.inject({ method: 'GET', url: `/api/forms/${id}`, headers: owner.auth });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Form not found', code: 'NOT_FOUND' });
    });
  });

  describe('PUT /api/forms/:id', () => {
    it('replaces what is sent, keeps the rest and keeps field ids', async () => {
      const created = await createForm(app, owner);
      const [first, second] = created.fields;
      const res = await app.inject({
        method: 'PUT',
        url: `/api/forms/${created.id}`,
        headers: owner.auth,
        payload: {
          title: 'Renamed',
          fields: [second, { ...first, label: 'Full name' }, { label: 'New one', type: 'email' }],
        },
      });
      expect(res.statusCode).toBe(200);
      const form = wireFormSchema.parse(res.json());
      expect(form.title).toBe('Renamed');
      expect(form.description).toBe(created.description);
      expect(form.fields.map((f) => [f.id, f.label, f.position])).toEqual([
        [second!.id, 'Rating', 0],
        [first!.id, 'Full name', 1],
        [expect.stringMatching(/^f_/), 'New one', 2],
      ]);
      expect(Date.parse(form.last_edited)).toBeGreaterThanOrEqual(Date.parse(created.last_edited));
    });

    it('gives duplicated field ids a fresh id', async () => {
      const created = await createForm(app, owner, {
        fields: [
          { id: 'same', label: 'A', type: 'text' },
          { id: 'same', label: 'B', type: 'text' },
        ],
      });
      const ids = created.fields.map((f) => f.id);
      expect(ids[0]).toBe('same');
      expect(new Set(ids).size).toBe(2);
    });

    it('round-trips the save payload of core', async () => {
      const created = await createForm(app, owner);
      const { fields } = wireFormSchema.parse(created);
      const res = await app.inject({
        method: 'PUT',
        url: `/api/forms/${created.id}`,
        headers: owner.auth,
        payload: toSavePayload({ ...blankForm(created.title), fields }),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(wireFormSchema.parse(res.json()).fields).toEqual(fields);
    });

    it('rejects invalid input like POST', async () => {
      const created = await createForm(app, owner);
      const res = await app.inject({
        method: 'PUT',
        url: `/api/forms/${created.id}`,
        headers: owner.auth,
        payload: { fields: [{ label: 'x'.repeat(501), type: 'text' }] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(['fields.0.label']);
    });
  });

  describe('DELETE /api/forms/:id', () => {
    it('deletes the form', async () => {
      const created = await createForm(app, owner);
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/forms/${created.id}`,
        headers: owner.auth,
      });
      expect(res.statusCode).toBe(204);
      const after = await app.inject({ method: 'GET', url: `/api/forms/${created.id}`, headers: owner.auth });
      expect(after.statusCode).toBe(404);
      const again = await app.inject({
        method: 'DELETE',
        url: `/api/forms/${created.id}`,
        headers: owner.auth,
      });
      expect(again.statusCode).toBe(404);
    });
  });

  it('documents the forms routes in the OpenAPI description', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/forms',
      '/api/forms/{id}',
      '/api/forms/{id}/sharing',
      '/api/forms/shared/{slug}',
    ]) {
      expect(paths).toContain(path);
    }
  });

  describe('another owner', () => {
    const calls: [string, string, Record<string, unknown> | undefined][] = [
      ['GET', '', undefined],
      ['PUT', '', { title: 'Hijacked' }],
      ['DELETE', '', undefined],
      ['PUT', '/sharing', { access_restriction: 'public' }],
      ['POST', '/publish', undefined],
      ['POST', '/unpublish', undefined],
      ['POST', '/duplicate', undefined],
      ['POST', '/share-count', undefined],
    ];

    it.each(calls)('gets 404 for %s /api/forms/:id%s', async (method, suffix, payload) => {
      const created = await createForm(app, owner);
      const res = await app.inject({
        method: method as 'GET',
        url: `/api/forms/${created.id}${suffix}`,
        headers: other.auth,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Form not found', code: 'NOT_FOUND' });
      const still = await app.inject({ method: 'GET', url: `/api/forms/${created.id}`, headers: owner.auth });
      expect(still.json()).toEqual(created);
    });

    it.each(calls.filter(([method]) => method !== 'GET'))(
      'needs a sign-in for %s /api/forms/:id%s',
      async (method, suffix, payload) => {
        const created = await createForm(app, owner);
        const res = await app.inject({
          method: method as 'GET',
          url: `/api/forms/${created.id}${suffix}`,
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode).toBe(401);
      },
    );
  });
});
