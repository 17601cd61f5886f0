import {
  nextReportRun,
  type ReportSchedule,
  type ReportScheduleBody,
} from '@formsmith/core/reports/scheduled';
import { SEALED_SUMMARY } from '@formsmith/core/submissions/summary-report';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { requireOwnedForm } from '../forms/index.ts';
import * as repo from './repository.ts';
import { queueReportRun } from './run.ts';

type FormInput = { formId: number; ownerId: string };
export const REPORT_NOT_FOUND = 'Report not found';

export function toWireReport(row: repo.ReportRow): ReportSchedule {
  return {
    id: row.id,
    format: row.format as ReportSchedule['format'],
    frequency: row.frequency as ReportSchedule['frequency'],
    weekday: row.weekday,
    month_day: row.monthDay,
    time: row.time,
    time_zone: row.timeZone,
    recipients: row.recipients,
    next_run_at: row.nextRunAt.toISOString(),
    last_sent_at: row.lastSentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A summary cannot be made of answers encrypted end to end: the server cannot read them. */
function assertFormat(form: { encryptionLevel: string }, body: ReportScheduleBody): void {
  if (body.format === 'pdf' && form.encryptionLevel === 'enhanced') throw conflict(SEALED_SUMMARY);
}

/** Refuses addresses that are not verified accounts of the form's workspace. */
async function assertRecipients(app: FastifyInstance, workspaceId: number, emails: string[]): Promise<void> {
  const allowed = new Set(
    (await repo.findAllowedRecipients(app.db, workspaceId, emails)).map((r) => r.email),
  );
  const refused = emails.filter((e) => !allowed.has(e));
  if (refused.length === 0) return;
  const message =
    `Reports go only to members of this form's workspace with a verified email address; ` +
    `not: ${refused.join(', ')}`;
  throw badRequest(message, { recipients: message });
}

export async function listFormReports(app: FastifyInstance, input: FormInput) {
  await requireOwnedForm(app.db, input);
  return { schedules: (await repo.listReports(app.db, input.formId)).map(toWireReport) };
}

export async function createFormReport(
  app: FastifyInstance,
  input: FormInput & { body: ReportScheduleBody; now?: Date },
): Promise<ReportSchedule> {
  const form = await requireOwnedForm(app.db, input);
  assertFormat(form, input.body);
  await assertRecipients(app, form.workspaceId, input.body.recipients);
  const nextRunAt = nextReportRun(input.body, input.now ?? new Date());
  const row = await app.db.transaction(async (tx) => {
    const inserted = await repo.insertReport(tx, {
      formId: form.id,
      createdBy: input.ownerId,
      body: input.body,
      nextRunAt,
    });
    await queueReportRun(tx, inserted.id, nextRunAt);
    return inserted;
  });
  return toWireReport(row);
}

export async function updateFormReport(
  app: FastifyInstance,
  input: FormInput & { reportId: string; body: ReportScheduleBody; now?: Date },
): Promise<ReportSchedule> {
  const form = await requireOwnedForm(app.db, input);
  const current = await repo.findReport(app.db, form.id, input.reportId);
  if (!current) throw notFound(REPORT_NOT_FOUND);
  assertFormat(form, input.body);
  await assertRecipients(app, form.workspaceId, input.body.recipients);
  const nextRunAt = nextReportRun(input.body, input.now ?? new Date());
  const row = await app.db.transaction(async (tx) => {
    const updated = await repo.updateReport(tx, {
      formId: form.id,
      id: input.reportId,
      body: input.body,
      nextRunAt,
    });
    if (!updated) throw notFound(REPORT_NOT_FOUND);
    // The job queued for the old time finds the run moved and does nothing.
    if (current.nextRunAt.getTime() !== nextRunAt.getTime()) await queueReportRun(tx, updated.id, nextRunAt);
    return updated;
  });
  return toWireReport(row);
}

export async function deleteFormReport(
  app: FastifyInstance,
  input: FormInput & { reportId: string },
): Promise<void> {
  await requireOwnedForm(app.db, input);
  // Its queued run finds no report and does nothing.
  if (!(await repo.deleteReport(app.db, input.formId, input.reportId))) throw notFound(REPORT_NOT_FOUND);
}
