import type { FormAnalytics } from '@formsmith/core/analytics/api';
import { normalizeField, normalizeFields } from '@formsmith/core/forms/read-field';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerDailyCounts, fieldDailyStats, formDailyStats, forms, submissions } from '../src/db/schema.ts';
import { utcDay } from '../src/modules/analytics/days.ts';
import { rebuildFormStats } from '../src/modules/submissions/index.ts';
import { deleteExpiredSubmissions } from '../src/modules/submissions/retention.ts';
import { storeSubmission } from '../src/modules/submissions/store.ts';
import { personalWorkspaceId } from '../src/modules/workspaces/index.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';

// Forms are stored as the server stores them (wire fields); submissions go through the same
// statement as the submit route (storeSubmission: the row, its counter and its aggregates), at
// the time a test names.
const WIRE_FIELDS = [
  {
    id: 'name',
    label: 'Name',
    field_type: 'text',
    type: 'text',
    is_required: true,
    position: 0,
    validation_rules: {},
  },
  {
    id: 'bio',
    label: 'Bio',
    field_type: 'textarea',
    type: 'textarea',
    is_required: false,
    position: 1,
    validation_rules: {},
  },
  {
    id: 'mail',
    label: 'Email',
    field_type: 'email',
    type: 'email',
    is_required: false,
    position: 2,
    validation_rules: {},
  },
  {
    id: 'age',
    label: 'Age',
    field_type: 'number',
    type: 'number',
    is_required: false,
    position: 3,
    validation_rules: {},
  },
  {
    id: 'score',
    label: 'Score',
    field_type: 'range',
    type: 'range',
    is_required: false,
    position: 4,
    validation_rules: {},
  },
  {
    id: 'color',
    label: 'Favourite colour',
    field_type: 'radio',
    type: 'radio',
    is_required: false,
    position: 5,
    validation_rules: {},
    options: [
      { id: 'r', label: 'Red', value: 'red' },
      { id: 'b', label: 'Blue', value: 'blue' },
    ],
  },
  {
    id: 'plan',
    label: 'Plan',
    field_type: 'select',
    type: 'select',
    is_required: false,
    position: 6,
    validation_rules: {},
    options: [
      { id: 'f', label: 'Free', value: 'free' },
      { id: 'p', label: 'Pro', value: 'pro' },
    ],
  },
  {
    id: 'tools',
    label: 'Tools',
    field_type: 'checkbox',
    type: 'checkbox',
    is_required: false,
    position: 7,
    validation_rules: {},
    options: [
      { id: 'a', label: 'Alpha', value: 'alpha' },
      { id: 'b', label: 'Beta', value: 'beta' },
    ],
  },
  {
    id: 'agree',
    label: 'I agree',
    field_type: 'checkbox',
    type: 'checkbox',
    is_required: false,
    position: 8,
    validation_rules: {},
  },
  {
    id: 'when',
    label: 'Date',
    field_type: 'date',
    type: 'date',
    is_required: false,
    position: 9,
    validation_rules: {},
  },
  {
    id: 'pic',
    label: 'Picture',
    field_type: 'image',
    type: 'image',
    is_required: false,
    position: 10,
    validation_rules: {},
  },
];
const FIELDS = WIRE_FIELDS.map((f, i) => normalizeField(f, i));

let app: FastifyInstance;
let owner: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  owner = await createTestUser(app);
});
afterAll(async () => app?.close());

async function createForm(opts: { published?: boolean; createdAt?: Date } = {}): Promise<number> {
  const [row] = await app.db
    .insert(forms)
    .values({
      ownerId: owner.id,
      workspaceId: await personalWorkspaceId(app.db, owner.id),
      title: 'Survey',
      fields: normalizeFields(WIRE_FIELDS),
      isPublished: opts.published ?? true,
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    })
    .returning({ id: forms.id });
  return row!.id;
}

