import type { ReportScheduleBody } from '@formsmith/core/reports/scheduled';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { scheduledReports } from '../../db/schema.ts';

export type ReportRow = typeof scheduledReports.$inferSelect;

export async function listReports(db: DbOrTx, formId: number): Promise<ReportRow[]> {
  return db
    .select()
    .from(scheduledReports)
    .where(eq(scheduledReports.formId, formId))
    .orderBy(asc(scheduledReports.createdAt), asc(scheduledReports.id));
}

export async function findReport(db: DbOrTx, formId: number, id: string): Promise<ReportRow | null> {
  const [row] = await db
    .select()
    .from(scheduledReports)
    .where(and(eq(scheduledReports.formId, formId), eq(scheduledReports.id, id)))
    .limit(1);
  return row ?? null;
}

/** The report, locked until the transaction ends: the run that sends holds it. */
export async function lockReport(db: DbOrTx, id: string): Promise<ReportRow | null> {
  const [row] = await db.select().from(scheduledReports).where(eq(scheduledReports.id, id)).for('update');
  return row ?? null;
}

const columnsOf = (body: ReportScheduleBody) => ({
  format: body.format,
  frequency: body.frequency,
  weekday: body.weekday,
  monthDay: body.month_day,
  time: body.time,
  timeZone: body.time_zone,
  recipients: body.recipients,
});

export async function insertReport(
  db: DbOrTx,
  input: { formId: number; createdBy: string; body: ReportScheduleBody; nextRunAt: Date },
): Promise<ReportRow> {
  const [row] = await db
    .insert(scheduledReports)
    .values({
      formId: input.formId,
      createdBy: input.createdBy,
      ...columnsOf(input.body),
      nextRunAt: input.nextRunAt,
    })
    .returning();
  return row!;
}

export async function updateReport(
  db: DbOrTx,
  input: { formId: number; id: string; body: ReportScheduleBody; nextRunAt: Date },
): Promise<ReportRow | null> {
  const [row] = await db
    .update(scheduledReports)
    .set({ ...columnsOf(input.body), nextRunAt: input.nextRunAt, updatedAt: new Date() })
    .where(and(eq(scheduledReports.formId, input.formId), eq(scheduledReports.id, input.id)))
    .returning();
  return row ?? null;
}

export async function deleteReport(db: DbOrTx, formId: number, id: string): Promise<boolean> {
  const rows = await db
    .delete(scheduledReports)
    .where(and(eq(scheduledReports.formId, formId), eq(scheduledReports.id, id)))
    .returning({ id: scheduledReports.id });
  return rows.length > 0;
}

/** Records a sent report: its window ends at `sentUpTo`, the next one goes at `nextRunAt`. */
export async function markReportSent(
  db: DbOrTx,
  input: { id: string; sentUpTo: Date; nextRunAt: Date },
): Promise<void> {
  await db
    .update(scheduledReports)
    .set({ lastSentAt: input.sentUpTo, nextRunAt: input.nextRunAt })
    .where(eq(scheduledReports.id, input.id));
}

export type Recipient = { id: string; email: string; name: string };

/**
 * Of these addresses, those of accounts with a verified address that belong to the workspace
 * (its owner included: an owner is a member with the owner role).
 */
export async function findAllowedRecipients(
  db: DbOrTx,
  workspaceId: number,
  emails: string[],
): Promise<Recipient[]> {
  if (emails.length === 0) return [];
  return queryRows<Recipient>(
    db,
    sql`select u.id, lower(u.email) as email, u.name from users u
      join workspace_members m on m.user_id = u.id and m.workspace_id = ${workspaceId}
      where lower(u.email) = any(${sql.param(emails)}::text[]) and u.email_verified_at is not null`,
  );
}

export async function findReportById(db: DbOrTx, id: string): Promise<ReportRow | null> {
  const [row] = await db.select().from(scheduledReports).where(eq(scheduledReports.id, id)).limit(1);
  return row ?? null;
}
