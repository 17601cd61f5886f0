import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '../src/plugins/nul-guard.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { countSubmissions, createPublishedForm, validData } from './intake-fixtures.ts';

const NUL = '\u0000';

describe(`text input with a NUL character (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let formId: number;
  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app);
    formId = await createPublishedForm(app, owner);
  });
  afterAll(() => app.close());

  const refused = (field: string) => ({
    error: NUL_MESSAGE,
    code: 'VALIDATION_FAILED',
    fields: { [field]: NUL_MESSAGE },
  });

  it('a NUL in a slug answers 400 with a clear message, not a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/forms/shared/my%00form' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('slug'));
  });

  it('a NUL in metadata.referrer answers 400 naming it, and stores nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { data: validData(), metadata: { referrer: `https://example.com/${NUL}` } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('metadata.referrer'));
    expect(await countSubmissions(app, formId)).toBe(0);
  });

  it('a NUL in other text that reaches PostgreSQL answers 400: titles, names, addresses, searches, keys', async () => {
    const cases: { field: string; request: InjectOptions }[] = [
      {
        field: 'title',
        request: { method: 'POST', url: '/api/forms', headers: owner.auth, payload: { title: `T${NUL}` } },
      },
      {
        field: 'fields.0.label',
        request: {
          method: 'POST',
          url: '/api/forms',
          headers: owner.auth,
          payload: { title: 'T', fields: [{ id: 'a', type: 'text', field_type: 'text', label: `L${NUL}` }] },
        },
      },
      {
        field: 'title',
        request: {
          method: 'PUT',
          url: `/api/forms/${formId}`,
          headers: owner.auth,
          payload: { title: `T${NUL}` },
        },
      },
      {
        field: 'name',
        request: {
          method: 'POST',
          url: '/api/auth/register',
          payload: {
            name: `N${NUL}`,
            email: 'nul@example.com',
            password: 'correct horse battery',
            confirmPassword: 'correct horse battery',
            acceptTerms: true,
          },
        },
      },
      {
        field: 'email',
        request: {
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `a${NUL}@example.com`, password: 'x' },
        },
      },
      {
        field: 'email',
        request: { method: 'POST', url: '/api/auth/magic-link', payload: { email: `a${NUL}@example.com` } },
      },
      { field: 'q', request: { method: 'GET', url: '/api/account/search?q=a%00b', headers: owner.auth } },
      {
        field: 'name',
        request: {
          method: 'POST',
          url: '/api/account/api-keys',
          headers: owner.auth,
          payload: { name: `K${NUL}`, scopes: ['forms:read'] },
        },
      },
      {
        field: 'Idempotency-Key',
        request: {
          method: 'POST',
          url: `/api/form-submissions/forms/${formId}/submit`,
          payload: { data: validData() },
          headers: { 'idempotency-key': `k${NUL}` },
        },
      },
    ];
    for (const { field, request } of cases) {
      const res = await app.inject(request);
      expect({ url: request.url, status: res.statusCode, body: res.json() }).toEqual({
        url: request.url,
        status: 400,
        body: refused(field),
      });
    }
  });
});
