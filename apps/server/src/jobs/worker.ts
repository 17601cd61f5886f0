import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type JobHandler, type JobKind, onJobQueued, runDueJobs } from './queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      /** Registers the handler of a job kind; modules call this when they load. */
      register: (kind: string, handler: JobHandler, opts?: Omit<JobKind, 'run'>) => void;
      /** Runs every due job now (tests use it instead of waiting for the poll). */
      drain: () => Promise<void>;
    };
  }
}

/**
 * How soon a job queued by this process runs. A job queued inside a transaction that has not yet
 * committed is missed by that early look and found by the next poll.
 */
const WAKE_MS = 10;

/** The job worker: polls the jobs table while the server runs, and wakes when a job is queued. */
export default fp(async (app: FastifyInstance) => {
  const handlers = new Map<string, JobKind>();
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let dueAt = Number.POSITIVE_INFINITY;
  let ticking = false;
  let wakeAfterTick = false;
  let closed = false;

  const countOutcome = (kind: string, outcome: string) => app.metrics.jobRuns.inc({ kind, outcome });
  const tick = async () => {
    while ((await runDueJobs(app.db, handlers, app.log, countOutcome)) > 0 && !closed) {
      // keep going while there is work
    }
  };
  /** Runs a tick in `delay` ms, unless one is already due sooner. */
  const schedule = (delay: number) => {
    if (closed || Date.now() + delay >= dueAt) return;
    clearTimeout(timer);
    dueAt = Date.now() + delay;
    timer = setTimeout(() => {
      dueAt = Number.POSITIVE_INFINITY;
      ticking = true;
      running = tick()
        .catch((err) => app.log.error({ err }, 'job worker tick failed'))
        .finally(() => {
          ticking = false;
          schedule(wakeAfterTick ? WAKE_MS : app.config.jobPollMs);
          wakeAfterTick = false;
        });
    }, delay);
    timer.unref();
  };
  // A job queued while a tick runs may have been queued after that tick's last look.
  const wake = () => {
    if (ticking) wakeAfterTick = true;
    else schedule(WAKE_MS);
  };

  app.decorate('jobs', {
    register: (kind: string, handler: JobHandler, opts?: Omit<JobKind, 'run'>) => {
      handlers.set(kind, { run: handler, ...opts });
    },
    drain: async () => {
      await running;
      await tick();
    },
  });
  let stopListening = () => {};
  if (app.config.runJobs) {
    app.addHook('onReady', async () => {
      stopListening = onJobQueued(wake);
      schedule(app.config.jobPollMs);
    });
  }
  app.addHook('onClose', async () => {
    closed = true;
    stopListening();
    clearTimeout(timer);
    await running;
  });
});
