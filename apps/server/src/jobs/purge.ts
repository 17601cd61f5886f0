import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { scheduleRecurringJob } from './recurring.ts';

export const JOBS_PURGE_JOB = 'jobs.purge';

const HOUR_MS = 3600_000;

/**
 * Jobs carry mail (links, answers) until they run; a finished job keeps no payload (queue.ts) and
 * its row goes after a day, a job that gave up after a week (long enough to read its last_error).
 */
export function registerJobsPurge(app: FastifyInstance): void {
  scheduleRecurringJob(app, {
    kind: JOBS_PURGE_JOB,
    everyMs: HOUR_MS,
    firstRunInMs: 60_000,
    run: async () => {
      await app.db.execute(sql`delete from jobs where done_at < now() - interval '1 day'`);
      await app.db.execute(
        sql`delete from jobs where done_at is null and attempts >= max_attempts
          and created_at < now() - interval '7 days'`,
      );
      // Rows finished before payloads were cleared on completion.
      await app.db.execute(
        sql`update jobs set payload = '{}'::jsonb where done_at is not null and payload <> '{}'::jsonb`,
      );
    },
  });
}
