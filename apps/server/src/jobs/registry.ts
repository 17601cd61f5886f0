import type { FastifyInstance } from 'fastify';
import { mailJob } from '../mail/mailer.ts';
import { digestJob } from '../modules/account/index.ts';
import { auditPurgeJob } from '../modules/audit/index.ts';
import { loginLinkJob, verificationLinkJob } from '../modules/auth/index.ts';
import { trashPurgeJob } from '../modules/forms/index.ts';
import { reportJob } from '../modules/reports/index.ts';
import { attachSubmissionPdf, retentionJob } from '../modules/submissions/index.ts';
import { webhookDeliveryJob } from '../modules/webhooks/index.ts';
import type { JobDefinition } from './definition.ts';
import { jobsPurgeJob } from './purge.ts';
import { scheduleRecurringJob } from './recurring.ts';

/** Every background job of the server. Adding a kind is one line here. */
const JOBS: JobDefinition[] = [
  mailJob(attachSubmissionPdf),
  retentionJob,
  digestJob,
  webhookDeliveryJob,
  loginLinkJob,
  verificationLinkJob,
  jobsPurgeJob,
  trashPurgeJob,
  auditPurgeJob,
  reportJob,
];

/** Registers every job kind with the worker (app.ts calls this once the worker and mailer exist). */
export function registerJobs(app: FastifyInstance, jobs: JobDefinition[] = JOBS): void {
  for (const job of jobs) {
    if ('handler' in job) {
      app.jobs.register(job.kind, job.handler(app), { retryDelaySeconds: job.retryDelaySeconds });
    } else {
      scheduleRecurringJob(app, { ...job, run: () => job.run(app) });
    }
  }
}
