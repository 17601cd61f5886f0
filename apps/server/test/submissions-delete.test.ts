import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe(`deleting submissions (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app);
    stranger = await createTestUser(app);
  });
  afterAll(() => app.close());

  const base = (formId: number) => `/api/form-submissions/forms/${formId}/submissions`;
  const remove = (formId: number, sid: string, user: TestUser = owner) =>
    app.inject({ method: 'DELETE', url: `${base(formId)}/${sid}`, headers: user.auth });
  const bulk = (formId: number, ids: unknown, user: TestUser = owner) =>
    app.inject({ method: 'POST', url: `${base(formId)}/bulk-delete`, headers: user.auth, payload: { ids } });
  const listedTotal = async (formId: number) =>
    (await app.inject({ method: 'GET', url: base(formId), headers: owner.auth })).json().total as number;

  it('deletes one submission with its file, keeping counts and analytics exact', async () => {
    const formId = await createFormWithFiles(app, owner);
    const ada = await submitAnswer(app, formId, { name: 'Ada', colour: 'red', file: 'Ada' });
    await submitAnswer(app, formId, { name: 'Bob', colour: 'blue' });
    await submitAnswer(app, formId, { name: 'Cy', colour: 'red' });
    const files = await uploadPaths(app, formId);
    expect(allExist(files)).toBe(true);

    const res = await remove(formId, ada);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 1, files: 1 });
    expect(noneExist(files)).toBe(true);
    expect(await listedTotal(formId)).toBe(2);
    expect(await submissionCountColumn(app, formId)).toBe(2);
    const analytics = await expectAnalyticsExact(app, owner, formId);
    expect(analytics.total_submissions).toBe(2);
    const colour = analytics.field_analytics.find((f) => f.field_id === 'colour')!;
    expect(colour).toMatchObject({ response_count: 2, answer_distribution: { Blue: 1, Red: 1 } });

    // Gone means gone: a second delete and the detail view miss.
    expect((await remove(formId, ada)).statusCode).toBe(404);
    const detail = await app.inject({ method: 'GET', url: `${base(formId)}/${ada}`, headers: owner.auth });
    expect(detail.statusCode).toBe(404);
    expect((await remove(formId, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('deletes in bulk, skipping ids of other forms, with exact figures', async () => {
    const formId = await createFormWithFiles(app, owner);
    const other = await createFormWithFiles(app, owner);
    const ids = [
      await submitAnswer(app, formId, { name: 'A1', colour: 'red', file: 'one' }),
      await submitAnswer(app, formId, { name: 'A2', colour: 'blue', file: 'two' }),
      await submitAnswer(app, formId, { name: 'A3', colour: 'blue' }),
    ];
    const foreign = await submitAnswer(app, other, { name: 'B1', colour: 'red' });

    const res = await bulk(formId, [ids[0], ids[1], foreign, ids[0], 'junk']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 2, files: 2 });
    expect(await countSubmissions(app, formId)).toBe(1);
    expect(await listedTotal(formId)).toBe(1);
    expect(await countSubmissions(app, other)).toBe(1);
    expect((await expectAnalyticsExact(app, owner, formId)).total_submissions).toBe(1);
    expect((await expectAnalyticsExact(app, owner, other)).total_submissions).toBe(1);

    const empty = await bulk(formId, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_FAILED');
  });

  it('keeps figures exact for submissions that answered an older version', async () => {
    const formId = await createFormWithFiles(app, owner);
    const first = await submitAnswer(app, formId, { name: 'Old', colour: 'red' });
    // Version 2 drops the colour question: the old answer still counted against version 1.
    await app.inject({
      method: 'PUT',
      url: `/api/forms/${formId}`,
      headers: owner.auth,
      payload: {
        fields: [{ id: 'name', label: 'Name', field_type: 'text', type: 'text', validation_rules: {} }],
      },
    });
    await app.inject({ method: 'POST', url: `/api/forms/${formId}/publish`, headers: owner.auth });
    await submitAnswer(app, formId, { name: 'New', colour: 'blue' });
    expect((await remove(formId, first)).statusCode).toBe(200);
    expect((await expectAnalyticsExact(app, owner, formId)).total_submissions).toBe(1);
  });

  it('answers 404 to a stranger and deletes nothing', async () => {
    const formId = await createFormWithFiles(app, owner);
    const sid = await submitAnswer(app, formId, { name: 'Ada', colour: 'red' });
    expect((await remove(formId, sid, stranger)).statusCode).toBe(404);
    expect((await bulk(formId, [sid], stranger)).statusCode).toBe(404);
    expect(await countSubmissions(app, formId)).toBe(1);
  });
});
