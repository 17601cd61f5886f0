import type { FormAnalytics } from '@formsmith/core/analytics/api';
import { FILL_STATE_ELEMENT_ID } from '@formsmith/core/fill-page/state';
import { EXPORT_META_HEADERS } from '@formsmith/core/submissions/api';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { submissions } from '../src/db/schema.ts';
import { createForm, publishForm, uniqueSlug } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { buildFillPageWeb } from './helpers/fill-page-web.ts';
import { hiddenOf, type Posted } from './helpers/posted-page.ts';
import { storedSubmissions } from './helpers/stored.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';

/** The columns every export row starts with (reference, id, time, status, language). */
const META = EXPORT_META_HEADERS.length;

const rowsOf = (...labels: string[]) => labels.map((label) => ({ label, value: label.toLowerCase() }));

const FIELDS = [
  {
    id: 'grid',
    label: 'How satisfied are you with',
    type: 'matrix',
    is_required: true,
    rows: rowsOf('Room', 'Breakfast'),
    columns: rowsOf('Unhappy', 'Fine', 'Delighted'),
  },
  { id: 'stars', label: 'Rate your stay', type: 'rating', stars: 5, half_stars: true },
  { id: 'order', label: 'Rank our amenities', type: 'ranking', options: rowsOf('Pool', 'Gym', 'Spa') },
];

