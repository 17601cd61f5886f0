import { and, eq, gte, lte, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { answerDailyCounts, fieldDailyStats, formDailyStats } from '../../db/schema.ts';

/** The earliest day with any recorded activity (a view or a submission), or null. */
export async function findFirstStatsDay(db: DbOrTx, formId: number): Promise<string | null> {
  const [row] = await db
    .select({ day: min(formDailyStats.day) })
    .from(formDailyStats)
    .where(eq(formDailyStats.formId, formId));
  return row?.day ?? null;
}

export type Period = { formId: number; start: string; end: string };

/** Reads only the aggregate tables: cost grows with days x fields, never with submissions. */
export async function readPeriodStats(db: DbOrTx, p: Period) {
  const days = await db
    .select({
      day: formDailyStats.day,
      views: formDailyStats.views,
      submissions: formDailyStats.submissions,
      completionTimeTotal: formDailyStats.completionTimeTotal,
      completionTimeCount: formDailyStats.completionTimeCount,
    })
    .from(formDailyStats)
    .where(
      and(
        eq(formDailyStats.formId, p.formId),
        gte(formDailyStats.day, p.start),
        lte(formDailyStats.day, p.end),
      ),
    );
  const fieldRows = await db
    .select({
      fieldId: fieldDailyStats.fieldId,
      responseCount: sql<string>`sum(${fieldDailyStats.responseCount})`,
      skipCount: sql<string>`sum(${fieldDailyStats.skipCount})`,
      timeSpentTotal: sql<string>`sum(${fieldDailyStats.timeSpentTotal})`,
      timeSpentCount: sql<string>`sum(${fieldDailyStats.timeSpentCount})`,
    })
    .from(fieldDailyStats)
    .where(
      and(
        eq(fieldDailyStats.formId, p.formId),
        gte(fieldDailyStats.day, p.start),
        lte(fieldDailyStats.day, p.end),
      ),
    )
    .groupBy(fieldDailyStats.fieldId);
  const answerRows = await db
    .select({
      fieldId: answerDailyCounts.fieldId,
      answer: answerDailyCounts.answer,
      count: sql<string>`sum(${answerDailyCounts.count})`,
    })
    .from(answerDailyCounts)
    .where(
      and(
        eq(answerDailyCounts.formId, p.formId),
        gte(answerDailyCounts.day, p.start),
        lte(answerDailyCounts.day, p.end),
      ),
    )
    .groupBy(answerDailyCounts.fieldId, answerDailyCounts.answer);
  return {
    days,
    fields: fieldRows.map((r) => ({
      fieldId: r.fieldId,
      responseCount: Number(r.responseCount),
      skipCount: Number(r.skipCount),
      timeSpentTotal: Number(r.timeSpentTotal),
      timeSpentCount: Number(r.timeSpentCount),
    })),
    answers: answerRows.map((r) => ({ fieldId: r.fieldId, answer: r.answer, count: Number(r.count) })),
  };
}

export type PeriodStats = Awaited<ReturnType<typeof readPeriodStats>>;
