import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formDailyStats, forms, submissions } from '../src/db/schema.ts';
import { purgeTrash } from '../src/modules/forms/trash-service.ts';
import {
  allExist,
  createFormWithFiles,
  expectAnalyticsExact,
  noneExist,
  submitAnswer,
  uploadPaths,
} from './deletion-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { countSubmissions, submissionCountColumn } from './intake-fixtures.ts';

const DAY = 86_400_000;

describe(`forms Trash: delete, restore, purge (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app);
    stranger = await createTestUser(app);
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user: TestUser = owner) =>
    app.inject({ method, url, headers: user.auth });
  const listedIds = async () =>
    ((await call('GET', '/api/forms')).json().forms as { id: number }[]).map((f) => f.id);
  const accountTotal = async () =>
    ((await call('GET', '/api/forms')).json().forms as { submissions: number }[]).reduce(
      (sum, f) => sum + f.submissions,
      0,
    );

  async function formWithAnswers() {
    const formId = await createFormWithFiles(app, owner);
    await submitAnswer(app, formId, { name: 'Ada', colour: 'red', file: 'cv of Ada' });
    await submitAnswer(app, formId, { name: 'Bob', colour: 'blue' });
    return formId;
  }

  it('states what a delete takes, moves the form to the Trash, and restores it with exact figures', async () => {
    const formId = await formWithAnswers();
    const before = await expectAnalyticsExact(app, owner, formId);
    const totalBefore = await accountTotal();

    const impact = await call('GET', `/api/forms/${formId}/delete-impact`);
    expect(impact.json()).toEqual({ submissions: 2, files: 1 });

    expect((await call('DELETE', `/api/forms/${formId}`)).statusCode).toBe(204);
    expect(await listedIds()).not.toContain(formId);
    expect(await accountTotal()).toBe(totalBefore - 2);
    const trash = (await call('GET', '/api/forms/trash')).json();
    const entry = trash.forms.find((f: { id: number }) => f.id === formId);
    expect(entry).toMatchObject({ submissions: 2, files: 1 });
    expect(Date.parse(entry.purge_at) - Date.parse(entry.deleted_at)).toBe(30 * DAY);

    // Respondents and the owner's other calls see a missing form; the answers are kept.
    const pub = await app.inject({ method: 'GET', url: `/api/forms/${formId}` });
    expect(pub.statusCode).toBe(404);
    const late = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { data: { name: 'Late', _formLoadTime: Date.now() - 10_000 } },
    });
    expect(late.statusCode).toBe(404);
    expect((await call('GET', `/api/forms/${formId}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/form-submissions/forms/${formId}/submissions`)).statusCode).toBe(404);
    expect(await countSubmissions(app, formId)).toBe(2);
    // Deleting twice is a miss.
    expect((await call('DELETE', `/api/forms/${formId}`)).statusCode).toBe(404);

    const restored = await call('POST', `/api/forms/${formId}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ id: formId, submissions: 2, is_published: true });
    expect(await listedIds()).toContain(formId);
    expect(await accountTotal()).toBe(totalBefore);
    expect(await expectAnalyticsExact(app, owner, formId)).toEqual(before);
    expect((await app.inject({ method: 'GET', url: `/api/forms/${formId}` })).statusCode).toBe(200);
    expect((await call('POST', `/api/forms/${formId}/restore`)).statusCode).toBe(404);
  });

  it('purges forms trashed more than 30 days ago with their submissions, aggregates and files', async () => {
    const old = await formWithAnswers();
    const recent = await formWithAnswers();
    const oldFiles = await uploadPaths(app, old);
    const recentFiles = await uploadPaths(app, recent);
    expect(allExist([...oldFiles, ...recentFiles])).toBe(true);
    await call('DELETE', `/api/forms/${old}`);
    await call('DELETE', `/api/forms/${recent}`);
    await app.db
      .update(forms)
      .set({ deletedAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(forms.id, old));

    expect(await purgeTrash(app)).toBeGreaterThanOrEqual(1);
    expect(await app.db.select().from(forms).where(eq(forms.id, old))).toEqual([]);
    expect(await countSubmissions(app, old)).toBe(0);
    expect(await submissionCountColumn(app, old)).toBe(0);
    const [stats] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(formDailyStats)
      .where(eq(formDailyStats.formId, old));
    expect(Number(stats!.n)).toBe(0);
    expect(noneExist(oldFiles)).toBe(true);
    // A form trashed yesterday stays, files and all.
    expect(await countSubmissions(app, recent)).toBe(2);
    expect(allExist(recentFiles)).toBe(true);
    const trash = (await call('GET', '/api/forms/trash')).json();
    expect(trash.forms.map((f: { id: number }) => f.id)).toContain(recent);
    expect(trash.forms.map((f: { id: number }) => f.id)).not.toContain(old);
  });

  it('deletes for good at once with permanent=true, from the Trash or not', async () => {
    const live = await formWithAnswers();
    const files = await uploadPaths(app, live);
    expect((await call('DELETE', `/api/forms/${live}?permanent=true`)).statusCode).toBe(204);
    expect(await countSubmissions(app, live)).toBe(0);
    expect(await app.db.select().from(submissions).where(eq(submissions.formId, live))).toEqual([]);
    expect(noneExist(files)).toBe(true);
    expect(
      (await call('GET', '/api/forms/trash')).json().forms.map((f: { id: number }) => f.id),
    ).not.toContain(live);

    const trashed = await formWithAnswers();
    await call('DELETE', `/api/forms/${trashed}`);
    expect((await call('DELETE', `/api/forms/${trashed}?permanent=true`)).statusCode).toBe(204);
    expect((await call('POST', `/api/forms/${trashed}/restore`)).statusCode).toBe(404);
  });

  it('answers 404 to a stranger on every Trash call and shows them nothing', async () => {
    const formId = await formWithAnswers();
    await call('DELETE', `/api/forms/${formId}`);
    for (const [method, url] of [
      ['POST', `/api/forms/${formId}/restore`],
      ['GET', `/api/forms/${formId}/delete-impact`],
      ['DELETE', `/api/forms/${formId}?permanent=true`],
      ['DELETE', `/api/forms/${formId}`],
    ] as const) {
      const res = await call(method, url, stranger);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await call('GET', '/api/forms/trash', stranger)).json()).toEqual({ forms: [] });
    expect(await countSubmissions(app, formId)).toBe(2);
    expect((await call('GET', '/api/forms/trash')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/forms/trash' })).statusCode).toBe(401);
  });
});