describe(`matrix, star rating and ranking fields (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let formId: number;
  let slug: string;

  const submit = (data: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { data: { ...data, _honeypot: '', _formLoadTime: Date.now() - 10_000 } },
    });
  const postPage = (fields: Posted) =>
    app.inject({
      method: 'POST',
      url: `/form/${slug}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:3000',
        'user-agent': 'NoScript/1.0',
      },
      payload: new URLSearchParams(fields).toString(),
    });
  const answersPosted = (html: string, filled: Posted): Posted => [
    ...hiddenOf(html).filter(([name]) => name !== '_formLoadTime'),
    ['_formLoadTime', String(Date.now() - 10_000)],
    ...filled,
    ['website', ''],
    ['_action', 'submit'],
  ];

  beforeAll(async () => {
    app = await createTestApp({ env: { WEB_DIST: buildFillPageWeb() } });
    owner = await createTestUser(app);
    slug = uniqueSlug('palette');
    const form = await createForm(app, owner, { title: 'Hotel stay', slug, fields: FIELDS });
    formId = form.id;
    await publishForm(app, owner, formId);
  }, 60_000);
  afterAll(() => app.close());

  it('saves and publishes them with their own properties', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/forms/${formId}` });
    expect(res.statusCode).toBe(200);
    const [grid, stars, order] = res.json().fields;
    expect(grid).toMatchObject({ type: 'matrix', is_required: true });
    expect(grid.rows.map((r: { label: string }) => r.label)).toEqual(['Room', 'Breakfast']);
    expect(grid.columns.map((c: { value: string }) => c.value)).toEqual(['unhappy', 'fine', 'delighted']);
    expect(stars).toMatchObject({ type: 'rating', stars: 5, half_stars: true });
    expect(order.options.map((o: { label: string }) => o.label)).toEqual(['Pool', 'Gym', 'Spa']);
  });

  it('refuses a save with eleven stars or too many matrix rows, with a clear message', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/forms/${formId}`,
      headers: owner.auth,
      payload: { fields: [{ id: 's', label: 'Stars', type: 'rating', stars: 11 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('A rating has 1 to 10 stars');
    const rows = Array.from({ length: 31 }, (_, i) => ({ label: `Row ${i + 1}`, value: `r${i}` }));
    const grid = await app.inject({
      method: 'PUT',
      url: `/api/forms/${formId}`,
      headers: owner.auth,
      payload: { fields: [{ ...FIELDS[0], rows }] },
    });
    expect(grid.statusCode).toBe(400);
    expect(grid.body).toContain('A field can have at most 30 rows');
    expect(grid.body).not.toContain('stack');
  });

  it('refuses a matrix with a row unanswered, a half star too many and a ranking with a tie, naming each', async () => {
    const res = await submit({
      grid: { room: 'fine' },
      stars: 5.5,
      order: ['pool', 'pool', 'spa'],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({
      grid: 'Please answer every row',
      stars: 'Please choose from 1 to 5 stars',
      order: 'Please put 3 options in order, each in a place of its own',
    });
  });

  it('stores the JSON answers sealed, and nothing for a rating or ranking left untouched', async () => {
    const res = await submit({
      grid: { room: 'delighted', breakfast: 'Fine' },
      stars: '4.5',
      order: ['spa', 'pool', 'gym'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await storedSubmissions(app, eq(submissions.id, res.json().submission_id));
    expect(row!.data).toEqual({
      grid: { room: 'delighted', breakfast: 'fine' },
      stars: 4.5,
      order: ['spa', 'pool', 'gym'],
    });
    const raw = await queryRows<{ t: string }>(
      app.db,
      sql`select coalesce(data::text, '') || encode(coalesce(sealed_data, ''), 'escape') as t from submissions where id = ${res.json().submission_id}`,
    );
    expect(raw[0]!.t).not.toContain('delighted');
    expect(raw[0]!.t).not.toContain('spa');

    const untouched = await submit({ grid: { room: 'fine', breakfast: 'fine' }, stars: '', order: [] });
    expect(untouched.statusCode, untouched.body).toBe(201);
    const [second] = await storedSubmissions(app, eq(submissions.id, untouched.json().submission_id));
    expect(second!.data).toEqual({ grid: { room: 'fine', breakfast: 'fine' } });
  });

  it('takes a form posted without JavaScript: named radios per row, star radios, a place per option', async () => {
    const page = await app.inject({ method: 'GET', url: `/form/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(FILL_STATE_ELEMENT_ID);
    expect(page.body).toMatch(/<input[^>]+type="radio"[^>]+name="grid\[room\]"[^>]+value="unhappy"/);
    expect(page.body).toMatch(/<input[^>]+type="radio"[^>]+name="stars"[^>]+value="2.5"/);
    expect(page.body).toMatch(/<select[^>]+name="order\[gym\]"/);

    const tie = await postPage(
      answersPosted(page.body, [
        ['grid[room]', 'unhappy'],
        ['grid[breakfast]', 'delighted'],
        ['stars', '3'],
        ['order[pool]', '1'],
        ['order[gym]', '1'],
        ['order[spa]', '2'],
      ]),
    );
    expect(tie.statusCode).toBe(422);
    expect(tie.body).toContain('Please put 3 options in order, each in a place of its own');
    // The answers given stay on the page sent back.
    expect(tie.body).toMatch(/<input[^>]+name="grid\[breakfast\]"[^>]+value="delighted"[^>]*checked/);

    const res = await postPage(
      answersPosted(tie.body, [
        ['grid[room]', 'unhappy'],
        ['grid[breakfast]', 'delighted'],
        ['stars', '3'],
        ['order[pool]', '3'],
        ['order[gym]', '1'],
        ['order[spa]', '2'],
      ]),
    );
    expect(res.statusCode, res.body.slice(0, 400)).toBe(200);
    const rows = await storedSubmissions(app, eq(submissions.formId, formId));
    expect(rows.map((r) => r.data)).toContainEqual({
      grid: { room: 'unhappy', breakfast: 'delighted' },
      stars: 3,
      order: ['gym', 'spa', 'pool'],
    });
  });

  it('exports a matrix one column per row and a ranking as one column with the order', async () => {
    const csv = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/export?format=csv`,
      headers: owner.auth,
    });
    expect(csv.statusCode).toBe(200);
    const rows: string[][] = parse(csv.body.replace(/^\uFEFF/, ''));
    const header = rows[0]!;
    expect(header.slice(META)).toEqual([
      'How satisfied are you with [Room]',
      'How satisfied are you with [Breakfast]',
      'Rate your stay',
      'Rank our amenities',
    ]);
    expect(
      rows
        .slice(1)
        .map((r) => r.slice(META))
        .sort(),
    ).toEqual([
      ['Delighted', 'Fine', '4.5', '1. Spa, 2. Pool, 3. Gym'],
      ['Fine', 'Fine', '', ''],
      ['Unhappy', 'Delighted', '3', '1. Gym, 2. Spa, 3. Pool'],
    ]);
    const json = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/export?format=json`,
      headers: owner.auth,
    });
    expect(json.statusCode).toBe(200);
    expect(json.body).toContain('"room":"delighted"');
  });

  it('counts each matrix row per column, the average stars and each option’s average place', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/analytics/forms/${formId}`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    const byId = new Map((res.json() as FormAnalytics).field_analytics.map((f) => [f.field_id, f]));
    expect(byId.get('grid')!.rows).toEqual([
      { label: 'Room', distribution: { Unhappy: 1, Fine: 1, Delighted: 1 } },
      { label: 'Breakfast', distribution: { Unhappy: 0, Fine: 2, Delighted: 1 } },
    ]);
    expect(byId.get('stars')).toMatchObject({ response_count: 2, skip_count: 1, average: 3.75 });
    expect(byId.get('stars')!.answer_distribution).toMatchObject({ '3': 1, '4.5': 1, '5': 0 });
    expect(byId.get('order')!.average_positions).toEqual([
      { label: 'Spa', average: 1.5, count: 2 },
      { label: 'Gym', average: 2, count: 2 },
      { label: 'Pool', average: 2.5, count: 2 },
    ]);
  });

  it('answers a stranger’s analytics and export with 404', async () => {
    const stranger = await createTestUser(app);
    const analytics = await app.inject({
      method: 'GET',
      url: `/api/analytics/forms/${formId}`,
      headers: stranger.auth,
    });
    expect(analytics.statusCode).toBe(404);
  });
});
