import type { MailQueueHealth } from '@formsmith/core/health/api';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { MAIL_JOB } from '../../jobs/queue.ts';

/** Counts unsent mail in the jobs table (read-only; the queue itself belongs to jobs/). */
export async function readMailQueue(
  db: Db,
  transport: MailQueueHealth['transport'],
): Promise<MailQueueHealth> {
  const [row] = await queryRows<{ pending: number; failed: number; oldest: number | null }>(
    db,
    sql`select
      count(*) filter (where attempts < max_attempts)::int as pending,
      count(*) filter (where attempts >= max_attempts)::int as failed,
      extract(epoch from now() - min(created_at) filter (where attempts < max_attempts))::float8 as oldest
    from jobs where kind = ${MAIL_JOB} and done_at is null`,
  );
  return {
    transport,
    pending: Number(row?.pending ?? 0),
    failed: Number(row?.failed ?? 0),
    oldest_pending_seconds: row?.oldest == null ? null : Math.round(Number(row.oldest)),
  };
}
