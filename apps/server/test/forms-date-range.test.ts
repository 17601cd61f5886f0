import { EXPORT_META_HEADERS } from '@formsmith/core/submissions/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../src/db/schema.ts';
import { createForm, publishForm, uniqueSlug } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { buildFillPageWeb } from './helpers/fill-page-web.ts';
import { ownerReads } from './helpers/owner-reads.ts';
import { respondent } from './helpers/posted-page.ts';
import { storedSubmissions } from './helpers/stored.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';

/** The columns every export row starts with (reference, id, time, status, language). */
const META = EXPORT_META_HEADERS.length;

const FIELDS = [
  {
    id: 'stay',
    label: 'Stay',
    type: 'date_range',
    is_required: true,
    start_label: 'Check-in',
    end_label: 'Check-out',
    validation_rules: { minDate: '2026-01-01', maxDays: 14 },
  },
  { id: 'trip', label: 'Trip', type: 'date_range' },
];

const MAY = { start: '2026-05-01', end: '2026-05-04' };

describe(`date range fields (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let formId: number;
  let slug: string;

  const { submit, postPage } = respondent(() => app, {
    formId: () => formId,
    slug: () => slug,
  });
  const reads = ownerReads(
    () => app,
    () => owner,
    () => formId,
  );

  beforeAll(async () => {
    app = await createTestApp({ env: { WEB_DIST: buildFillPageWeb() } });
    owner = await createTestUser(app);
    slug = uniqueSlug('date-range');
    const form = await createForm(app, owner, { title: 'Bookings', slug, fields: FIELDS });
    formId = form.id;
    await publishForm(app, owner, formId);
  }, 60_000);
  afterAll(() => app.close());

  it('saves and publishes a date range with its labels and rules', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/forms/${formId}` });
    expect(res.statusCode).toBe(200);
    const [stay, trip] = res.json().fields;
    expect(stay).toMatchObject({
      type: 'date_range',
      is_required: true,
      start_label: 'Check-in',
      end_label: 'Check-out',
      validation_rules: { minDate: '2026-01-01', maxDays: 14 },
    });
    expect(trip).toMatchObject({ type: 'date_range', is_required: false });
  });

  it('refuses one date alone, an end before the start and the owner’s bounds, each with its message', async () => {
    const res = await submit({
      stay: { start: '2026-05-04', end: '2026-05-01' },
      trip: { start: '2026-06-01', end: '' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({
      stay: 'The end date cannot be before the start date',
      trip: 'Please enter both dates',
    });
    const bounds = await submit({
      stay: { start: '2025-12-30', end: '2026-01-02' },
      trip: { start: '2026-02-30', end: '2026-03-02' },
    });
    expect(bounds.statusCode).toBe(422);
    expect(bounds.json().fields).toEqual({
      stay: 'Please choose dates from 2026-01-01 on',
      trip: 'Please enter a valid date',
    });
    const long = await submit({ stay: { start: '2026-05-01', end: '2026-05-20' } });
    expect(long.statusCode).toBe(422);
    expect(long.json().fields.stay).toBe('The dates can be at most 14 days apart');
    const shape = await submit({ stay: { ...MAY, nights: '3' } });
    expect(shape.statusCode).toBe(422);
    expect(shape.json().fields.stay).toBeTruthy();
  });

  it('counts neither date as unanswered: required refuses it, optional stores nothing', async () => {
    const res = await submit({ stay: { start: '', end: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({ stay: 'This field is required' });
    const ok = await submit({
      stay: { start: ' 2026-05-01 ', end: '2026-05-04' },
      trip: { start: '', end: '' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await storedSubmissions(app, eq(submissions.id, ok.json().submission_id));
    expect(row!.data).toEqual({ stay: MAY });
  });

  it('takes a form posted without JavaScript, each date its own named input', async () => {
    const page = await app.inject({ method: 'GET', url: `/form/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(
      /<input[^>]+name="stay\[start\]"[^>]*type="date"|<input[^>]+type="date"[^>]*name="stay\[start\]"/,
    );
    expect(page.body).toMatch(/name="stay\[end\]"/);
    expect(page.body).toContain('Check-in');
    expect(page.body).toContain('Start date');
    expect(page.body).toMatch(/<legend[^>]*>[\s\S]*?Stay/);

    const bad = await postPage(page.body, [
      ['stay[start]', '2026-07-10'],
      ['stay[end]', '2026-07-08'],
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('The end date cannot be before the start date');
    expect(bad.body).toMatch(/<input[^>]+value="2026-07-10"/);

    const res = await postPage(bad.body, [
      ['stay[start]', '2026-07-10'],
      ['stay[end]', '2026-07-12'],
      ['trip[start]', '2026-08-01'],
      ['trip[end]', '2026-08-15'],
    ]);
    expect(res.statusCode, res.body.slice(0, 400)).toBe(200);
    const rows = await storedSubmissions(app, eq(submissions.formId, formId));
    expect(rows.map((r) => r.data)).toContainEqual({
      stay: { start: '2026-07-10', end: '2026-07-12' },
      trip: { start: '2026-08-01', end: '2026-08-15' },
    });
  });

  it('exports a start and an end column per range, and both dates to JSON', async () => {
    const rows = await reads.csvRows();
    expect(rows[0]!.slice(META)).toEqual(['Stay [Start]', 'Stay [End]', 'Trip [Start]', 'Trip [End]']);
    expect(rows.slice(1).map((r) => r.slice(META))).toContainEqual([
      '2026-07-10',
      '2026-07-12',
      '2026-08-01',
      '2026-08-15',
    ]);
    expect(await reads.json()).toContain('"start":"2026-05-01"');
  });

  it('counts date ranges by the month they start in the analytics', async () => {
    const byId = await reads.analytics();
    expect(byId.get('stay')).toMatchObject({
      response_count: 2,
      answer_distribution: { '2026-05': 1, '2026-07': 1 },
    });
    expect(byId.get('trip')!.answer_distribution).toEqual({ '2026-08': 1 });
  });

  it('answers a stranger’s export with 404', async () => {
    expect((await reads.strangerExport()).statusCode).toBe(404);
  });
});
