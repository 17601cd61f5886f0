import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';

export type UploadRow = typeof uploads.$inferSelect;

/** Uploads of this form not yet attached to a submission, among the given ids. */
export async function listUnattachedUploads(db: DbOrTx, formId: number, ids: string[]): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.formId, formId), inArray(uploads.id, ids), isNull(uploads.submissionId)));
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
