import { randomUUID } from 'node:crypto';
import { normalizeFields } from '@formsmith/core/forms/read-field';
import { ANSWERS_HIDDEN } from '@formsmith/core/workspaces/viewer-answers';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { workspaceMembers } from '../src/db/schema.ts';
import { rebuildFormStats } from '../src/modules/submissions/index.ts';
import { dbKind } from './helpers/app.ts';
import { createTeam, placeForm } from './helpers/teams.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';
import { createTestForm, insertSubmissions, TEST_FIELDS, wireField } from './submissions-fixtures.ts';

type Operation = { 'x-required-role'?: string; 'x-reveals-answers'?: boolean };

describe(`a form that shows its viewers only counts (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let workspaceId: number;
  let formId: number;
  let ids: string[];

  const base = () => `/api/form-submissions/forms/${formId}`;
  const call = (
    headers: Record<string, string>,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: object,
  ) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  /** The error code of an answer, or null for a success or a download. */
  const codeOf = (res: Awaited<ReturnType<typeof call>>): string | null =>
    String(res.headers['content-type']).includes('json') ? (res.json().code ?? null) : null;
  const setViewerAnswers = (user: TestUser, viewer_answers: boolean) =>
    call(user.auth, 'PUT', `/api/forms/${formId}/viewer-access`, { viewer_answers });
  /** Every route that shows answers, with the ids of a stored submission. */
  const answerRoutes = () => [
    `${base()}/submissions`,
    `${base()}/submissions?search=Ada`,
    `${base()}/submissions?status=incomplete`,
    `${base()}/submissions/${ids[0]}`,
    `${base()}/submissions/${ids[0]}/comments`,
    `${base()}/submissions/${ids[0]}/files/${randomUUID()}`,
    `${base()}/submissions/${ids[0]}/export?format=json`,
    `${base()}/export?format=csv`,
    `${base()}/export?format=xlsx`,
    `${base()}/export?format=json`,
    `/api/forms/${formId}/submissions`,
  ];
  const countRoutes = () => [
    `/api/analytics/forms/${formId}`,
    `/api/forms/${formId}/access`,
    `/api/forms/${formId}`,
    `${base()}/settings`,
    `${base()}/members`,
  ];

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
    editor = await createTestUser(app, { name: 'Ed Editor' });
    viewer = await createTestUser(app, { name: 'Vic Viewer' });
    stranger = await createTestUser(app, { name: 'Stan Stranger' });
    workspaceId = await createTeam(app, {
      owner,
      name: 'Clinic',
      members: [
        [editor, 'editor'],
        [viewer, 'viewer'],
      ],
    });
    const fields = [...TEST_FIELDS, ...normalizeFields([wireField('f_age', 'Age', 'number')])];
    formId = await createTestForm(app, owner.id, { title: 'Intake', fields });
    await placeForm(app, formId, workspaceId);
    ids = await insertSubmissions(app, formId, [
      { data: { f_name: 'Ada Lovelace', f_topics: ['apples'], f_age: 36 } },
      { data: { f_name: 'Alan Turing', f_topics: ['bananas'], f_age: 41 } },
    ]);
    await rebuildFormStats(app.db, app.keyring, formId);
  });
  afterAll(() => app.close());

  it('shows answers to viewers until an editor switches the form to counts only, and notes the change', async () => {
    const access = await call(viewer.auth, 'GET', `/api/forms/${formId}/access`);
    expect(access.json()).toEqual({ workspace_id: workspaceId, role: 'viewer', viewer_answers: true });
    expect((await call(viewer.auth, 'GET', `${base()}/submissions`)).statusCode).toBe(200);

    const refused = await setViewerAnswers(viewer, false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN_ROLE');
    const set = await setViewerAnswers(editor, false);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ viewer_answers: false });
    expect((await call(editor.auth, 'GET', `/api/forms/${formId}/access`)).json().viewer_answers).toBe(false);

    const [entry] = await queryRows<{ action: string; actor_id: string; details: unknown }>(
      app.db,
      sql`select action, actor_id, details from audit_events
          where workspace_id = ${workspaceId} and target_id = ${String(formId)} order by id desc limit 1`,
    );
    expect(entry).toEqual({
      action: 'form.settings_changed',
      actor_id: editor.id,
      details: { section: 'viewer_access', viewer_answers: false },
    });
    const invalid = await call(editor.auth, 'PUT', `/api/forms/${formId}/viewer-access`, {});
    expect(invalid.statusCode).toBe(400);
  });

  it('refuses a viewer every route that shows answers, with ANSWERS_HIDDEN, and keeps the counts readable', async () => {
    await setViewerAnswers(owner, false);
    for (const url of answerRoutes()) {
      const res = await call(viewer.auth, 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ error: ANSWERS_HIDDEN.message, code: 'ANSWERS_HIDDEN' });
    }
    for (const url of countRoutes()) {
      expect((await call(viewer.auth, 'GET', url)).statusCode, url).toBe(200);
    }
    const report = (await call(viewer.auth, 'GET', `/api/analytics/forms/${formId}`)).json();
    expect(report.total_submissions).toBe(2);
    const byField = (id: string) =>
      report.field_analytics.find((f: { field_id: string }) => f.field_id === id);
    // Counts per option stay; the numbers respondents typed do not.
    expect(byField('f_topics').answer_distribution).toEqual({ Apples: 1, Bananas: 1 });
    expect(byField('f_age')).toMatchObject({ response_count: 2, answer_distribution: {} });
    const full = (await call(editor.auth, 'GET', `/api/analytics/forms/${formId}`)).json();
    expect(
      full.field_analytics.find((f: { field_id: string }) => f.field_id === 'f_age').answer_distribution,
    ).toEqual({ '36': 1, '41': 1 });
  });

  it('leaves editors and above unaffected, and a stranger still gets the 404', async () => {
    await setViewerAnswers(owner, false);
    for (const user of [editor, owner]) {
      for (const url of answerRoutes()) {
        const res = await call(user.auth, 'GET', url);
        expect(codeOf(res), url).not.toBe('ANSWERS_HIDDEN');
        expect(res.statusCode, url).toBeLessThan(500);
      }
      expect((await call(user.auth, 'GET', `${base()}/submissions/${ids[0]}`)).json().data.f_name).toBe(
        'Ada Lovelace',
      );
    }
    for (const url of [...answerRoutes(), `/api/analytics/forms/${formId}`]) {
      const res = await call(stranger.auth, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error, url).toBe('Form not found');
    }
    expect((await setViewerAnswers(stranger, true)).statusCode).toBe(404);
  });

  it('finds none of its submissions in a viewer’s account search, and answers again once switched back', async () => {
    const search = async (user: TestUser) => {
      const res = await call(user.auth, 'GET', '/api/account/search?q=Lovelace');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().submissions as { form_id: number; snippet: string }[]).filter(
        (s) => s.form_id === formId,
      );
    };
    await setViewerAnswers(owner, false);
    expect(await search(viewer)).toEqual([]);
    expect((await search(editor)).map((s) => s.snippet)).toEqual(['Ada Lovelace']);

    await setViewerAnswers(owner, true);
    expect((await search(viewer)).map((s) => s.snippet)).toEqual(['Ada Lovelace']);
    for (const url of answerRoutes()) {
      expect(codeOf(await call(viewer.auth, 'GET', url)), url).not.toBe('ANSWERS_HIDDEN');
    }
    expect((await call(viewer.auth, 'GET', `${base()}/submissions/${ids[1]}`)).json().data.f_name).toBe(
      'Alan Turing',
    );
  });

  it("refuses a viewer's API key the same way", async () => {
    const member = await createTestUser(app, { name: 'Kim Keyholder' });
    await app.db.insert(workspaceMembers).values({ workspaceId, userId: member.id, role: 'admin' });
    const made = await call(member.auth, 'POST', `/api/account/api-keys?workspace_id=${workspaceId}`, {
      name: 'reporting',
      scopes: ['submissions:read'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = { authorization: `Bearer ${made.json().key}` };
    await app.db.execute(
      sql`update workspace_members set role = 'viewer' where workspace_id = ${workspaceId} and user_id = ${member.id}`,
    );
    await setViewerAnswers(owner, false);
    const list = await call(key, 'GET', `${base()}/submissions`);
    expect(list.statusCode).toBe(403);
    expect(list.json().code).toBe('ANSWERS_HIDDEN');
    expect(codeOf(await call(key, 'GET', `${base()}/export?format=csv`))).toBe('ANSWERS_HIDDEN');
    expect(codeOf(await call(key, 'GET', `/api/forms/${formId}/submissions`))).toBe('ANSWERS_HIDDEN');
    expect((await call(key, 'GET', `/api/analytics/forms/${formId}`)).statusCode).toBe(200);
    await setViewerAnswers(owner, true);
    expect((await call(key, 'GET', `${base()}/submissions`)).statusCode).toBe(200);
  });

  it('marks in the route table exactly the viewer routes of a form that a counts-only viewer is refused', async () => {
    await setViewerAnswers(owner, false);
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const viewerReads = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method, op]) => method === 'get' && op['x-required-role'] === 'viewer')
        .filter(() => path.includes('/forms/{id}'))
        .map(([, op]) => ({ path, marked: op['x-reveals-answers'] === true })),
    );
    const wrong: string[] = [];
    for (const { path, marked } of viewerReads) {
      const url = path
        .replace('{id}', String(formId))
        .replace('{sid}', ids[0]!)
        .replace(/\{\w+\}/g, () => randomUUID());
      const res = await call(viewer.auth, 'GET', url);
      const hidden = res.statusCode === 403 && codeOf(res) === 'ANSWERS_HIDDEN';
      if (hidden !== marked) wrong.push(`${path}: ${res.statusCode} (marked ${marked})`);
    }
    expect(wrong).toEqual([]);
    expect(viewerReads.filter((r) => r.marked).map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/api/forms/{id}/submissions',
        '/api/form-submissions/forms/{id}/submissions',
        '/api/form-submissions/forms/{id}/submissions/{sid}',
        '/api/form-submissions/forms/{id}/submissions/{sid}/comments',
        '/api/form-submissions/forms/{id}/submissions/{sid}/files/{uploadId}',
        '/api/form-submissions/forms/{id}/export',
        '/api/form-submissions/forms/{id}/submissions/{sid}/export',
      ]),
    );
  });
});
