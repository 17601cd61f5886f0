import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, users } from '../src/db/schema.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
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
        payload: { title: 'Hello' },
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
      const mailsTo = async () =>
        app.db
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(eq(jobs.kind, 'mail.send'), sql`${jobs.payload}->>'to' = ${owner.email}`));
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
});
