import { normalizeFields } from '@formsmith/core/forms/read-field';
import { type AnswerFilter, answerFilterParam } from '@formsmith/core/submissions/answer-filter';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { forms, submissions } from '../src/db/schema.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTeam, placeForm } from './helpers/teams.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createTestForm, insertSubmissions, wireField } from './submissions-fixtures.ts';

const FIELDS = normalizeFields([
  wireField('role', 'Role', 'radio', {
    options: [
      { id: 'd', label: 'Design', value: 'design' },
      { id: 's', label: 'Sales', value: 'sales' },
    ],
  }),
  wireField('years', 'Years', 'number'),
  wireField('notes', 'Notes', 'textarea'),
  wireField('cv', 'CV', 'file'),
  wireField('start', 'Start', 'date'),
]);

// Five applicants; the answers are sealed at rest as the intake stores them, but for #4's,
// stored clear as before encryption at rest: both kinds must be filtered alike.
const APPLICANTS = [
  { role: 'design', years: 2, notes: 'Loves type', start: '2026-01-05' },
  {
    role: 'sales',
    years: 9,
    notes: 'Ran a team at ACME',
    cv: [{ upload_id: 'u1', name: 'cv.pdf' }],
    start: '2026-02-01',
  },
  { role: 'design', years: 6, cv: [{ upload_id: 'u2', name: 'cv.pdf' }], start: '2026-03-15' },
  { role: 'sales', years: 4, notes: 'acme alumni' },
  { role: 'design', years: 12, notes: '', start: '2026-04-01' },
];