async function submit(
  formId: number,
  data: Record<string, unknown>,
  opts: { at?: Date; metadata?: Record<string, unknown> } = {},
): Promise<string> {
  const createdAt = opts.at ?? new Date();
  const metadata = opts.metadata ?? {};
  const stored = await storeSubmission(app.db, app.keyring, {
    formId,
    formVersion: 1,
    language: 'en',
    data,
    metadata,
    idempotencyKey: null,
    createdAt,
    stats: { formId, fields: FIELDS, data, metadata, createdAt },
    mails: [],
    ownerId: owner.id,
    uploadIds: [],
    limited: false,
  });
  return stored.id!;
}

async function getAnalytics(formId: number, query = '', user: TestUser = owner) {
  return app.inject({ method: 'GET', url: `/api/analytics/forms/${formId}${query}`, headers: user.auth });
}

async function analytics(formId: number, query = ''): Promise<FormAnalytics> {
  const res = await getAnalytics(formId, query);
  expect(res.statusCode).toBe(200);
  return res.json() as FormAnalytics;
}

const timing = (total: number, fields: Record<string, number> = {}) => ({
  analytics: {
    totalTimeSpent: total,
    fieldInteractions: Object.fromEntries(
      Object.entries(fields).map(([id, t]) => [id, { focuses: 1, timeSpent: t }]),
    ),
    completed: true,
  },
});

const field = (a: FormAnalytics, id: string) => a.field_analytics.find((f) => f.field_id === id)!;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

