import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { forms, submissions, uploads } from '../../db/schema.ts';

/** Inserts a submission; null when one with the same idempotency key already exists. */
export async function createSubmission(
  db: DbOrTx,
  input: {
    formId: number;
    data: Record<string, unknown>;
    metadata: Record<string, unknown>;
    completed: boolean;
    idempotencyKey: string | null;
    createdAt: Date;
  },
): Promise<string | null> {
  const rows = await db
    .insert(submissions)
    .values(input)
    .onConflictDoNothing({ target: [submissions.formId, submissions.idempotencyKey] })
    .returning({ id: submissions.id });
  return rows[0]?.id ?? null;
}

export async function findSubmissionIdByKey(
  db: DbOrTx,
  formId: number,
  idempotencyKey: string,
): Promise<string | null> {
  const rows = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.formId, formId), eq(submissions.idempotencyKey, idempotencyKey)))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function incrementSubmissionCount(db: DbOrTx, formId: number): Promise<void> {
  await db
    .update(forms)
    .set({ submissionCount: sql`${forms.submissionCount} + 1` })
    .where(eq(forms.id, formId));
}

export type UploadRow = typeof uploads.$inferSelect;

/** Uploads of this form not yet attached to a submission, among the given ids. */
export async function listUnattachedUploads(db: DbOrTx, formId: number, ids: string[]): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.formId, formId), inArray(uploads.id, ids), isNull(uploads.submissionId)));
}

/** Attaches uploads to their submission; answers how many were still free to attach. */
export async function attachUploads(db: DbOrTx, submissionId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(uploads)
    .set({ submissionId })
    .where(and(inArray(uploads.id, ids), isNull(uploads.submissionId)))
    .returning({ id: uploads.id });
  return rows.length;
}

export async function createUpload(
  db: DbOrTx,
  input: {
    formId: number;
    fieldId: string;
    filename: string;
    mimeType: string;
    size: number;
    storageKey: string;
  },
): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(input).returning();
  return row!;
}
