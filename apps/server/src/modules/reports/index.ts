// The reports module's public entry: a form's scheduled reports by mail.

export { default as reportRoutes } from './routes.ts';
export { REPORT_JOB, reportJob, runReport } from './run.ts';
