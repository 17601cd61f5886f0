import type { WireSubmission } from '@formsmith/core/submissions/api';
import { type ProgressSummary, progressRecordSchema } from '@formsmith/core/submissions/progress';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { forms, submissions, uploads } from '../../db/schema.ts';
import type { Keyring } from '../../lib/encryption/index.ts';
import { isUuid } from '../../lib/ids.ts';
import type { FormRow } from '../forms/index.ts';
import { answersInReach, type Caller, inReach } from '../workspaces/index.ts';
import { readAnswers, withAnswers } from './answer-sealing.ts';
import { afterPlace, cursorColumn } from './cursor.ts';
import { scanSubmissions } from './search.ts';

/** The owner's form as the submissions module reads it (from the forms module). */
export type OwnedForm = FormRow;

/** A submission row with its answers opened into data (answer-sealing.ts). */
type SubmissionRow = Omit<typeof submissions.$inferSelect, 'sealedData'>;

type WireRow = Omit<
  SubmissionRow,
  'txid' | 'resumeTokenHash' | 'progress' | 'updatedAt' | 'envelope' | 'assigneeId' | 'triageStatus'
> &
  Partial<Pick<SubmissionRow, 'progress' | 'updatedAt' | 'envelope'>>;

/** How far an incomplete submission got, as owners read it; null for one sent in one go or completed. */
export function progressSummary(
  row: Pick<WireRow, 'progress' | 'updatedAt' | 'completed'>,
): ProgressSummary | null {
  // Most rows are completed or never had progress: checked first, the schema's refusal of them
  // would cost an error object each (the JSON export reads every row through here).
  if (row.completed || !row.updatedAt || row.progress == null) return null;
  const record = progressRecordSchema.safeParse(row.progress);
  if (!record.success) return null;
  return {
    step: record.data.step,
    label: record.data.label,
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}

export function toWireSubmission(row: WireRow): WireSubmission {
  return {
    id: row.id,
    form_id: row.formId,
    number: row.number,
    data: row.data ?? {},
    metadata: row.metadata ?? {},
    created_at: new Date(row.createdAt).toISOString(),
    completed: row.completed,
    form_version: row.formVersion,
    language: row.language,
    progress: progressSummary(row),
    ...(row.envelope ? { envelope: row.envelope } : {}),
  };
}

/** One submission of a form, or null (also for an id that is not a UUID). */
export async function findSubmission(
  db: DbOrTx,
  keyring: Keyring,
  input: { formId: number; submissionId: string },
): Promise<SubmissionRow | null> {
  if (!isUuid(input.submissionId)) return null;
  const [row] = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.id, input.submissionId), eq(submissions.formId, input.formId)))
    .limit(1);
  return row ? withAnswers(keyring, row) : null;
}

/** An uploaded file that belongs to this submission of this form, or null. */
export async function findSubmissionUpload(
  db: DbOrTx,
  input: { formId: number; submissionId: string; uploadId: string },
) {
  if (!isUuid(input.submissionId) || !isUuid(input.uploadId)) return null;
  const [row] = await db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.id, input.uploadId),
        eq(uploads.formId, input.formId),
        eq(uploads.submissionId, input.submissionId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Merges the client's timing into a submission stored without any (no metadata.analytics, or
 * one with no total and no interactions). The conditional update lets exactly one call win;
 * null when the submission is missing or already has timing.
 */
export async function mergeSubmissionTiming(
  db: DbOrTx,
  input: { formId: number; submissionId: string; timing: Record<string, unknown> },
): Promise<{ createdAt: Date; metadata: Record<string, unknown> | null } | null> {
  const m = submissions.metadata;
  const lacksTiming = sql`(not (${m} ? 'analytics') or (
    jsonb_typeof(${m} -> 'analytics' -> 'totalTimeSpent') is distinct from 'number'
    and coalesce(${m} -> 'analytics' -> 'fieldInteractions', '{}'::jsonb) = '{}'::jsonb))`;
  const [row] = await db
    .update(submissions)
    .set({ metadata: sql`${m} || jsonb_build_object('analytics', ${JSON.stringify(input.timing)}::jsonb)` })
    .where(and(eq(submissions.id, input.submissionId), eq(submissions.formId, input.formId), lacksTiming))
    .returning({ createdAt: submissions.createdAt, metadata: submissions.metadata });
  return row ?? null;
}

export type StoredSubmission = {
  id: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  createdAt: Date;
  /** The form version it answered. */
  formVersion: number;
};

/**
 * A form's submissions in storage order (oldest first), a page after the given place (the
 * `place` of the last row of the page before; the microsecond, so no row is read twice).
 */
