import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { forms, submissions, uploads } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { parseFormId } from '../../lib/form-id.ts';
import { isUuid } from '../../lib/ids.ts';
import { forgetPublicForm } from '../forms/public-cache.ts';
import { submissionCountOf } from '../forms/repository.ts';
import type { WireSubmission } from './schemas.ts';

export type OwnedForm = {
  id: number;
  title: string;
  fields: unknown[];
  submissionCount: number;
  notifyOnSubmission: boolean | null;
  retentionDays: number | null;
  publishedVersion: number | null;
};

/** The numeric form id of a path, or 400 'Invalid form ID'. */
export function requireFormId(raw: string | undefined): number {
  const id = parseFormId(raw);
  if (id === null) throw badRequest('Invalid form ID');
  return id;
}

/** The caller's form, or null when it is missing or belongs to someone else. */
export async function findOwnedForm(
  db: DbOrTx,
  input: { formId: number; ownerId: string },
): Promise<OwnedForm | null> {
  const [row] = await db
    .select({
      id: forms.id,
      title: forms.title,
      fields: forms.fields,
      submissionCount: submissionCountOf(forms.id),
      notifyOnSubmission: forms.notifyOnSubmission,
      retentionDays: forms.retentionDays,
      publishedVersion: forms.publishedVersion,
    })
    .from(forms)
    .where(and(eq(forms.id, input.formId), eq(forms.ownerId, input.ownerId), isNull(forms.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Like findOwnedForm but answers 404 'Form not found' on a miss (another owner's form included). */
export async function requireOwnedForm(
  db: DbOrTx,
  input: { formId: number; ownerId: string },
): Promise<OwnedForm> {
  const form = await findOwnedForm(db, input);
  if (!form) throw notFound('Form not found');
  return form;
}

type SubmissionRow = typeof submissions.$inferSelect;

export function toWireSubmission(row: SubmissionRow): WireSubmission {
  return {
    id: row.id,
    form_id: row.formId,
    data: row.data ?? {},
    metadata: row.metadata ?? {},
    created_at: new Date(row.createdAt).toISOString(),
    completed: row.completed,
    form_version: row.formVersion,
  };
}

/** One submission of a form, or null (also for an id that is not a UUID). */
export async function findSubmission(
  db: DbOrTx,
  input: { formId: number; submissionId: string },
): Promise<SubmissionRow | null> {
  if (!isUuid(input.submissionId)) return null;
  const [row] = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.id, input.submissionId), eq(submissions.formId, input.formId)))
    .limit(1);
  return row ?? null;
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

/** Saves the per-form submission settings; keys left undefined keep their value. */
export async function updateSubmissionSettings(
  db: DbOrTx,
  input: { formId: number; notifyOnSubmission?: boolean | null; retentionDays?: number | null },
): Promise<void> {
  const set: Partial<typeof forms.$inferInsert> = {};
  if (input.notifyOnSubmission !== undefined) set.notifyOnSubmission = input.notifyOnSubmission;
  if (input.retentionDays !== undefined) set.retentionDays = input.retentionDays;
  if (Object.keys(set).length === 0) return;
  await db.update(forms).set(set).where(eq(forms.id, input.formId));
  forgetPublicForm(input.formId);
}
