import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { formFolders, forms } from '../../db/schema.ts';
import { inReach, memberCaller } from '../workspaces/index.ts';

// The only code on the form_folders table. Filing a form in a folder is a write of the form
// (repository.ts); deleting a folder leaves its forms unfiled (the key's ON DELETE SET NULL).

export type FolderRow = Omit<typeof formFolders.$inferSelect, 'workspaceId'> & { formCount: number };

/**
 * How many of the owner's forms (not in the Trash) a folder holds. The folder's id is named with
 * its table: drizzle writes a column of the queried table unqualified, which inside this subquery
 * would be the form's id.
 */
const formCount = sql<number>`(select count(*)::int from ${forms} f
  where f.folder_id = "form_folders"."id" and f.deleted_at is null)`.mapWith(Number);

/** The folder is in a workspace the caller belongs to (the route checked its role). */
const reachedBy = (ownerId: string) => inReach(formFolders.workspaceId, memberCaller(ownerId));

const columns = {
  id: formFolders.id,
  ownerId: formFolders.ownerId,
  name: formFolders.name,
  createdAt: formFolders.createdAt,
  formCount,
};

/** The folders of the caller's workspaces by name. */
export async function listFolders(db: DbOrTx, workspaceId: number): Promise<FolderRow[]> {
  return db
    .select(columns)
    .from(formFolders)
    .where(eq(formFolders.workspaceId, workspaceId))
    .orderBy(sql`lower(${formFolders.name})`, asc(formFolders.id));
}

/**
 * The caller's folder (in a workspace it belongs to; in `workspaceId` when given), or null when it
 * is missing or not.
 */
export async function findOwnedFolder(
  db: DbOrTx,
  input: { folderId: number; ownerId: string; workspaceId?: number },
): Promise<FolderRow | null> {
  const inWorkspace =
    input.workspaceId === undefined ? undefined : eq(formFolders.workspaceId, input.workspaceId);
  const [row] = await db
    .select(columns)
    .from(formFolders)
    .where(and(eq(formFolders.id, input.folderId), reachedBy(input.ownerId), inWorkspace))
    .limit(1);
  return row ?? null;
}

export async function countFolders(db: DbOrTx, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(formFolders)
    .where(eq(formFolders.ownerId, ownerId));
  return Number(row?.n ?? 0);
}

/** A new, empty folder (a taken name fails on the unique index). */
export async function createFolder(
  db: DbOrTx,
  input: { ownerId: string; name: string; workspaceId: number },
): Promise<FolderRow> {
  const [row] = await db.insert(formFolders).values(input).returning();
  return { ...row!, formCount: 0 };
}

/** Renames the caller's folder; null when it is not theirs. */
export async function renameFolder(
  db: DbOrTx,
  input: { folderId: number; ownerId: string; name: string },
): Promise<FolderRow | null> {
  const [row] = await db
    .update(formFolders)
    .set({ name: input.name })
    .where(and(eq(formFolders.id, input.folderId), reachedBy(input.ownerId)))
    .returning(columns);
  return row ?? null;
}

/** Deletes the caller's folder (its forms stay, unfiled); false when it is not theirs. */
export async function deleteFolder(
  db: DbOrTx,
  input: { folderId: number; ownerId: string },
): Promise<boolean> {
  const rows = await db
    .delete(formFolders)
    .where(and(eq(formFolders.id, input.folderId), reachedBy(input.ownerId)))
    .returning({ id: formFolders.id });
  return rows.length > 0;
}
