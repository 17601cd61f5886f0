import { and, eq, gte, lte, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { answerDailyCounts, fieldDailyStats, formDailyStats } from '../../db/schema.ts';
import type { Keyring } from '../../lib/encryption/index.ts';
import { openAnswerLabel } from './answer-labels.ts';

/** Every view the form has had, all days. */
export async function countViews(db: DbOrTx, formId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${formDailyStats.views}), 0)::int` })
    .from(formDailyStats)
    .where(eq(formDailyStats.formId, formId));
  return Number(row?.n ?? 0);
}

/** The earliest day with any recorded activity (a view or a submission), or null. */
export async function findFirstStatsDay(db: DbOrTx, formId: number): Promise<string | null> {
  const [row] = await db
    .select({ day: min(formDailyStats.day) })
    .from(formDailyStats)
    .where(eq(formDailyStats.formId, formId));
  return row?.day ?? null;
}

export type Period = { formId: number; start: string; end: string };

/**
 * Reads only the aggregate tables, summing their shards: cost grows with days x fields x shards
 * in use, never with submissions. The three reads are independent (one round trip each on a pool).
 */
export async function readPeriodStats(db: DbOrTx, keyring: Keyring, p: Period) {
  const daysPromise = db
    .select({
      day: formDailyStats.day,
      views: sql<string>`sum(${formDailyStats.views})`,
      submissions: sql<string>`sum(${formDailyStats.submissions})`,
      completionTimeTotal: sql<string>`sum(${formDailyStats.completionTimeTotal})`,
      completionTimeCount: sql<string>`sum(${formDailyStats.completionTimeCount})`,
    })
    .from(formDailyStats)
    .where(
      and(
        eq(formDailyStats.formId, p.formId),
        gte(formDailyStats.day, p.start),
        lte(formDailyStats.day, p.end),
      ),
    )
    .groupBy(formDailyStats.day);
  const fieldPromise = db
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
  const answerPromise = db
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
  const [dayRows, fieldRows, answerRows] = await Promise.all([daysPromise, fieldPromise, answerPromise]);
  // One answer may be stored under several labels (sealed under an older key, or clear from
  // before encryption at rest): opened, they are added up as one.
  const answers = new Map<string, { fieldId: string; answer: string; count: number }>();
  for (const r of answerRows) {
    const answer = openAnswerLabel(keyring, { formId: p.formId, fieldId: r.fieldId, answer: r.answer });
    const key = `${r.fieldId}\u0000${answer}`;
    const seen = answers.get(key);
    if (seen) seen.count += Number(r.count);
    else answers.set(key, { fieldId: r.fieldId, answer, count: Number(r.count) });
  }
  return {
    days: dayRows.map((d) => ({
      day: d.day,
      views: Number(d.views),
      submissions: Number(d.submissions),
      completionTimeTotal: Number(d.completionTimeTotal),
      completionTimeCount: Number(d.completionTimeCount),
    })),
    fields: fieldRows.map((r) => ({
      fieldId: r.fieldId,
      responseCount: Number(r.responseCount),
      skipCount: Number(r.skipCount),
      timeSpentTotal: Number(r.timeSpentTotal),
      timeSpentCount: Number(r.timeSpentCount),
    })),
    answers: [...answers.values()],
  };
}

export type PeriodStats = Awaited<ReturnType<typeof readPeriodStats>>;
