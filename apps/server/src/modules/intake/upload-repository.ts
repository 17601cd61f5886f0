import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';

export type UploadRow = typeof uploads.$inferSelect;

/** Uploads of this form among the given ids, not yet attached to a submission (or attached to `submissionId`). */
export async function listFreeUploads(
  db: DbOrTx,
  input: { formId: number; ids: string[]; submissionId?: string },
): Promise<UploadRow[]> {
  if (input.ids.length === 0) return [];
  const free = input.submissionId
    ? or(isNull(uploads.submissionId), eq(uploads.submissionId, input.submissionId))
    : isNull(uploads.submissionId);
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.formId, input.formId), inArray(uploads.id, input.ids), free));
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

export async function findUploadById(db: DbOrTx, id: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row ?? null;
}

/** Uploads in id order after `afterId` (a page of a walk over every stored file). */
export async function listUploadKeys(
  db: DbOrTx,
  input: { afterId?: string | undefined; limit: number },
): Promise<Array<Pick<UploadRow, 'id' | 'storageKey'>>> {
  return db
    .select({ id: uploads.id, storageKey: uploads.storageKey })
    .from(uploads)
    .where(input.afterId ? gt(uploads.id, input.afterId) : undefined)
    .orderBy(asc(uploads.id))
    .limit(input.limit);
}
