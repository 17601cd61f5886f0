import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type DbOrTx, queryRows } from '../db/client.ts';
import { enqueueJob } from './queue.ts';

async function hasJob(db: DbOrTx, kind: string, when: 'future' | 'pending'): Promise<boolean> {
  const condition = when === 'future' ? sql`run_at > now()` : sql`attempts < max_attempts`;
  const rows = await queryRows(
    db,
    sql`select 1 from jobs where kind = ${kind} and done_at is null and ${condition} limit 1`,
  );
  return rows.length > 0;
}

/**
 * Registers a job that reschedules itself: each run queues the next one `everyMs` later, and
 * start-up (when this instance runs jobs) seeds a first run `firstRunInMs` from now unless one is
 * still pending.
 */
export function scheduleRecurringJob(
  app: FastifyInstance,
  job: { kind: string; everyMs: number; firstRunInMs: number; run: () => Promise<void> },
): void {
  app.jobs.register(job.kind, async () => {
    await job.run();
    // The job running now is still pending until it returns, so look for a later one only.
    if (!(await hasJob(app.db, job.kind, 'future'))) {
      await enqueueJob(app.db, { kind: job.kind, payload: {}, runAt: new Date(Date.now() + job.everyMs) });
    }
  });
  if (!app.config.runJobs) return;
  app.addHook('onReady', async () => {
    if (!(await hasJob(app.db, job.kind, 'pending'))) {
      await enqueueJob(app.db, {
        kind: job.kind,
        payload: {},
        runAt: new Date(Date.now() + job.firstRunInMs),
      });
    }
  });
}