export async function listSubmissionsAfter(
  db: DbOrTx,
  keyring: Keyring,
  input: { formId: number; after: string | null; limit: number },
): Promise<(StoredSubmission & { place: string })[]> {
  const rows = await db
    .select({
      id: submissions.id,
      data: submissions.data,
      sealedData: submissions.sealedData,
      metadata: submissions.metadata,
      createdAt: submissions.createdAt,
      formVersion: submissions.formVersion,
      place: cursorColumn,
    })
    .from(submissions)
    // Answers saved as the respondent went and never sent are not submissions: the submit counts
    // none of them in the aggregates, so neither does a rebuild.
    .where(
      and(
        eq(submissions.formId, input.formId),
        eq(submissions.completed, true),
        input.after ? afterPlace(input.after) : undefined,
      ),
    )
    .orderBy(asc(submissions.createdAt), asc(submissions.id))
    .limit(input.limit);
  return rows.map((row) => ({
    id: row.id,
    data: readAnswers(keyring, row),
    metadata: row.metadata,
    createdAt: row.createdAt,
    formVersion: row.formVersion,
    place: row.place,
  }));
}

/** The form versions a form's submissions answered. */
export async function listAnsweredVersions(db: DbOrTx, formId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ v: submissions.formVersion })
    .from(submissions)
    .where(eq(submissions.formId, formId));
  return rows.map((r) => r.v);
}

/** The form version one submission of a form answered, or null when there is no such submission. */
export async function findSubmissionVersion(
  db: DbOrTx,
  input: { formId: number; submissionId: string },
): Promise<number | null> {
  if (!isUuid(input.submissionId)) return null;
  const [row] = await db
    .select({ v: submissions.formVersion })
    .from(submissions)
    .where(and(eq(submissions.id, input.submissionId), eq(submissions.formId, input.formId)))
    .limit(1);
  return row?.v ?? null;
}

/*
 * Reads across the owner's forms. These join forms only to know the owner and the title, in
 * the same statement, so that one owner's search never loads another owner's submissions.
 */

export type OwnerSubmissionRow = {
  id: string;
  form_id: number;
  form_title: string;
  created_at: Date | string;
  data?: unknown;
};

/** ` and forms.workspace_id = …` when a workspace is named, else nothing (every one reached). */
const inWorkspace = (workspaceId: number | undefined) =>
  workspaceId === undefined ? sql`` : sql` and ${forms.workspaceId} = ${workspaceId}`;

/**
 * Submissions of the caller's workspaces with an answer containing the text, most recent first;
 * none of a form whose viewers see only counts when the caller is one of its viewers.
 */
export async function searchSubmissions(
  db: DbOrTx,
  keyring: Keyring,
  input: { caller: Caller; workspaceId?: number; text: string; limit: number },
): Promise<OwnerSubmissionRow[]> {
  const found: OwnerSubmissionRow[] = [];
  await scanSubmissions(db, keyring, {
    where: sql`${answersInReach(forms.workspaceId, forms.viewerAnswers, input.caller)} and ${forms.deletedAt} is null${inWorkspace(input.workspaceId)}`,
    search: { text: input.text, ids: false },
    visit: (row) => {
      found.push({
        id: row.id,
        form_id: row.formId,
        form_title: row.formTitle,
        created_at: row.createdAt,
        data: row.data,
      });
      return found.length < input.limit;
    },
  });
  return found;
}

/** The latest submissions to the forms of the caller's workspaces, or of the one named. */
export async function listRecentSubmissions(
  db: DbOrTx,
  input: { caller: Caller; workspaceId?: number; limit: number },
): Promise<OwnerSubmissionRow[]> {
  return queryRows<OwnerSubmissionRow>(
    db,
    sql`select s.id, s.form_id, ${forms.title} as form_title, s.created_at
    from submissions s join ${forms} on ${forms.id} = s.form_id
    where ${inReach(forms.workspaceId, input.caller)} and ${forms.deletedAt} is null${inWorkspace(input.workspaceId)}
    order by s.created_at desc, s.id desc limit ${input.limit}`,
  );
}

export type DigestCountRow = {
  user_id: string;
  email: string;
  name: string;
  form_id: number;
  title: string;
  n: number | string;
};

/**
 * Per form, how many submissions arrived in [since, until), for every verified owner whose
 * weekly digest is on (the default) and was not sent after `sentBefore`. One statement over
 * users, their forms and settings: the digest run reads every owner at once.
 */
export async function listDigestCounts(
  db: DbOrTx,
  input: { since: Date; until: Date; sentBefore: Date; userIds?: string[] },
): Promise<DigestCountRow[]> {
  const only = input.userIds
    ? sql`and u.id in (${sql.join(
        input.userIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  return queryRows<DigestCountRow>(
    db,
    sql`select u.id as user_id, u.email, u.name, f.id as form_id, f.title,
      (select count(*) from submissions s
        where s.form_id = f.id and s.created_at >= ${input.since.toISOString()}::timestamptz
          and s.created_at < ${input.until.toISOString()}::timestamptz) as n
    from users u
    join forms f on f.owner_id = u.id and f.deleted_at is null
    left join notification_settings ns on ns.user_id = u.id
    where u.email_verified_at is not null and u.role <> 'system'
      and coalesce(ns.weekly_digest, true)
      and (ns.last_digest_at is null or ns.last_digest_at < ${input.sentBefore.toISOString()}::timestamptz)
      ${only}
    order by u.id, f.title, f.id`,
  );
}
