import { LIMITS } from '@formsmith/core/limits';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms, users } from '../src/db/schema.ts';
import { personalWorkspaceId } from '../src/modules/workspaces/index.ts';
import { RATE_LIMITS } from '../src/plugins/rate-limits.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { queuedMails } from './helpers/stored.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createPublishedForm, validData } from './intake-fixtures.ts';

describe(`security findings: forms (${dbKind})`, () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const setVerified = (user: TestUser, verified: boolean) =>
    app.db
      .update(users)
      .set({ emailVerifiedAt: verified ? new Date() : null })
      .where(eq(users.id, user.id));

  describe('finding 2: an unverified address cannot publish or receive notifications', () => {
    it('finding 2: publishing needs a verified email (403 EMAIL_NOT_VERIFIED), and works once verified', async () => {
      const owner = await createTestUser(app);
      await setVerified(owner, false);
      const created = await app.inject({
        method: 'POST',
        url: '/api/forms',
        headers: owner.auth,
        payload: { title: 'Hello', fields: [{ id: 'name', type: 'text', label: 'Your name' }] },
      });
      const id = created.json().id as number;
      const refused = await app.inject({
        method: 'POST',
        url: `/api/forms/${id}/publish`,
        headers: owner.auth,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: 'Verify your email address to publish forms.',
        code: 'EMAIL_NOT_VERIFIED',
      });
      const form = await app.inject({ method: 'GET', url: `/api/forms/${id}`, headers: owner.auth });
      expect(form.json().is_published).toBe(false);

      await setVerified(owner, true);
      const ok = await app.inject({ method: 'POST', url: `/api/forms/${id}/publish`, headers: owner.auth });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().is_published).toBe(true);
    });

    it('finding 2: no submission mail is queued for an owner whose address is unverified', async () => {
      const owner = await createTestUser(app);
      const formId = await createPublishedForm(app, owner);
      const mailsTo = async () => (await queuedMails(app)).filter((job) => job.mail.to === owner.email);
      const submit = () =>
        app.inject({
          method: 'POST',
          url: `/api/form-submissions/forms/${formId}/submit`,
          payload: { data: validData() },
        });

      expect((await submit()).statusCode).toBe(201);
      expect(await mailsTo()).toHaveLength(1);
      await setVerified(owner, false);
      // The submit path caches a form for a few seconds; a save forgets it.
      await app.inject({
        method: 'PUT',
        url: `/api/forms/${formId}`,
        headers: owner.auth,
        payload: { title: 'Intake test form' },
      });
      expect((await submit()).statusCode).toBe(201);
      expect(await mailsTo()).toHaveLength(1);
    });
  });

  describe('finding 6: forms cannot exhaust the server', () => {
    it('finding 6: the list carries a field count, never the fields', async () => {
      const owner = await createTestUser(app);
      const fields = Array.from({ length: 3 }, (_, i) => ({ type: 'text', label: `Question ${i}` }));
      const made = await app.inject({
        method: 'POST',
        url: '/api/forms',
        headers: owner.auth,
        payload: { title: 'Counted', fields },
      });
      expect(made.statusCode).toBe(201);
      const res = await app.inject({ method: 'GET', url: '/api/forms', headers: owner.auth });
      expect(res.statusCode).toBe(200);
      const [entry] = res.json().forms;
      expect(entry).toMatchObject({ id: made.json().id, title: 'Counted', field_count: 3 });
      expect(entry).not.toHaveProperty('fields');
      expect(res.body).not.toContain('Question 0');
    });

    it(`finding 6: an account holds at most ${LIMITS.maxFormsPerAccount} forms`, async () => {
      const owner = await createTestUser(app);
      const workspaceId = await personalWorkspaceId(app.db, owner.id);
      await app.db.insert(forms).values(
        Array.from({ length: LIMITS.maxFormsPerAccount - 1 }, (_, i) => ({
          ownerId: owner.id,
          workspaceId,
          title: `F${i}`,
        })),
      );
      const create = () =>
        app.inject({
          method: 'POST',
          url: '/api/forms',
          headers: owner.auth,
          payload: { title: 'One more' },
        });
      const last = await create();
      expect(last.statusCode).toBe(201);
      const over = await create();
      expect(over.statusCode).toBe(403);
      expect(over.json()).toEqual({
        error: `You have reached the limit of ${LIMITS.maxFormsPerAccount} forms. Delete a form to make room.`,
        code: 'LIMIT_REACHED',
      });
      const copy = await app.inject({
        method: 'POST',
        url: `/api/forms/${last.json().id}/duplicate`,
        headers: owner.auth,
      });
      expect(copy.statusCode).toBe(403);
    });

    it(`finding 6: a form holds at most ${LIMITS.maxFields} fields`, async () => {
      const owner = await createTestUser(app);
      const fields = Array.from({ length: LIMITS.maxFields + 1 }, (_, i) => ({
        type: 'text',
        label: `Q${i}`,
      }));
      const res = await app.inject({
        method: 'POST',
        url: '/api/forms',
        headers: owner.auth,
        payload: { fields },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.fields).toBe(`A form can have at most ${LIMITS.maxFields} fields`);
    });

    it(`finding 6: creating forms is rate-limited (${RATE_LIMITS.createForm.max} a minute per account)`, async () => {
      const limited = await createTestApp({ env: { RATE_LIMIT_FACTOR: '1' } });
      try {
        const owner = await createTestUser(limited);
        const create = () =>
          limited.inject({
            method: 'POST',
            url: '/api/forms',
            headers: owner.auth,
            payload: { title: 'Burst' },
          });
        for (let i = 0; i < RATE_LIMITS.createForm.max; i++) expect((await create()).statusCode).toBe(201);
        const over = await create();
        expect(over.statusCode).toBe(429);
        expect(over.json().code).toBe('RATE_LIMITED');
      } finally {
        await limited.close();
      }
    });
  });
});
