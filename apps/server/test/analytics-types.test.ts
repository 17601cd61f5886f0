import type { FieldAnalytics, FieldAnswersPage, FormAnalytics } from '@formsmith/core/analytics/api';
import { normalizeFields } from '@formsmith/core/forms/read-field';
import { ANSWERS_HIDDEN } from '@formsmith/core/workspaces/viewer-answers';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '../src/modules/analytics/days.ts';
import { rebuildFormStats } from '../src/modules/submissions/index.ts';
import { dbKind } from './helpers/app.ts';
import { createTeam, placeForm } from './helpers/teams.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';
import { createTestForm, insertSubmissions, wireField } from './submissions-fixtures.ts';

// One form with a question of each type and a set of submissions whose figures are worked out by
// hand below: the report's per-type figures, the text answers' sample and search, and who may see them.

const rowsOf = (...labels: string[]) => labels.map((label) => ({ label, value: label.toLowerCase() }));
const FIELDS = normalizeFields([
  wireField('t_name', 'Name', 'text'),
  wireField('t_bio', 'Tell us about yourself', 'textarea'),
  wireField('t_mail', 'Email', 'email'),
  wireField('n_age', 'Age', 'number'),
  wireField('n_slider', 'Volume', 'range'),
  wireField('n_nps', 'How likely are you to recommend us?', 'nps'),
  { ...wireField('r_stars', 'Rate us', 'rating'), stars: 5 },
  wireField('y_back', 'Would you come back?', 'yes_no'),
  wireField('c_agree', 'I agree', 'checkbox'),
  wireField('d_visit', 'When did you visit?', 'date'),
  wireField('f_docs', 'Documents', 'file'),
  {
    ...wireField('m_grid', 'How was', 'matrix'),
    rows: rowsOf('Room', 'Food'),
    columns: rowsOf('Bad', 'Good'),
  },
  { ...wireField('k_rank', 'Rank', 'ranking'), options: rowsOf('Pool', 'Gym') },
  wireField('s_sign', 'Signature', 'signature'),
  wireField('h_time', 'Arrival time', 'time'),
]);

const file = (name: string) => ({ upload_id: crypto.randomUUID(), name, size: 10, type: 'text/plain' });
const signed = { method: 'typed', typed_name: 'Ada', signed_at: '2026-01-01T00:00:00Z' };
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

const ANSWERS: { data: Record<string, unknown>; createdAt: Date }[] = [
  {
    createdAt: minutesAgo(50),
    data: {
      t_name: 'Ada',
      t_bio: 'Mathematician and writer',
      t_mail: 'ada@example.com',
      n_age: 36,
      n_slider: 10,
      n_nps: 10,
      r_stars: 5,
      y_back: 'yes',
      c_agree: true,
      d_visit: '2026-05-01',
      f_docs: [file('a.txt'), file('b.txt')],
      m_grid: { room: 'good', food: 'bad' },
      k_rank: ['pool', 'gym'],
      s_sign: signed,
      h_time: '09:15',
    },
  },
  {
    createdAt: minutesAgo(40),
    data: {
      t_name: 'Bob',
      t_bio: 'Builder of bridges',
      n_age: 20,
      n_slider: 30,
      n_nps: 9,
      r_stars: 4,
      y_back: 'yes',
      c_agree: true,
      d_visit: '2026-05-01',
      f_docs: [file('c.txt')],
      m_grid: { room: 'good', food: 'good' },
      k_rank: ['gym', 'pool'],
      h_time: '09:50',
    },
  },
  {
    createdAt: minutesAgo(30),
    data: {
      t_name: 'Cy',
      n_age: 50,
      n_slider: 95,
      n_nps: 7,
      r_stars: 4,
      y_back: 'no',
      c_agree: false,
      d_visit: '2026-05-03',
      k_rank: ['pool', 'gym'],
      s_sign: signed,
    },
  },
  {
    createdAt: minutesAgo(20),
    data: { t_name: 'Dee', t_bio: 'Mathematics teacher', n_age: 44, n_nps: 3, y_back: 'yes' },
  },
  // Outside a 30-day period.
  { createdAt: daysAgo(40), data: { t_name: 'Old Ada', t_bio: 'Mathematician of old', n_age: 99 } },
];

