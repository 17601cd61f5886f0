import { sql } from 'drizzle-orm';
import type { RecurringJob } from './definition.ts';
import { MAIL_JOB } from './queue.ts';

export const JOBS_PURGE_JOB = 'jobs.purge';

/**
 * Jobs carry mail (links, answers; sealed) until they run; a sent mail, and one that gave up,
 * keeps no payload (queue.ts); its row goes after a day, a job that gave up after a week (long
 * enough to read its last_error).
 */
export const jobsPurgeJob: RecurringJob = {
  kind: JOBS_PURGE_JOB,
  everyMs: 3600_000,
  firstRunInMs: 60_000,
  run: async (app) => {
    await app.db.execute(sql`delete from jobs where done_at < now() - interval '1 day'`);
    await app.db.execute(
      sql`delete from jobs where done_at is null and attempts >= max_attempts
        and created_at < now() - interval '7 days'`,
    );
    // Mail sent, or given up, before payloads were cleared when a job ends.
    await app.db.execute(
      sql`update jobs set payload = '{}'::jsonb
        where kind = ${MAIL_JOB} and (done_at is not null or attempts >= max_attempts)
          and payload <> '{}'::jsonb`,
    );
  },
};
