import type { FormField } from '@formsmith/core/fields/types';
import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { answerDailyCounts, fieldDailyStats, formDailyStats, forms } from '../../db/schema.ts';
import { utcDay } from './days.ts';
import { extractSubmissionStats, type TimeStats } from './extract.ts';

/** Totals are int4: additions saturate instead of failing the submit with an overflow. */
const INT_MAX = 2_147_483_647;
const add = (column: PgColumn, excluded: string) =>
  sql`least(${column}::bigint + excluded.${sql.raw(excluded)}, ${INT_MAX})::int`;

export type SubmissionStatsInput = {
  formId: number;
  fields: FormField[];
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  createdAt: Date;
};

/**
 * Adds one submission to the day's aggregates (UTC day of createdAt). Call it inside the submit
 * transaction. At most three statements; rows are sorted so concurrent submits lock in one order.
 */
export async function recordSubmissionStats(tx: DbOrTx, input: SubmissionStatsInput): Promise<void> {
  const day = utcDay(input.createdAt);
  const stats = extractSubmissionStats(input.fields, input.data, input.metadata);
  const timed = stats.completionTime !== null;
  await upsertFormDay(tx, {
    formId: input.formId,
    day,
    views: 0,
    submissions: 1,
    completionTimeTotal: stats.completionTime ?? 0,
    completionTimeCount: timed ? 1 : 0,
  });
  await upsertFieldDays(
    tx,
    stats.fields.map((f) => ({
      formId: input.formId,
      fieldId: f.fieldId,
      day,
      responseCount: f.responded ? 1 : 0,
      skipCount: f.responded ? 0 : 1,
      timeSpentTotal: f.timeSpent ?? 0,
      timeSpentCount: f.timeSpent === null ? 0 : 1,
    })),
  );
  await upsertAnswerDays(
    tx,
    stats.answers.map((a) => ({
      formId: input.formId,
      fieldId: a.fieldId,
      day,
      answer: a.answer,
      count: a.count,
    })),
  );
}

/**
 * Adds time stats that arrived after the submit (the track call) to the submission's day.
 * Response and skip counts were counted at submit time and are left alone.
 */
export async function recordTimeStats(
  tx: DbOrTx,
  input: { formId: number; createdAt: Date; time: TimeStats },
): Promise<void> {
  const day = utcDay(input.createdAt);
  if (input.time.completionTime !== null) {
    await upsertFormDay(tx, {
      formId: input.formId,
      day,
      views: 0,
      submissions: 0,
      completionTimeTotal: input.time.completionTime,
      completionTimeCount: 1,
    });
  }
  await upsertFieldDays(
    tx,
    input.time.fields.map((f) => ({
      formId: input.formId,
      fieldId: f.fieldId,
      day,
      responseCount: 0,
      skipCount: 0,
      timeSpentTotal: f.timeSpent,
      timeSpentCount: 1,
    })),
  );
}

/** +1 view for a published form on the UTC day of `at`; false when the form is not published. */
export async function recordView(db: DbOrTx, formId: number, at = new Date()): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${formDailyStats} (form_id, day, views)
    select ${forms.id}, ${utcDay(at)}, 1 from ${forms}
    where ${and(eq(forms.id, formId), eq(forms.isPublished, true))}
    on conflict (form_id, day) do update set views = ${add(formDailyStats.views, 'views')}
    returning form_id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

type FormDayRow = typeof formDailyStats.$inferInsert;
type FieldDayRow = typeof fieldDailyStats.$inferInsert;
type AnswerDayRow = typeof answerDailyCounts.$inferInsert;

export async function upsertFormDay(db: DbOrTx, row: FormDayRow): Promise<void> {
  await db
    .insert(formDailyStats)
    .values(row)
    .onConflictDoUpdate({
      target: [formDailyStats.formId, formDailyStats.day],
      set: {
        views: add(formDailyStats.views, 'views'),
        submissions: add(formDailyStats.submissions, 'submissions'),
        completionTimeTotal: add(formDailyStats.completionTimeTotal, 'completion_time_total'),
        completionTimeCount: add(formDailyStats.completionTimeCount, 'completion_time_count'),
      },
    });
}

export async function upsertFieldDays(db: DbOrTx, rows: FieldDayRow[]): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) => (a.fieldId < b.fieldId ? -1 : a.fieldId > b.fieldId ? 1 : 0));
  await db
    .insert(fieldDailyStats)
    .values(sorted)
    .onConflictDoUpdate({
      target: [fieldDailyStats.formId, fieldDailyStats.fieldId, fieldDailyStats.day],
      set: {
        responseCount: add(fieldDailyStats.responseCount, 'response_count'),
        skipCount: add(fieldDailyStats.skipCount, 'skip_count'),
        timeSpentTotal: add(fieldDailyStats.timeSpentTotal, 'time_spent_total'),
        timeSpentCount: add(fieldDailyStats.timeSpentCount, 'time_spent_count'),
      },
    });
}

export async function upsertAnswerDays(db: DbOrTx, rows: AnswerDayRow[]): Promise<void> {
  if (rows.length === 0) return;
  const key = (r: AnswerDayRow) => `${r.fieldId}\u0000${r.answer}`;
  const merged = new Map<string, AnswerDayRow>();
  for (const row of rows) {
    const seen = merged.get(key(row));
    if (seen) seen.count = (seen.count ?? 0) + (row.count ?? 0);
    else merged.set(key(row), { ...row });
  }
  const sorted = [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
  await db
    .insert(answerDailyCounts)
    .values(sorted)
    .onConflictDoUpdate({
      target: [
        answerDailyCounts.formId,
        answerDailyCounts.fieldId,
        answerDailyCounts.day,
        answerDailyCounts.answer,
      ],
      set: { count: add(answerDailyCounts.count, 'count') },
    });
}

export { rebuildFormStats } from './rebuild.ts';