describe(`analytics of every question type (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let formId: number;
  const since = `start_date=${utcDay(daysAgo(29))}`;

  const get = (user: TestUser, url: string) => app.inject({ method: 'GET', url, headers: user.auth });
  const report = async (query = since) => {
    const res = await get(owner, `/api/analytics/forms/${formId}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as FormAnalytics;
  };
  const answersUrl = (fieldId: string, query = since) =>
    `/api/form-submissions/forms/${formId}/fields/${fieldId}/answers?${query}`;
  const answers = async (fieldId: string, query?: string) => {
    const res = await get(owner, answersUrl(fieldId, query));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as FieldAnswersPage;
  };
  const setViewerAnswers = (viewer_answers: boolean) =>
    app.inject({
      method: 'PUT',
      url: `/api/forms/${formId}/viewer-access`,
      headers: owner.auth,
      payload: { viewer_answers },
    });

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
    viewer = await createTestUser(app, { name: 'Vic Viewer' });
    stranger = await createTestUser(app, { name: 'Stan Stranger' });
    const workspaceId = await createTeam(app, { owner, name: 'Survey team', members: [[viewer, 'viewer']] });
    formId = await createTestForm(app, owner.id, { title: 'Every type', fields: FIELDS });
    await placeForm(app, formId, workspaceId);
    await insertSubmissions(
      app,
      formId,
      ANSWERS.map((a) => ({ ...a, sealed: true })),
    );
    // The aggregates as the recorder keeps them (a rebuild extracts exactly as each submit does).
    await rebuildFormStats(app.db, app.keyring, formId);
  });
  afterAll(() => app?.close());

  it('gives each type its figures over the period', async () => {
    const a = await report();
    const byId = new Map(a.field_analytics.map((f) => [f.field_id, f]));
    const f = (id: string) => byId.get(id) as FieldAnalytics;
    expect(a.total_submissions).toBe(4);

    expect(f('n_age')).toMatchObject({
      response_count: 4,
      summary: { count: 4, mean: 37.5, median: 40, min: 20, max: 50 },
      answer_distribution: { '20': 1, '36': 1, '44': 1, '50': 1 },
    });
    // 20 to 50 in bins of 5 from 20: 20, 36, 44 and 50 (the last bin holds 50).
    expect(f('n_age').histogram).toEqual([
      { from: 20, to: 25, count: 1 },
      { from: 25, to: 30, count: 0 },
      { from: 30, to: 35, count: 0 },
      { from: 35, to: 40, count: 1 },
      { from: 40, to: 45, count: 1 },
      { from: 45, to: 50, count: 0 },
      { from: 50, to: 55, count: 1 },
    ]);
    expect(f('n_slider').summary).toEqual({ count: 3, mean: 45, median: 30, min: 10, max: 95 });
    expect(f('n_slider').histogram!.map((b) => b.count)).toEqual([1, 0, 1, 0, 0, 0, 0, 0, 1]);
    expect(f('n_nps').nps).toEqual({ promoters: 2, passives: 1, detractors: 1, score: 25 });
    expect(f('n_nps').histogram).toHaveLength(8);
    expect(f('r_stars')).toMatchObject({ average: 4.33, answer_distribution: { '4': 2, '5': 1, '1': 0 } });
    expect(f('y_back')).toMatchObject({ split: { yes: 3, no: 1 }, answer_distribution: { Yes: 3, No: 1 } });
    expect(f('c_agree').split).toEqual({ yes: 2, no: 1 });
    expect(f('d_visit')).toMatchObject({
      response_count: 3,
      answer_distribution: {},
      timeline: {
        unit: 'day',
        buckets: [
          { start: '2026-05-01', count: 2 },
          { start: '2026-05-02', count: 0 },
          { start: '2026-05-03', count: 1 },
        ],
      },
    });
    expect(f('f_docs')).toMatchObject({ response_count: 2, files: { submissions: 2, files: 3 } });
    expect(f('m_grid').rows).toEqual([
      { label: 'Room', distribution: { Bad: 0, Good: 2 } },
      { label: 'Food', distribution: { Bad: 1, Good: 1 } },
    ]);
    expect(f('k_rank').average_positions).toEqual([
      { label: 'Pool', average: 1.33, count: 3 },
      { label: 'Gym', average: 1.67, count: 3 },
    ]);
    expect(f('s_sign').answer_distribution).toEqual({ Signed: 2, 'Not signed': 2 });
    expect(f('h_time').answer_distribution).toEqual({ '09:00': 2 });
    expect(f('t_name')).toMatchObject({ response_count: 4, skip_count: 0, answer_distribution: {} });

    // All time takes in the old submission.
    const all = await report('');
    expect(all.field_analytics.find((x) => x.field_id === 'n_age')!.summary).toMatchObject({
      count: 5,
      median: 44,
      max: 99,
    });
  });

  it("samples a text question's latest answers and searches them within the period, page by page", async () => {
    const sample = await answers('t_name');
    expect(sample.answers.map((x) => x.text)).toEqual(['Dee', 'Cy', 'Bob', 'Ada']);
    expect(sample.next_cursor).toBeNull();

    const found = await answers('t_bio', `${since}&q=MATHEMATIC`);
    expect(found.answers.map((x) => x.text)).toEqual(['Mathematics teacher', 'Mathematician and writer']);
    // All time finds the old one too; another question's answers never match.
    const allTime = await answers('t_bio', 'q=mathematic');
    expect(allTime.answers.map((x) => x.text)).toEqual([
      'Mathematics teacher',
      'Mathematician and writer',
      'Mathematician of old',
    ]);
    expect((await answers('t_mail', 'q=Builder')).answers).toEqual([]);

    const first = await answers('t_name', `${since}&limit=3`);
    expect(first.answers.map((x) => x.text)).toEqual(['Dee', 'Cy', 'Bob']);
    expect(first.next_cursor).not.toBeNull();
    const second = await answers('t_name', `${since}&limit=3&after=${first.next_cursor}`);
    expect(second.answers.map((x) => x.text)).toEqual(['Ada']);
    expect(second.next_cursor).toBeNull();
  });

  it('refuses answers of a non-text or unknown question and a bad date or cursor', async () => {
    expect((await get(owner, answersUrl('n_age'))).statusCode).toBe(400);
    const missing = await get(owner, answersUrl('nope'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Question not found');
    const badDate = await get(owner, answersUrl('t_name', 'start_date=2026-02-30'));
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error).toBe('Invalid date');
    expect((await get(owner, answersUrl('t_name', 'after=garbage'))).statusCode).toBe(400);
    expect((await get(owner, answersUrl('t_name', 'limit=500'))).statusCode).toBe(400);
  });

  it('gives a counts-only viewer the summaries but never the text answers', async () => {
    expect((await setViewerAnswers(false)).statusCode).toBe(200);
    const refused = await get(viewer, answersUrl('t_name'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ANSWERS_HIDDEN.code);
    expect((await get(viewer, answersUrl('t_bio', 'q=Math'))).statusCode).toBe(403);
    const seen = (await get(viewer, `/api/analytics/forms/${formId}?${since}`)).json() as FormAnalytics;
    const age = seen.field_analytics.find((f) => f.field_id === 'n_age')!;
    expect(age.answer_distribution).toEqual({});
    expect(age.summary).toEqual({ count: 4, mean: 37.5, median: 40, min: 20, max: 50 });
    expect(seen.field_analytics.find((f) => f.field_id === 'n_nps')!.nps?.score).toBe(25);

    expect((await setViewerAnswers(true)).statusCode).toBe(200);
    expect((await get(viewer, answersUrl('t_name'))).statusCode).toBe(200);
  });

  it('answers a stranger 404 and an anonymous caller 401', async () => {
    const res = await get(stranger, answersUrl('t_name'));
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Form not found');
    expect((await app.inject({ method: 'GET', url: answersUrl('t_name') })).statusCode).toBe(401);
  });
});
