// The reports module's public entry: a form's scheduled reports by mail.

export { REPORT_JOB, reportJob, runReport } from './run.ts';
