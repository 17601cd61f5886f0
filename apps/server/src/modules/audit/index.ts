// The audit module's public entry: writing an entry in the transaction of a change, and reading
// a workspace's log. Modules above it record; workspaces serves the log to owners and admins.
import type { RecurringJob } from '../../jobs/definition.ts';
import { purgeAuditEntries } from './log.ts';

export { auditCsvLines, readAuditPage } from './log.ts';
export { type AuditRecord, recordAudit } from './record.ts';

const DAY_MS = 24 * 3600_000;

/** The daily purge of entries older than AUDIT_RETENTION_DAYS. */
export const auditPurgeJob: RecurringJob = {
  kind: 'audit.purge',
  everyMs: DAY_MS,
  firstRunInMs: 60_000,
  run: async (app) => {
    const purged = await purgeAuditEntries(app.db, app.config.auditRetentionDays);
    if (purged > 0) app.log.info({ purged }, 'purged audit entries past their retention');
  },
};
