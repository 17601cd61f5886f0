import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../db/client.ts';
import { jobs } from '../db/schema.ts';

/** Runs one job; `job` tells which attempt this is, so a handler can act on its last one. */
/** The kind of mail jobs (mail/mailer.ts sends them); their payload is the whole mail. */
export const MAIL_JOB = 'mail.send';

export type JobHandler = (
  payload: Record<string, unknown>,
  job: { attempt: number; maxAttempts: number },
) => Promise<void>;

/** A job kind's handler and, optionally, its own wait before attempt `attempt + 1`. */
export type JobKind = { run: JobHandler; retryDelaySeconds?: (attempt: number) => number };

/** The default wait after a failed attempt: exponential, capped at an hour. */
function defaultRetryDelaySeconds(attempt: number): number {
  return Math.min(3600, 2 ** attempt * 5);
}

const queuedListeners = new Set<() => void>();

/**
 * Calls `listener` whenever this process queues a job due now, so a worker can start it at once
 * instead of at its next poll. Returns the function that stops listening.
 */
export function onJobQueued(listener: () => void): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

/** Adds a job; pass the transaction that writes the data the job is about so both commit together. */
export async function enqueueJob(
  db: DbOrTx,
  input: {
    kind: string;
    payload: Record<string, unknown>;
    runAt?: Date;
    maxAttempts?: number;
    /** The account the job is about: its jobs go when the account is deleted. */
    userId?: string;
  },
): Promise<void> {
  await db.insert(jobs).values({
    kind: input.kind,
    userId: input.userId ?? null,
    payload: input.payload,
    runAt: input.runAt ?? new Date(),
    maxAttempts: input.maxAttempts ?? 8,
  });
  if (!input.runAt || input.runAt.getTime() <= Date.now()) for (const listener of queuedListeners) listener();
}

type ClaimedJob = {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
};

/**
 * How long a claim holds a job. The instance renews it every third of that while the job waits or
 * runs, so a job of an instance that died (SIGKILL, a lost machine) goes to another one within
 * this long, while a slow job on a live instance is never taken twice.
 */
export const JOB_LEASE_SECONDS = 30;

type JobLog = { warn: (obj: object, msg: string) => void };
type OnOutcome = (kind: string, outcome: 'done' | 'retry' | 'failed') => void;

/** Claims due jobs so that several instances never run the same one (FOR UPDATE SKIP LOCKED). */
async function claimJobs(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedJob[]> {
  return queryRows<ClaimedJob>(
    db,
    sql`update jobs set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
    where id in (
      select id from jobs
      where done_at is null and run_at <= now() and attempts < max_attempts
        and (locked_until is null or locked_until < now())
      order by run_at limit ${limit}
      for update skip locked
    )
    returning id, kind, payload, attempts, max_attempts`,
  );
}

/**
 * Runs due jobs once; a failed job is retried later with exponential backoff. Returns how many ran.
 * `leaseSeconds` is for tests (the default is JOB_LEASE_SECONDS).
 */
export async function runDueJobs(
  db: Db,
  handlers: ReadonlyMap<string, JobKind>,
  log: JobLog,
  onOutcome?: OnOutcome,
  leaseSeconds = JOB_LEASE_SECONDS,
): Promise<number> {
  const claimed = await claimJobs(db, 20, leaseSeconds);
  if (claimed.length === 0) return 0;
  // The claimed jobs not finished yet keep their lease while this instance lives.
  const held = new Set(claimed.map((job) => job.id));
  const renew = setInterval(
    () => {
      void db
        .execute(
          sql`update jobs set locked_until = now() + make_interval(secs => ${leaseSeconds})
          where id = any(${sql.param([...held])}::bigint[]) and done_at is null and locked_until is not null`,
        )
        .catch((err) => log.warn({ err: String(err) }, 'could not renew the lease of claimed jobs'));
    },
    (leaseSeconds * 1000) / 3,
  );
  renew.unref();
  try {
    for (const job of claimed) {
      await runClaimedJob(db, handlers, log, job, onOutcome);
      held.delete(job.id);
    }
  } finally {
    clearInterval(renew);
  }
  return claimed.length;
}

async function runClaimedJob(
  db: Db,
  handlers: ReadonlyMap<string, JobKind>,
  log: JobLog,
  job: ClaimedJob,
  onOutcome?: OnOutcome,
): Promise<void> {
  const handler = handlers.get(job.kind);
  try {
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    await handler.run(job.payload, { attempt: job.attempts, maxAttempts: job.max_attempts });
    await db.execute(
      // A sent mail keeps nothing of what it carried (links, answers); other kinds carry ids only.
      sql`update jobs set done_at = now(), locked_until = null, last_error = null,
        payload = case when kind = ${MAIL_JOB} then '{}'::jsonb else payload end
        where id = ${job.id}`,
    );
    onOutcome?.(job.kind, 'done');
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const delaySeconds = (handler?.retryDelaySeconds ?? defaultRetryDelaySeconds)(job.attempts);
    log.warn(
      { jobId: job.id, kind: job.kind, attempt: job.attempts, err: message },
      'job failed, will retry',
    );
    // A mail that will not be tried again keeps nothing of what it carried either.
    await db.execute(sql`
      update jobs set locked_until = null, last_error = ${message},
        run_at = now() + make_interval(secs => ${delaySeconds}),
        payload = case when kind = ${MAIL_JOB} and attempts >= max_attempts then '{}'::jsonb else payload end
      where id = ${job.id}`);
    onOutcome?.(job.kind, job.attempts >= job.max_attempts ? 'failed' : 'retry');
  }
}
