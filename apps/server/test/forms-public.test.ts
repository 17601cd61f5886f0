import { randomInt } from 'node:crypto';
import { publicFormSchema } from '@formsmith/core/forms/form-wire';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../src/db/schema.ts';
import { loadPublicFormForSubmit } from '../src/modules/forms/public-access.ts';
import { createForm, publishForm, putSharing, uniqueSlug } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';

const PUBLIC_KEYS = [
  'access_restriction',
  'description',
  'display',
  'expiration_date',
  'fields',
  'id',
  'is_published',
  'language',
  'logic',
  'logo_url',
  // How the page looks: its theme, footer and "Powered by" (never an owner's saved-theme list).
  'look',
  'save_partials',
  'slug',
  'submit_button_text',
  'success_message',
  'theme_config',
  'title',
  'translations',
].sort();

describe(`public form view (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app);
    stranger = await createTestUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('shows a published public form to anonymous callers without owner data', async () => {
    const form = await createForm(app, owner, { slug: uniqueSlug() });
    await publishForm(app, owner, form.id);
    for (const url of [`/api/forms/${form.id}`, `/api/forms/shared/${form.sharing.slug}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(PUBLIC_KEYS);
      publicFormSchema.parse(body);
      expect(body).toMatchObject({
        id: form.id,
        title: form.title,
        fields: form.fields,
        is_published: true,
      });
      expect(res.body).not.toContain(owner.id);
    }
  });

  it('shows another signed-in user the public view, not the owner view', async () => {
    const form = await createForm(app, owner);
    await publishForm(app, owner, form.id);
    const res = await get(`/api/forms/${form.id}`, stranger.auth);
    expect(Object.keys(res.json()).sort()).toEqual(PUBLIC_KEYS);
  });

  it('answers 404 Form not found for unpublished, private and missing forms', async () => {
    const draft = await createForm(app, owner, { slug: uniqueSlug() });
    const privateForm = await createForm(app, owner, { slug: uniqueSlug(), access_restriction: 'private' });
    await publishForm(app, owner, privateForm.id);
    const urls = [
      `/api/forms/${draft.id}`,
      `/api/forms/shared/${draft.sharing.slug}`,
      `/api/forms/${privateForm.id}`,
      `/api/forms/shared/${privateForm.sharing.slug}`,
      '/api/forms/2147483000',
      '/api/forms/shared/no-such-form-slug',
      `/api/forms/shared/${'x'.repeat(90)}`,
    ];
    for (const url of urls) {
      for (const headers of [{}, stranger.auth]) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ error: 'Form not found', code: 'NOT_FOUND' });
      }
    }
  });

  it('lets the owner see an unpublished or private form through id and slug', async () => {
    const form = await createForm(app, owner, { slug: uniqueSlug(), access_restriction: 'private' });
    for (const url of [`/api/forms/${form.id}`, `/api/forms/shared/${form.sharing.slug}`]) {
      const res = await get(url, owner.auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(form);
    }
  });

  it('finds a numeric identifier through the shared lookup as an id', async () => {
    const form = await createForm(app, owner);
    await publishForm(app, owner, form.id);
    const res = await get(`/api/forms/shared/${form.id}`);
    expect(res.json().id).toBe(form.id);
  });

  it('answers 410 This form has expired after the expiration date', async () => {
    const form = await createForm(app, owner, { slug: uniqueSlug() });
    await publishForm(app, owner, form.id);
    await app.db
      .update(forms)
      .set({ expirationDate: new Date(Date.now() - 1000) })
      .where(eq(forms.id, form.id));
    for (const url of [`/api/forms/${form.id}`, `/api/forms/shared/${form.sharing.slug}`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ error: 'This form has expired', code: 'FORM_EXPIRED' });
    }
    expect((await get(`/api/forms/${form.id}`, owner.auth)).statusCode).toBe(200);
  });

  it('gates password forms: required, invalid, then the form, never leaking the code', async () => {
    const slug = uniqueSlug();
    const form = await createForm(app, owner, {
      slug,
      access_restriction: 'password',
      access_code: 'tulip-42',
    });
    await publishForm(app, owner, form.id);
    const missing = await get(`/api/forms/shared/${slug}`);
    expect(missing.statusCode).toBe(403);
    // The gate may show the title, and nothing else of the form.
    expect(missing.json()).toEqual({
      error: 'This form requires an access code',
      code: 'ACCESS_CODE_REQUIRED',
      fields: { form_title: form.title },
    });
    const wrong = await get(`/api/forms/shared/${slug}?access_code=rose`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({
      error: 'Incorrect access code',
      code: 'ACCESS_CODE_INVALID',
      fields: { form_title: form.title },
    });
    const right = await get(`/api/forms/${form.id}?access_code=tulip-42`);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ access_restriction: 'password' });
    expect(right.body).not.toContain('tulip-42');
    expect(right.body).not.toContain('argon2');
  });

  it('rate limits wrong access codes per IP', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_FACTOR: '0.1' } });
    try {
      const user = await createTestUser(limited);
      const form = await createForm(limited, user, { access_restriction: 'password', access_code: 'right' });
      await publishForm(limited, user, form.id);
      // Access-code windows live in the database: an address of its own keeps other files' hits out.
      const remoteAddress = `10.66.${randomInt(256)}.${randomInt(256)}`;
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await limited.inject({
          method: 'GET',
          url: `/api/forms/${form.id}?access_code=wrong`,
          remoteAddress,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([403, 403, 429]);
    } finally {
      await limited.close();
    }
  });

  describe('loadPublicFormForSubmit', () => {
    it('answers the row of a submittable form', async () => {
      const form = await createForm(app, owner, { access_restriction: 'password', access_code: 'pw-1' });
      await publishForm(app, owner, form.id);
      const row = await loadPublicFormForSubmit(app, { formId: form.id, accessCode: 'pw-1', ip: '10.0.0.1' });
      expect(row.id).toBe(form.id);
    });

    it('throws the AppError of each rule', async () => {
      const draft = await createForm(app, owner);
      const gated = await createForm(app, owner, { access_restriction: 'password', access_code: 'pw-2' });
      await publishForm(app, owner, gated.id);
      const expired = await createForm(app, owner);
      await publishForm(app, owner, expired.id);
      await app.db
        .update(forms)
        .set({ expirationDate: new Date(Date.now() - 1000) })
        .where(eq(forms.id, expired.id));
      const attempt = (formId: number, accessCode?: string) =>
        loadPublicFormForSubmit(app, { formId, accessCode, ip: '10.0.0.2' }).then(
          () => null,
          (e: { statusCode: number; code: string }) => [e.statusCode, e.code],
        );
      expect(await attempt(draft.id)).toEqual([404, 'NOT_FOUND']);
      expect(await attempt(0)).toEqual([404, 'NOT_FOUND']);
      expect(await attempt(9_999_999_999)).toEqual([404, 'NOT_FOUND']);
      expect(await attempt(expired.id)).toEqual([410, 'FORM_EXPIRED']);
      expect(await attempt(gated.id)).toEqual([403, 'ACCESS_CODE_REQUIRED']);
      expect(await attempt(gated.id, 'nope')).toEqual([403, 'ACCESS_CODE_INVALID']);
    });
  });

  it('stops showing a form once it is unpublished or made private', async () => {
    const form = await createForm(app, owner);
    await publishForm(app, owner, form.id);
    expect((await get(`/api/forms/${form.id}`)).statusCode).toBe(200);
    await putSharing(app, owner, form.id, { access_restriction: 'private' });
    expect((await get(`/api/forms/${form.id}`)).statusCode).toBe(404);
    await putSharing(app, owner, form.id, { access_restriction: 'public' });
    await app.inject({ method: 'POST', url: `/api/forms/${form.id}/unpublish`, headers: owner.auth });
    expect((await get(`/api/forms/${form.id}`)).statusCode).toBe(404);
  });
});
