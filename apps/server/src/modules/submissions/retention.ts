import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { scheduleRecurringJob } from '../../jobs/recurring.ts';

export const RETENTION_JOB = 'submissions.retention';
const DAY_MS = 86_400_000;

/**
 * Deletes every submission older than its form's retention_days (forms without one keep
 * everything) and keeps the forms' submission counters in step (on shard 0: the count is the sum of
 * the shards). Returns how many were deleted.
 */
export async function deleteExpiredSubmissions(db: DbOrTx, now: Date = new Date()): Promise<number> {
  const result = await db.execute(sql`
    with deleted as (
      delete from submissions s using forms f
      where s.form_id = f.id and f.retention_days is not null
        and s.created_at < ${now.toISOString()}::timestamptz - make_interval(days => f.retention_days)
      returning s.form_id
    ), counts as (
      select form_id, count(*)::int as n from deleted group by form_id
    ), updated as (
      insert into form_submission_counts (form_id, shard, count)
      select form_id, 0, -n from counts
      on conflict (form_id, shard) do update set count = form_submission_counts.count + excluded.count
      returning form_id
    )
    select coalesce(sum(n), 0)::int as deleted from counts`);
  const rows = (result as unknown as { rows: { deleted: number | string }[] }).rows;
  return Number(rows[0]?.deleted ?? 0);
}

/** Registers the daily retention job; each run schedules the next, start-up seeds the first now. */
export function registerRetentionJob(app: FastifyInstance): void {
  scheduleRecurringJob(app, {
    kind: RETENTION_JOB,
    everyMs: DAY_MS,
    firstRunInMs: 0,
    run: async () => {
      const deleted = await deleteExpiredSubmissions(app.db);
      if (deleted > 0) app.log.info({ deleted }, 'retention deleted old submissions');
    },
  });
}
