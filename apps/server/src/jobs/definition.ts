import type { FastifyInstance } from 'fastify';
import type { JobHandler } from './queue.ts';

// What a job kind declares, next to the code it runs; registry.ts lists every kind. The types
// live apart from that list, which imports the modules, so that the modules and the mailer can
// name them without importing it.

/** A job run when code queues it (enqueueJob with its kind). */
export type QueuedJob = {
  kind: string;
  handler: (app: FastifyInstance) => JobHandler;
  /** Its own wait before the next attempt after a failure (the queue's default otherwise). */
  retryDelaySeconds?: (attempt: number) => number;
};
/** A job that reschedules itself every `everyMs`; start-up seeds the first run `firstRunInMs` from now. */
export type RecurringJob = {
  kind: string;
  everyMs: number;
  firstRunInMs: number;
  run: (app: FastifyInstance) => Promise<void>;
};
export type JobDefinition = QueuedJob | RecurringJob;