describe(`analytics (${dbKind})`, () => {
  it('reports totals, average completion time and per-field counts for each field type', async () => {
    const formId = await createForm();
    await submit(
      formId,
      {
        name: 'Ada',
        bio: 'Hi',
        mail: 'a@x.io',
        age: 36,
        score: '7',
        color: 'red',
        plan: 'pro',
        tools: ['alpha', 'beta'],
        agree: true,
        when: '2024-01-01',
      },
      { metadata: timing(30, { name: 4, age: 2 }) },
    );
    await submit(
      formId,
      { name: 'Bob', age: 36, color: 'blue', plan: 'pro', tools: ['beta'], agree: false },
      { metadata: timing(60, { name: 6 }) },
    );
    await submit(formId, { name: 'Cy', bio: '   ', color: 'red', tools: [] });

    const a = await analytics(formId);
    expect(a.formId).toBe(formId);
    expect(a.total_submissions).toBe(3);
    expect(a.avg_completion_time).toBe(45);
    expect(a.metrics.daily_submissions.at(-1)).toEqual({ date: utcDay(new Date()), count: 3 });
    expect(a.field_analytics.map((f) => f.field_id)).toEqual([
      'name',
      'bio',
      'mail',
      'age',
      'score',
      'color',
      'plan',
      'tools',
      'agree',
      'when',
    ]);
    expect(field(a, 'name')).toMatchObject({
      label: 'Name',
      field_type: 'text',
      response_count: 3,
      skip_count: 0,
      avg_time_spent: 5,
      answer_distribution: {},
    });
    expect(field(a, 'bio')).toMatchObject({
      response_count: 1,
      skip_count: 2,
      avg_time_spent: null,
      answer_distribution: {},
    });
    expect(field(a, 'mail')).toMatchObject({ response_count: 1, skip_count: 2, answer_distribution: {} });
    expect(field(a, 'age')).toMatchObject({
      response_count: 2,
      skip_count: 1,
      avg_time_spent: 2,
      answer_distribution: { '36': 2 },
    });
    expect(field(a, 'score')).toMatchObject({ response_count: 1, answer_distribution: { '7': 1 } });
    expect(field(a, 'color')).toMatchObject({ response_count: 3, answer_distribution: { Red: 2, Blue: 1 } });
    expect(field(a, 'plan')).toMatchObject({
      field_type: 'select',
      response_count: 2,
      skip_count: 1,
      answer_distribution: { Pro: 2 },
    });
    expect(field(a, 'tools')).toMatchObject({
      response_count: 2,
      skip_count: 1,
      answer_distribution: { Beta: 2, Alpha: 1 },
    });
    expect(field(a, 'agree')).toMatchObject({
      response_count: 2,
      skip_count: 1,
      answer_distribution: { Yes: 1, No: 1 },
    });
    expect(field(a, 'when')).toMatchObject({
      field_type: 'date',
      response_count: 1,
      answer_distribution: {},
    });
  });

  it('buckets submissions by UTC day across midnight', async () => {
    const formId = await createForm({ createdAt: new Date('2024-02-28T12:00:00Z') });
    await submit(formId, { name: 'late' }, { at: new Date('2024-03-01T23:59:00Z') });
    await submit(formId, { name: 'early' }, { at: new Date('2024-03-02T00:01:00Z') });
    await submit(formId, { name: 'early too' }, { at: new Date('2024-03-02T08:00:00Z') });

    const a = await analytics(formId, '?start_date=2024-02-29');
    expect(a.period_start).toBe('2024-02-29');
    expect(a.period_end).toBe(utcDay(new Date()));
    expect(a.metrics.daily_submissions.slice(0, 4)).toEqual([
      { date: '2024-02-29', count: 0 },
      { date: '2024-03-01', count: 1 },
      { date: '2024-03-02', count: 2 },
      { date: '2024-03-03', count: 0 },
    ]);
    const all = await analytics(formId);
    expect(all.period_start).toBe('2024-02-28');
    expect(all.total_submissions).toBe(3);
  });

  it('filters every figure by start_date', async () => {
    const formId = await createForm({ createdAt: daysAgo(20) });
    await submit(formId, { name: 'old', color: 'blue' }, { at: daysAgo(10), metadata: timing(100) });
    await submit(formId, { name: 'new', color: 'red' }, { metadata: timing(20) });

    const recent = await analytics(formId, `?start_date=${utcDay(daysAgo(6))}`);
    expect(recent.metrics.daily_submissions).toHaveLength(7);
    expect(recent.total_submissions).toBe(1);
    expect(recent.avg_completion_time).toBe(20);
    expect(field(recent, 'color').answer_distribution).toEqual({ Red: 1 });
    expect(field(recent, 'name')).toMatchObject({ response_count: 1, skip_count: 0 });

    const all = await analytics(formId);
    expect(all.total_submissions).toBe(2);
    expect(all.avg_completion_time).toBe(60);
    expect(all.metrics.daily_submissions).toHaveLength(21);
    expect(field(all, 'color').answer_distribution).toEqual({ Blue: 1, Red: 1 });
  });

  it('rejects a malformed start_date with Invalid date', async () => {
    const formId = await createForm();
    for (const bad of ['yesterday', '2024-02-30', '2024-1-01']) {
      const res = await getAnalytics(formId, `?start_date=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Invalid date');
    }
  });

  it('computes the bounce rate from recorded views of published forms only', async () => {
    const formId = await createForm();
    expect((await analytics(formId)).bounce_rate).toBeNull();
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({ method: 'POST', url: `/api/analytics/forms/${formId}/view` });
      expect(res.statusCode).toBe(204);
    }
    await submit(formId, { name: 'one' });
    const a = await analytics(formId);
    expect(a.total_views).toBe(4);
    expect(a.bounce_rate).toBe(0.75);

    const draft = await createForm({ published: false });
    const res = await app.inject({ method: 'POST', url: `/api/analytics/forms/${draft}/view` });
    expect(res.statusCode).toBe(404);
    expect((await analytics(draft)).total_views).toBe(0);
  });

  it('merges timing sent by the track call once, into the submission and the aggregates', async () => {
    const formId = await createForm();
    const otherForm = await createForm();
    const id = await submit(formId, { name: 'x', age: 3 });
    const body = {
      submission_id: id,
      totalTimeSpent: 42,
      fieldInteractions: { name: { focuses: 1, timeSpent: 8 } },
      completed: true,
    };
    const wrongForm = await app.inject({
      method: 'POST',
      url: `/api/analytics/forms/${otherForm}/track`,
      payload: body,
    });
    expect(wrongForm.statusCode).toBe(204);
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/analytics/forms/${formId}/track`,
        payload: body,
      });
      expect(res.statusCode).toBe(204);
    }
    const junk = await app.inject({
      method: 'POST',
      url: `/api/analytics/forms/${formId}/track`,
      payload: { submission_id: 'nope', totalTimeSpent: 1 },
    });
    expect(junk.statusCode).toBe(204);

    const a = await analytics(formId);
    expect(a.total_submissions).toBe(1);
    expect(a.avg_completion_time).toBe(42);
    expect(field(a, 'name')).toMatchObject({ response_count: 1, avg_time_spent: 8 });
    const [row] = await app.db
      .select({ metadata: submissions.metadata })
      .from(submissions)
      .where(eq(submissions.id, id));
    expect(row!.metadata).toMatchObject({ analytics: { totalTimeSpent: 42 } });
    expect((await analytics(otherForm)).avg_completion_time).toBeNull();
  });

  it('merges track timing into a submission stored with empty timing, and ignores it when timing exists', async () => {
    const formId = await createForm();
    const empty = { analytics: { totalTimeSpent: null, fieldInteractions: {}, completed: true } };
    const bare = await submit(formId, { name: 'x' }, { metadata: empty });
    const timed = await submit(formId, { name: 'y' }, { metadata: timing(10, { name: 2 }) });
    for (const id of [bare, timed]) {
      const payload = {
        submission_id: id,
        totalTimeSpent: 30,
        fieldInteractions: { name: { timeSpent: 6 } },
        completed: true,
      };
      expect(
        (await app.inject({ method: 'POST', url: `/api/analytics/forms/${formId}/track`, payload }))
          .statusCode,
      ).toBe(204);
    }
    const a = await analytics(formId);
    expect(a.avg_completion_time).toBe(20);
    expect(field(a, 'name').avg_time_spent).toBe(4);
  });

  it('rebuilds exactly the aggregates that incremental recording produced, keeping views', async () => {
    const formId = await createForm();
    await app.inject({ method: 'POST', url: `/api/analytics/forms/${formId}/view` });
    await submit(
      formId,
      { name: 'a', color: 'red', tools: ['alpha'], age: 5 },
      { at: new Date('2024-05-01T23:59:59Z'), metadata: timing(12, { name: 3 }) },
    );
    await submit(
      formId,
      { name: 'b', color: 'blue', agree: true, score: 4 },
      { at: new Date('2024-05-02T00:00:01Z'), metadata: timing(1e9, { name: 1e9 }) },
    );
    const tracked = await submit(formId, { plan: 'free', tools: ['alpha', 'beta'] });
    await app.inject({
      method: 'POST',
      url: `/api/analytics/forms/${formId}/track`,
      payload: {
        submissionId: tracked,
        totalTimeSpent: 9.6,
        fieldInteractions: { plan: { timeSpent: 2.2 } },
        completed: true,
      },
    });
    await submit(formId, {});

    const incremental = await snapshot(formId);
    expect(incremental.forms.length).toBeGreaterThan(1);
    await rebuildFormStats(app.db, app.keyring, formId);
    expect(await snapshot(formId)).toEqual(incremental);

    // From scratch too: wipe the submission-derived figures, rebuild, same tables.
    await app.db.delete(fieldDailyStats).where(eq(fieldDailyStats.formId, formId));
    await app.db.delete(answerDailyCounts).where(eq(answerDailyCounts.formId, formId));
    await app.db
      .update(formDailyStats)
      .set({ submissions: 7, completionTimeTotal: 1, completionTimeCount: 1 })
      .where(eq(formDailyStats.formId, formId));
    await rebuildFormStats(app.db, app.keyring);
    expect(await snapshot(formId)).toEqual(incremental);
  });

  it('rebuilds a form of several batches counting each submission once, rows a microsecond apart', async () => {
    const formId = await createForm();
    // 4,500 rows (three of the rebuild's batches) a microsecond apart, starting inside a
    // millisecond: a page boundary held to the millisecond read rows again (4,833 counted).
    await app.db.execute(sql`insert into submissions (form_id, data, metadata, completed, created_at)
      select ${formId}, '{}'::jsonb, '{}'::jsonb, true,
        '2024-06-01T12:00:00.000333Z'::timestamptz + n * interval '1 microsecond'
      from generate_series(1, 4500) as n`);
    const rebuilt = await rebuildFormStats(app.db, app.keyring, formId);
    expect(rebuilt.submissions).toBe(4500);
    const [day] = await app.db
      .select({ submissions: formDailyStats.submissions })
      .from(formDailyStats)
      .where(eq(formDailyStats.formId, formId));
    expect(day?.submissions).toBe(4500);
  });

  it('retention takes the submissions it deletes out of the aggregates, as a rebuild would', async () => {
    const formId = await createForm();
    await app.db.update(forms).set({ retentionDays: 30 }).where(eq(forms.id, formId));
    await app.inject({ method: 'POST', url: `/api/analytics/forms/${formId}/view` });
    await submit(
      formId,
      { name: 'old', color: 'red', tools: ['alpha'] },
      { at: daysAgo(40), metadata: timing(12, { name: 3 }) },
    );
    await submit(formId, { name: 'older', color: 'blue', agree: true, plan: 'pro' }, { at: daysAgo(45) });
    await submit(formId, { name: 'same day', color: 'red' }, { at: daysAgo(40), metadata: timing(30) });
    await submit(
      formId,
      { name: 'fresh', color: 'blue', tools: ['beta'] },
      { at: daysAgo(2), metadata: timing(8, { name: 2 }) },
    );
    const since = `?start_date=${utcDay(daysAgo(60))}`;
    expect((await analytics(formId, since)).total_submissions).toBe(4);

    const { deleted } = await deleteExpiredSubmissions(app.db, app.keyring);
    // On a shared PostgreSQL other files' forms may have expired submissions too.
    expect(deleted).toBeGreaterThanOrEqual(3);
    const a = await analytics(formId, since);
    expect(a.total_submissions).toBe(1);
    expect(a.avg_completion_time).toBe(8);
    expect(field(a, 'color').answer_distribution).toEqual({ Blue: 1 });
    expect(field(a, 'tools').answer_distribution).toEqual({ Beta: 1 });
    expect(field(a, 'name')).toMatchObject({ response_count: 1, skip_count: 0, avg_time_spent: 2 });
    expect(field(a, 'plan')).toMatchObject({ response_count: 0, skip_count: 1 });

    // The incremental figures now equal a rebuild from what is stored (rows that sum to zero aside).
    const afterRetention = nonZero(await snapshot(formId));
    await rebuildFormStats(app.db, app.keyring, formId);
    expect(nonZero(await snapshot(formId))).toEqual(afterRetention);
    expect(afterRetention.forms.reduce((n, d) => n + d.views, 0)).toBe(1);
  });

  it('counts views and submissions made through the public API', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: owner.auth,
      payload: { title: 'Public', fields: WIRE_FIELDS.filter((f) => ['name', 'color'].includes(f.id)) },
    });
    expect(created.statusCode).toBe(201);
    const form = created.json() as { id: number; fields: Array<{ id: string; label: string }> };
    const colorId = form.fields.find((f) => f.label === 'Favourite colour')!.id;
    const nameId = form.fields.find((f) => f.label === 'Name')!.id;
    expect(
      (await app.inject({ method: 'POST', url: `/api/analytics/forms/${form.id}/view` })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: `/api/forms/${form.id}/publish`, headers: owner.auth }))
        .statusCode,
    ).toBeLessThan(300);
    for (let i = 0; i < 3; i++)
      await app.inject({ method: 'POST', url: `/api/analytics/forms/${form.id}/view` });
    for (const color of ['red', 'blue']) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/form-submissions/forms/${form.id}/submit`,
        payload: {
          data: { [nameId]: 'Someone', [colorId]: color },
          metadata: {
            analytics: {
              totalTimeSpent: 10,
              fieldInteractions: { [nameId]: { focuses: 1, timeSpent: 4 } },
              completed: true,
            },
          },
        },
      });
      expect(res.statusCode).toBeLessThan(300);
    }
    const a = await analytics(form.id);
    expect(a.total_submissions).toBe(2);
    expect(a.total_views).toBe(3);
    expect(a.bounce_rate).toBeCloseTo(1 / 3, 5);
    expect(a.avg_completion_time).toBe(10);
    expect(field(a, colorId).answer_distribution).toEqual({ Blue: 1, Red: 1 });
    expect(field(a, nameId)).toMatchObject({ response_count: 2, avg_time_spent: 4 });
  });

  it('answers 404 to another owner and 401 to anonymous callers', async () => {
    const formId = await createForm();
    await submit(formId, { name: 'secret' });
    const stranger = await createTestUser(app);
    const res = await getAnalytics(formId, '', stranger);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Form not found');
    expect((await getAnalytics(2_000_000_000)).statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'GET', url: `/api/analytics/forms/${formId}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers a form id that cannot name a form exactly like a missing form', async () => {
    const track = (id: string) =>
      app.inject({
        method: 'POST',
        url: `/api/analytics/forms/${id}/track`,
        payload: { submission_id: '00000000-0000-4000-8000-000000000000' },
      });
    // The track call never tells a client why it was ignored, for a missing form as for any other.
    expect((await track('2000000000')).statusCode).toBe(204);
    for (const bad of ['abc', '0', '1.5', '99999999999']) {
      const report = await app.inject({
        method: 'GET',
        url: `/api/analytics/forms/${bad}`,
        headers: owner.auth,
      });
      const view = await app.inject({ method: 'POST', url: `/api/analytics/forms/${bad}/view` });
      for (const res of [report, view]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ error: 'Form not found', code: 'NOT_FOUND' });
      }
      expect((await track(bad)).statusCode).toBe(204);
    }
  });
});

