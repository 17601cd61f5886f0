import { type WireForm, wireFormSchema } from '@formsmith/core/forms/form-wire';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, publishForm, putSharing, uniqueSlug } from './forms-fixtures.ts';
import { dbKind } from './helpers/app.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe(`forms sharing and publishing (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
  });
  afterAll(() => app.close());

  describe('PUT /api/forms/:id/sharing', () => {
    it('saves slug, restriction and expiry and answers share_url, published_at and share_count', async () => {
      const form = await createForm(app, owner);
      const slug = uniqueSlug();
      const res = await putSharing(app, owner, form.id, {
        slug,
        access_restriction: 'public',
        access_code: '',
        expiration_date: inDays(10),
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(wireFormSchema.parse(body).sharing).toEqual({
        slug,
        slug_only: false,
        access_restriction: 'public',
        has_access_code: false,
        expiration_date: `${inDays(10)}T23:59:59.999Z`,
        share_url: `http://localhost:3000/form/${slug}`,
        published_at: null,
        share_count: 0,
      });
      expect(body).toMatchObject({
        share_url: `http://localhost:3000/form/${slug}`,
        published_at: null,
        share_count: 0,
      });
    });

    it('accepts camelCase and lowercases the slug', async () => {
      const form = await createForm(app, owner);
      const slug = uniqueSlug('Camel');
      const res = await putSharing(app, owner, form.id, {
        slug,
        accessRestriction: 'private',
        expirationDate: null,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().sharing).toMatchObject({ slug: slug.toLowerCase(), access_restriction: 'private' });
    });

    it.each([
      [
        'ab',
        'The slug must be 3 to 60 characters of lowercase letters, digits and hyphens, starting and ending with a letter or digit',
      ],
      [
        'has space',
        'The slug must be 3 to 60 characters of lowercase letters, digits and hyphens, starting and ending with a letter or digit',
      ],
      [
        '-edge-',
        'The slug must be 3 to 60 characters of lowercase letters, digits and hyphens, starting and ending with a letter or digit',
      ],
      [
        'a'.repeat(61),
        'The slug must be 3 to 60 characters of lowercase letters, digits and hyphens, starting and ending with a letter or digit',
      ],
      [
        'é-form',
        'The slug must be 3 to 60 characters of lowercase letters, digits and hyphens, starting and ending with a letter or digit',
      ],
      ['12345', 'The slug cannot be only digits'],
    ])('rejects the slug %j', async (slug, message) => {
      const form = await createForm(app, owner);
      const res = await putSharing(app, owner, form.id, { slug, access_restriction: 'public' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: message, fields: { slug: message } });
    });

    it('answers 409 when the slug is taken by any form, and lets a form keep its own', async () => {
      const slug = uniqueSlug();
      const first = await createForm(app, owner);
      expect((await putSharing(app, owner, first.id, { slug })).statusCode).toBe(200);
      expect((await putSharing(app, owner, first.id, { slug })).statusCode).toBe(200);
      const stranger = await createTestUser(app);
      const second = await createForm(app, stranger);
      const res = await putSharing(app, stranger, second.id, { slug });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'This slug is already taken',
        code: 'CONFLICT',
        fields: { slug: 'This slug is already taken' },
      });
      const viaSave = await app.inject({
        method: 'POST',
        url: '/api/forms',
        headers: stranger.auth,
        payload: { slug },
      });
      expect(viaSave.statusCode).toBe(409);
    });

    it('clears the slug with an empty value', async () => {
      const form = await createForm(app, owner, { slug: uniqueSlug() });
      const res = await putSharing(app, owner, form.id, { slug: '' });
      expect(res.json().sharing).toMatchObject({
        slug: null,
        share_url: `http://localhost:3000/form/${form.id}`,
      });
    });

    it('requires an access code for password forms', async () => {
      const form = await createForm(app, owner);
      const res = await putSharing(app, owner, form.id, { access_restriction: 'password', access_code: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'Access code is required when the restriction is password',
        fields: { access_code: 'Access code is required when the restriction is password' },
      });
    });

    it('keeps a stored access code when none is resent, and drops it when leaving password', async () => {
      const form = await createForm(app, owner);
      const set = await putSharing(app, owner, form.id, {
        access_restriction: 'password',
        access_code: 'let-me-in',
      });
      expect(set.json().sharing.has_access_code).toBe(true);
      expect(set.body).not.toContain('let-me-in');
      const kept = await putSharing(app, owner, form.id, { access_restriction: 'password', access_code: '' });
      expect(kept.statusCode).toBe(200);
      expect(kept.json().sharing.has_access_code).toBe(true);
      const dropped = await putSharing(app, owner, form.id, { access_restriction: 'public' });
      expect(dropped.json().sharing).toMatchObject({ access_restriction: 'public', has_access_code: false });
      const again = await putSharing(app, owner, form.id, { access_restriction: 'password' });
      expect(again.statusCode).toBe(400);
    });

    it('rejects expiration dates in the past or that are not dates', async () => {
      const form = await createForm(app, owner);
      const past = await putSharing(app, owner, form.id, { expiration_date: inDays(-3) });
      expect(past.statusCode).toBe(400);
      expect(past.json().fields).toEqual({ expiration_date: 'The expiration date cannot be in the past' });
      const bad = await putSharing(app, owner, form.id, { expiration_date: 'someday' });
      expect(bad.json().fields).toEqual({ expiration_date: 'The expiration date is not a valid date' });
      const today = await putSharing(app, owner, form.id, { expiration_date: inDays(0) });
      expect(today.statusCode).toBe(200);
    });

    it('lets an unchanged past expiry be saved again with the form', async () => {
      const form = await createForm(app, owner);
      const { forms } = await import('../src/db/schema.ts');
      const { eq } = await import('drizzle-orm');
      const past = new Date(Date.now() - 10 * 86_400_000);
      await app.db.update(forms).set({ expirationDate: past }).where(eq(forms.id, form.id));
      const res = await app.inject({
        method: 'PUT',
        url: `/api/forms/${form.id}`,
        headers: owner.auth,
        payload: { title: 'Still here', expiration_date: past.toISOString() },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe('publish and unpublish', () => {
    it('publishes with published_at and unpublishes', async () => {
      const form = await createForm(app, owner);
      const published = await publishForm(app, owner, form.id);
      expect(published.is_published).toBe(true);
      expect(Date.parse(published.sharing.published_at!)).toBeGreaterThan(Date.now() - 60_000);
      const again = await publishForm(app, owner, form.id);
      expect(again.sharing.published_at).toBe(published.sharing.published_at);
      const res = await app.inject({
        method: 'POST',
        url: `/api/forms/${form.id}/unpublish`,
        headers: owner.auth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ is_published: false, sharing: { published_at: null } });
    });

    it('answers 404 for a missing form', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/forms/2147483000/publish',
        headers: owner.auth,
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('a form only its custom link opens (slug_only)', () => {
    const anonymous = (url: string) => app.inject({ method: 'GET', url });

    it('answers 404 on its numbered address exactly like a missing form, 200 on its slug', async () => {
      const slug = uniqueSlug('unlisted');
      const form = await createForm(app, owner, { slug });
      await publishForm(app, owner, form.id);
      expect((await anonymous(`/api/forms/${form.id}`)).statusCode).toBe(200);

      const res = await putSharing(app, owner, form.id, { slug_only: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().sharing).toMatchObject({ slug, slug_only: true });

      const missing = await anonymous('/api/forms/2147483000');
      for (const url of [`/api/forms/${form.id}`, `/api/forms/shared/${form.id}`]) {
        const byId = await anonymous(url);
        expect(byId.statusCode, url).toBe(404);
        expect(byId.json()).toEqual(missing.json());
      }
      const bySlug = await anonymous(`/api/forms/shared/${slug}`);
      expect(bySlug.statusCode).toBe(200);
      expect(bySlug.json()).toMatchObject({ id: form.id, slug });
      // Its owner still reads it by id (the editor does).
      const own = await app.inject({ method: 'GET', url: `/api/forms/${form.id}`, headers: owner.auth });
      expect(own.statusCode).toBe(200);
      expect(own.json().sharing.slug_only).toBe(true);
    });

    it('needs a slug: asking without one is refused, and taking the slug away opens the number again', async () => {
      const form = await createForm(app, owner);
      await publishForm(app, owner, form.id);
      const refused = await putSharing(app, owner, form.id, { slug_only: true });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields.slug_only).toMatch(/custom link first/);

      const slug = uniqueSlug('unlisted');
      const both = await putSharing(app, owner, form.id, { slug, slug_only: true });
      expect(both.statusCode, both.body).toBe(200);
      expect((await anonymous(`/api/forms/${form.id}`)).statusCode).toBe(404);

      const cleared = await putSharing(app, owner, form.id, { slug: '' });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json().sharing).toMatchObject({ slug: null, slug_only: false });
      expect((await anonymous(`/api/forms/${form.id}`)).statusCode).toBe(200);
    });
  });

  describe('POST /api/forms/:id/duplicate', () => {
    it('copies title with (Copy), fields and settings, unpublished and without slug', async () => {
      const form = await createForm(app, owner, {
        slug: uniqueSlug(),
        theme_config: { theme: 'forest' },
        submit_button_text: 'Go',
        access_restriction: 'password',
        access_code: 'secret-code',
      });
      await publishForm(app, owner, form.id);
      const res = await app.inject({
        method: 'POST',
        url: `/api/forms/${form.id}/duplicate`,
        headers: owner.auth,
      });
      expect(res.statusCode).toBe(201);
      const copy = res.json() as WireForm;
      wireFormSchema.parse(copy);
      expect(copy.id).not.toBe(form.id);
      expect(copy).toMatchObject({
        title: 'Customer feedback (Copy)',
        description: form.description,
        fields: form.fields,
        theme_config: { theme: 'forest' },
        submit_button_text: 'Go',
        is_published: false,
        submissions: 0,
        sharing: {
          slug: null,
          published_at: null,
          share_count: 0,
          access_restriction: 'password',
          has_access_code: true,
        },
      });
    });

    it('keeps the copy title within the title limit', async () => {
      const form = await createForm(app, owner, { title: 'T'.repeat(200) });
      const res = await app.inject({
        method: 'POST',
        url: `/api/forms/${form.id}/duplicate`,
        headers: owner.auth,
      });
      expect(res.json().title).toHaveLength(200);
      expect(res.json().title.endsWith(' (Copy)')).toBe(true);
    });
  });

  describe('POST /api/forms/:id/share-count', () => {
    it('counts copies of the share link', async () => {
      const form = await createForm(app, owner);
      await app.inject({ method: 'POST', url: `/api/forms/${form.id}/share-count`, headers: owner.auth });
      const res = await app.inject({
        method: 'POST',
        url: `/api/forms/${form.id}/share-count`,
        headers: owner.auth,
      });
      expect(res.json().sharing.share_count).toBe(2);
    });
  });
});