describe(`filters on answers and saved views (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let formId: number;
  let ids: string[];

  const base = () => `/api/form-submissions/forms/${formId}`;
  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
  const filtered = async (filter: AnswerFilter, extra = '') => {
    const query = new URLSearchParams({ sort: 'oldest', where: answerFilterParam(filter) });
    const res = await call(owner, 'GET', `${base()}/submissions?${query}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: { id: string }[]; total: number };
    const rows = body.items.map((i) => ids.indexOf(i.id));
    expect(body.total).toBe(rows.length);
    return rows;
  };
  const only = (rule: AnswerFilter['rules'][number]) => filtered({ join: 'and', rules: [rule] });

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app, { name: 'Olive Owner' });
    viewer = await createTestUser(app, { name: 'Vic Viewer' });
    stranger = await createTestUser(app, { name: 'Stan Stranger' });
    const workspaceId = await createTeam(app, { owner, name: 'Hiring', members: [[viewer, 'viewer']] });
    formId = await createTestForm(app, owner.id, { title: 'Applications', fields: FIELDS });
    await placeForm(app, formId, workspaceId);
    const at = Date.now() - 60_000;
    ids = await insertSubmissions(
      app,
      formId,
      APPLICANTS.map((data, i) => ({ data, sealed: i !== 3, createdAt: new Date(at + i * 1000) })),
    );
    // Quiz results, as the intake keeps them in the metadata.
    for (const [i, score] of [3, 8, 5, null, 10].entries()) {
      if (score === null) continue;
      await app.db
        .update(submissions)
        .set({ metadata: { quiz: { score, max: 10, passed: null } } })
        .where(eq(submissions.id, ids[i]!));
    }
  });
  afterAll(() => app.close());

  it('filters by choice is and is not, in sealed and clear answers alike', async () => {
    expect(await only({ op: 'is', field: 'role', values: ['sales'] })).toEqual([1, 3]);
    expect(await only({ op: 'is_not', field: 'role', values: ['sales'] })).toEqual([0, 2, 4]);
  });

  it('filters by a number range, text, a file, a date range and the score', async () => {
    expect(await only({ op: 'between', field: 'years', min: 4, max: 9 })).toEqual([1, 2, 3]);
    expect(await only({ op: 'between', field: 'years', min: 10 })).toEqual([4]);
    expect(await only({ op: 'contains', field: 'notes', text: 'AcMe' })).toEqual([1, 3]);
    expect(await only({ op: 'present', field: 'cv' })).toEqual([1, 2]);
    expect(await only({ op: 'dates', field: 'start', min: '2026-02-01', max: '2026-03-15' })).toEqual([1, 2]);
    expect(await only({ op: 'score', min: 5, max: 8 })).toEqual([1, 2]);
  });

  it('joins rules with AND or OR, and with the other filters and the search', async () => {
    const rules: AnswerFilter['rules'] = [
      { op: 'is', field: 'role', values: ['design'] },
      { op: 'between', field: 'years', min: 5 },
    ];
    expect(await filtered({ join: 'and', rules })).toEqual([2, 4]);
    expect(await filtered({ join: 'or', rules })).toEqual([0, 1, 2, 4]);
    expect(await filtered({ join: 'or', rules }, '&search=acme')).toEqual([1]);
  });

  it('pages through filtered rows with a total of every match', async () => {
    const query = new URLSearchParams({
      sort: 'oldest',
      limit: '2',
      where: answerFilterParam({ join: 'and', rules: [{ op: 'is', field: 'role', values: ['design'] }] }),
    });
    const first = await call(owner, 'GET', `${base()}/submissions?${query}`);
    expect(first.json().total).toBe(3);
    const second = await call(
      owner,
      'GET',
      `${base()}/submissions?${query}&after=${first.json().next_cursor}`,
    );
    expect(second.json().items.map((i: { id: string }) => ids.indexOf(i.id))).toEqual([4]);
    expect(second.json().next_cursor).toBeNull();
  });

  it('refuses a filter it cannot read with a 400 that says why', async () => {
    const bad = async (where: string) => {
      const res = await call(owner, 'GET', `${base()}/submissions?${new URLSearchParams({ where })}`);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error as string;
    };
    expect(await bad('{oops')).toMatch(/not readable JSON/);
    expect(await bad(JSON.stringify({ join: 'and', rules: [] }))).toMatch(/needs a rule/);
    expect(
      await bad(JSON.stringify({ join: 'and', rules: [{ op: 'between', field: 'years', min: 9, max: 1 }] })),
    ).toMatch(/lower bound is above/);
    expect(await bad(JSON.stringify({ join: 'and', rules: [{ op: 'near', field: 'years' }] }))).toMatch(
      /answer filter/,
    );
  });

  it('says an end-to-end encrypted form cannot be filtered on the server', async () => {
    const e2e = await createTestForm(app, owner.id, { title: 'Sealed', fields: FIELDS });
    await app.db.update(forms).set({ encryptionLevel: 'enhanced' }).where(eq(forms.id, e2e));
    const where = answerFilterParam({ join: 'and', rules: [{ op: 'present', field: 'cv' }] });
    const res = await call(
      owner,
      'GET',
      `/api/form-submissions/forms/${e2e}/submissions?${new URLSearchParams({ where })}`,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/end-to-end encrypted/);
  });

  it('keeps a stranger out of the filtered list and the saved views', async () => {
    const where = answerFilterParam({ join: 'and', rules: [{ op: 'present', field: 'cv' }] });
    expect(
      (await call(stranger, 'GET', `${base()}/submissions?${new URLSearchParams({ where })}`)).statusCode,
    ).toBe(404);
    expect((await call(stranger, 'GET', `${base()}/views`)).statusCode).toBe(404);
    const body = { name: 'Mine', shared: true, state: { columns: [], filter: null } };
    expect((await call(stranger, 'POST', `${base()}/views`, body)).statusCode).toBe(404);
  });

  it('saves, lists, changes and deletes views, shared with the team only when asked', async () => {
    const filter: AnswerFilter = { join: 'or', rules: [{ op: 'is', field: 'role', values: ['sales'] }] };
    const made = await call(owner, 'POST', `${base()}/views`, {
      name: '  Sales leads ',
      shared: false,
      state: { columns: ['field:role', 'meta:score'], filter },
    });
    expect(made.statusCode, made.body).toBe(201);
    const view = made.json();
    expect(view).toMatchObject({
      name: 'Sales leads',
      shared: false,
      mine: true,
      state: { columns: ['field:role', 'meta:score'], filter },
    });

    // Private: the viewer sees nothing, and cannot reach it by id.
    expect((await call(viewer, 'GET', `${base()}/views`)).json().views).toEqual([]);
    const reach = await call(viewer, 'PUT', `${base()}/views/${view.id}`, {
      name: 'x',
      shared: true,
      state: view.state,
    });
    expect(reach.statusCode).toBe(404);

    const shared = await call(owner, 'PUT', `${base()}/views/${view.id}`, {
      name: 'Sales leads',
      shared: true,
      state: view.state,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const seen = (await call(viewer, 'GET', `${base()}/views`)).json().views;
    expect(seen).toMatchObject([{ id: view.id, name: 'Sales leads', mine: false, state: { filter } }]);
    // Shared, but still its maker's to change.
    const taken = await call(viewer, 'DELETE', `${base()}/views/${view.id}`);
    expect(taken.statusCode).toBe(403);

    // A viewer keeps views of their own.
    const theirs = await call(viewer, 'POST', `${base()}/views`, {
      name: 'CVs',
      shared: false,
      state: { columns: [], filter: null },
    });
    expect(theirs.statusCode).toBe(201);
    expect(
      (await call(owner, 'GET', `${base()}/views`)).json().views.map((v: { name: string }) => v.name),
    ).toEqual(['Sales leads']);

    expect((await call(owner, 'DELETE', `${base()}/views/${view.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `${base()}/views`)).json().views).toEqual([]);
    expect((await call(owner, 'DELETE', `${base()}/views/${view.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `${base()}/views/not-an-id`)).statusCode).toBe(404);
  });

  it('refuses a view without a name or with a bad filter, and stores nothing', async () => {
    const noName = await call(owner, 'POST', `${base()}/views`, {
      name: ' ',
      shared: false,
      state: { columns: [], filter: null },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error).toMatch(/Name the view/);
    const crossed = await call(owner, 'POST', `${base()}/views`, {
      name: 'Broken',
      shared: false,
      state: { columns: [], filter: { join: 'and', rules: [{ op: 'score', min: 9, max: 1 }] } },
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().error).toMatch(/lower bound is above/);
    const [row] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from submission_views where name in (' ', 'Broken')`,
    );
    expect(row?.n).toBe(0);
  });

  it('renames a view for its maker only, keeping its filter, and refuses a blank name', async () => {
    const filter: AnswerFilter = {
      join: 'and',
      rules: [{ op: 'is_not', field: 'role', values: ['sales', 'design'] }],
    };
    const state = { columns: ['field:role'], filter };
    const made = await call(owner, 'POST', `${base()}/views`, { name: 'Other roles', shared: true, state });
    expect(made.statusCode, made.body).toBe(201);
    const url = `${base()}/views/${made.json().id}`;

    const renamed = await call(owner, 'PUT', url, { name: ' Neither role ', shared: true, state });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Neither role', shared: true, state });

    const blank = await call(owner, 'PUT', url, { name: '  ', shared: true, state });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatch(/Name the view/);
    // Neither the teammate (who sees it, shared) nor a stranger renames it.
    const byViewer = await call(viewer, 'PUT', url, { name: 'Mine now', shared: true, state });
    expect(byViewer.statusCode).toBe(403);
    expect((await call(stranger, 'PUT', url, { name: 'Mine now', shared: true, state })).statusCode).toBe(
      404,
    );
    expect((await call(stranger, 'DELETE', url)).statusCode).toBe(404);
    const listed = (await call(owner, 'GET', `${base()}/views`)).json().views;
    expect(listed).toMatchObject([{ name: 'Neither role', state }]);

    expect((await call(owner, 'DELETE', url)).statusCode).toBe(204);
  });
});