/** A snapshot without the rows whose figures are all zero (a day emptied by deletions). */
function nonZero(snap: Awaited<ReturnType<typeof snapshot>>) {
  const figures = (row: object) => Object.values(row).filter((v): v is number => typeof v === 'number');
  const keep = <T extends object>(rows: T[]) => rows.filter((row) => figures(row).some((v) => v !== 0));
  return { forms: keep(snap.forms), fields: keep(snap.fields), answers: keep(snap.answers) };
}

/** The aggregates of a form, summed over their shards (where a write lands is not a figure). */
async function snapshot(formId: number) {
  const sum = (column: AnyPgColumn) => sql<number>`sum(${column})::int`.mapWith(Number);
  const formRows = await app.db
    .select({
      day: formDailyStats.day,
      views: sum(formDailyStats.views),
      submissions: sum(formDailyStats.submissions),
      completionTimeTotal: sum(formDailyStats.completionTimeTotal),
      completionTimeCount: sum(formDailyStats.completionTimeCount),
    })
    .from(formDailyStats)
    .where(eq(formDailyStats.formId, formId))
    .groupBy(formDailyStats.day)
    .orderBy(asc(formDailyStats.day));
  const fieldRows = await app.db
    .select({
      day: fieldDailyStats.day,
      fieldId: fieldDailyStats.fieldId,
      responseCount: sum(fieldDailyStats.responseCount),
      skipCount: sum(fieldDailyStats.skipCount),
      timeSpentTotal: sum(fieldDailyStats.timeSpentTotal),
      timeSpentCount: sum(fieldDailyStats.timeSpentCount),
    })
    .from(fieldDailyStats)
    .where(eq(fieldDailyStats.formId, formId))
    .groupBy(fieldDailyStats.day, fieldDailyStats.fieldId)
    .orderBy(asc(fieldDailyStats.day), asc(fieldDailyStats.fieldId));
  const answerRows = await app.db
    .select({
      day: answerDailyCounts.day,
      fieldId: answerDailyCounts.fieldId,
      answer: answerDailyCounts.answer,
      count: sum(answerDailyCounts.count),
    })
    .from(answerDailyCounts)
    .where(and(eq(answerDailyCounts.formId, formId)))
    .groupBy(answerDailyCounts.day, answerDailyCounts.fieldId, answerDailyCounts.answer)
    .orderBy(asc(answerDailyCounts.day), asc(answerDailyCounts.fieldId), asc(answerDailyCounts.answer));
  return { forms: formRows, fields: fieldRows, answers: answerRows };
}
