import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type JobHandler, type JobKind, runDueJobs } from './queue.ts';

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

const POLL_MS = 1000;

/** The job worker: polls the jobs table while the server runs. */
export default fp(async (app: FastifyInstance) => {
  const handlers = new Map<string, JobKind>();
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const countOutcome = (kind: string, outcome: string) => app.metrics.jobRuns.inc({ kind, outcome });
  const tick = async () => {
    while ((await runDueJobs(app.db, handlers, app.log, countOutcome)) > 0 && !closed) {
      // keep going while there is work
    }
  };
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((err) => app.log.error({ err }, 'job worker tick failed'))
        .finally(schedule);
    }, POLL_MS);
    timer.unref();
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
  if (app.config.runJobs) app.addHook('onReady', async () => schedule());
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
});
