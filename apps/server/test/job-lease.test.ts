import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { enqueueJob, type JobKind, runDueJobs } from '../src/jobs/queue.ts';
import { createTestApp, dbKind } from './helpers/app.ts';

const quiet = { warn: () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Two "instances" are two runDueJobs loops on one database, as several servers are on PostgreSQL.
// A 1-second lease stands for the real one (30 s) so the test does not wait for it.
describe(`job leases (${dbKind})`, () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp();
    // On PostgreSQL the jobs table is shared with the test files before this one: their due jobs
    // are put off (no handler here: each is retried later), so the claims below find only ours.
    while ((await runDueJobs(app.db, new Map(), quiet)) > 0) {}
  });
  afterAll(() => app.close());

  const jobsOf = (kind: string) =>
    queryRows<{ done: boolean; attempts: number }>(
      app.db,
      sql`select done_at is not null as done, attempts from jobs where kind = ${kind}`,
    );

  it('a slow job keeps its lease while it runs: another instance does not take it twice', async () => {
    const kind = `test.slow.${Date.now()}`;
    let runs = 0;
    const handlers = new Map<string, JobKind>([
      [
        kind,
        {
          run: async () => {
            runs++;
            await sleep(2500);
          },
        },
      ],
    ]);
    await enqueueJob(app.db, { kind, payload: {} });
    const first = runDueJobs(app.db, handlers, quiet, undefined, 1);
    // Past the first lease's end (1 s), twice: the renewals keep the job with the first instance.
    await sleep(1300);
    await runDueJobs(app.db, handlers, quiet, undefined, 1);
    await sleep(700);
    await runDueJobs(app.db, handlers, quiet, undefined, 1);
    await first;
    // Claimed once (a claim counts an attempt), run once.
    expect(runs).toBe(1);
    expect(await jobsOf(kind)).toEqual([{ done: true, attempts: 1 }]);
  });

  it('the job of an instance that died goes to another one once its lease ends', async () => {
    const kind = `test.orphan.${Date.now()}`;
    let runs = 0;
    const handlers = new Map<string, JobKind>([[kind, { run: async () => void runs++ }]]);
    await enqueueJob(app.db, { kind, payload: {} });
    // Claimed by an instance that was then killed: no one renews its lease.
    await app.db.execute(
      sql`update jobs set attempts = 1, locked_until = now() + interval '1 second' where kind = ${kind}`,
    );
    await runDueJobs(app.db, handlers, quiet, undefined, 1);
    expect(runs).toBe(0);
    await sleep(1200);
    await runDueJobs(app.db, handlers, quiet, undefined, 1);
    expect(runs).toBe(1);
    expect(await jobsOf(kind)).toEqual([{ done: true, attempts: 2 }]);
  });
});

// The worker polls every ten minutes here: a job that runs within the test's time was started by
// its queueing, not by the poll.
describe(`the job worker wakes when a job is queued (${dbKind})`, () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp({ runJobs: true, jobPollMs: 600_000 });
    // Earlier files' jobs in this database are not this worker's business.
    await app.db.execute(sql`update jobs set done_at = now() where done_at is null`);
  });
  afterAll(() => app.close());

  it('a queued job runs at once instead of at the next poll', async () => {
    const kind = `test.wake.${Date.now()}`;
    const ran = new Promise<void>((resolve) => app.jobs.register(kind, async () => resolve()));
    await enqueueJob(app.db, { kind, payload: {} });
    await ran;
  });

  it('a job queued while another runs starts as soon as that one ends', async () => {
    const slow = `test.slow-wake.${Date.now()}`;
    const next = `test.next-wake.${Date.now()}`;
    let release = () => {};
    const started = new Promise<void>((resolve) =>
      app.jobs.register(slow, () => {
        resolve();
        return new Promise<void>((r) => {
          release = r;
        });
      }),
    );
    const ranNext = new Promise<void>((resolve) => app.jobs.register(next, async () => resolve()));
    await enqueueJob(app.db, { kind: slow, payload: {} });
    await started;
    // The running tick has already claimed its jobs: this one is queued after its last look.
    await enqueueJob(app.db, { kind: next, payload: {} });
    release();
    await ranNext;
  });
});
