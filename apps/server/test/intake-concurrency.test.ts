import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerDailyCounts,
  fieldDailyStats,
  formDailyStats,
  formSubmissionCounts,
} from '../src/db/schema.ts';
import { rebuildFormStats } from '../src/modules/submissions/index.ts';
import { dbKind } from './helpers/app.ts';
import { createOwnerTestApp, type TestUser } from './helpers/users.ts';
import {
  countSubmissions,
  createPublishedForm,
  submissionCountColumn,
  validData,
} from './intake-fixtures.ts';

describe(`concurrent submits and sharded counters (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
  });
  afterAll(() => app.close());

  const submit = (formId: number, data: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      headers,
      payload: { data, metadata: { analytics: { totalTimeSpent: 10, completed: true } } },
    });

  const answers = (colour: string) =>
    validData(colour === 'red' ? { colour, why_red: 'Bright' } : { colour });

  const analytics = async (formId: number) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/analytics/forms/${formId}`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as {
      total_submissions: number;
      avg_completion_time: number | null;
      field_analytics: {
        field_id: string;
        response_count: number;
        answer_distribution: Record<string, number>;
      }[];
    };
  };

  it('counts every one of many concurrent submits exactly once, everywhere', async () => {
    const formId = await createPublishedForm(app, owner);
    const n = 40;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) => submit(formId, answers(i % 2 ? 'red' : 'blue'))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(n).fill(201));
    expect(new Set(results.map((r) => r.json().submission_id)).size).toBe(n);
    expect(await countSubmissions(app, formId)).toBe(n);
    expect(await submissionCountColumn(app, formId)).toBe(n);

    const list = await app.inject({ method: 'GET', url: '/api/forms', headers: owner.auth });
    expect(list.json().forms.find((f: { id: number }) => f.id === formId).submissions).toBe(n);
    const page = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/submissions?limit=5`,
      headers: owner.auth,
    });
    expect(page.json().total).toBe(n);

    const stats = await analytics(formId);
    expect(stats.total_submissions).toBe(n);
    expect(stats.avg_completion_time).toBe(10);
    const name = stats.field_analytics.find((f) => f.field_id === 'name')!;
    expect(name.response_count).toBe(n);
    const colour = stats.field_analytics.find((f) => f.field_id === 'colour')!;
    expect(Object.values(colour.answer_distribution).sort()).toEqual([n / 2, n / 2]);
  });

  it('stores one copy when the same idempotency key arrives many times at once', async () => {
    const formId = await createPublishedForm(app, owner);
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => submit(formId, validData(), { 'idempotency-key': key })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.json().submission_id)).size).toBe(1);
    expect(await countSubmissions(app, formId)).toBe(1);
    expect(await submissionCountColumn(app, formId)).toBe(1);
    expect((await analytics(formId)).total_submissions).toBe(1);
  });

  it('sums counters and aggregates over their shards, and a rebuild compacts them to the same figures', async () => {
    const formId = await createPublishedForm(app, owner);
    for (const colour of ['red', 'blue', 'blue']) {
      expect((await submit(formId, answers(colour))).statusCode).toBe(201);
    }
    // What other connections would have written: the same kind of rows in other shards.
    await app.db.execute(sql`
      insert into form_daily_stats (form_id, day, shard, views, submissions, completion_time_total, completion_time_count)
      select form_id, day, (shard + 5) % 16, 4, submissions, completion_time_total, completion_time_count
      from form_daily_stats where form_id = ${formId}`);
    await app.db.execute(sql`
      insert into field_daily_stats (form_id, field_id, day, shard, response_count, skip_count, time_spent_total, time_spent_count)
      select form_id, field_id, day, (shard + 5) % 16, response_count, skip_count, time_spent_total, time_spent_count
      from field_daily_stats where form_id = ${formId}`);
    await app.db.execute(sql`
      insert into answer_daily_counts (form_id, field_id, day, answer, shard, count)
      select form_id, field_id, day, answer, (shard + 5) % 16, count
      from answer_daily_counts where form_id = ${formId}`);
    const doubled = await analytics(formId);
    expect(doubled.total_submissions).toBe(6);
    expect(doubled.field_analytics.find((f) => f.field_id === 'colour')!.answer_distribution).toEqual({
      Blue: 4,
      Red: 2,
    });

    // The rebuild recounts from the 3 stored submissions, into shard 0 only; views stay.
    await rebuildFormStats(app.db, app.keyring, formId);
    const rebuilt = await analytics(formId);
    expect(rebuilt.total_submissions).toBe(3);
    expect(rebuilt.field_analytics.find((f) => f.field_id === 'colour')!.answer_distribution).toEqual({
      Blue: 2,
      Red: 1,
    });
    for (const table of [fieldDailyStats, answerDailyCounts]) {
      const others = await app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(and(eq(table.formId, formId), ne(table.shard, 0)));
      expect(Number(others[0]!.n)).toBe(0);
    }
    const [views] = await app.db
      .select({ n: sql<number>`sum(${formDailyStats.views})::int` })
      .from(formDailyStats)
      .where(eq(formDailyStats.formId, formId));
    expect(Number(views!.n)).toBe(4);

    // The submission counter is a sum of shards too; a negative shard (retention) subtracts.
    // (Upsert: on PostgreSQL a submit may already have used shard 11, chosen by backend pid.)
    await app.db
      .insert(formSubmissionCounts)
      .values({ formId, shard: 11, count: -1 })
      .onConflictDoUpdate({
        target: [formSubmissionCounts.formId, formSubmissionCounts.shard],
        set: { count: sql`${formSubmissionCounts.count} - 1` },
      });
    expect(await submissionCountColumn(app, formId)).toBe(2);
  });

  it('stops taking submissions as soon as the owner unpublishes the form', async () => {
    const formId = await createPublishedForm(app, owner);
    expect((await submit(formId, validData())).statusCode).toBe(201);
    const off = await app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/unpublish`,
      headers: owner.auth,
    });
    expect(off.statusCode).toBeLessThan(300);
    const res = await submit(formId, validData());
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Form not found');
  });
});
