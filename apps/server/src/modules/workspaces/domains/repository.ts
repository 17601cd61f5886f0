import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { customDomains, forms } from '../../../db/schema.ts';

/** A stored custom domain with the workspace it serves. */
export type DomainRow = { host: string; workspaceId: number; formId: number | null };

/** Every custom domain of the instance: what the in-memory host table is loaded from. */
export async function listAllDomains(db: DbOrTx): Promise<DomainRow[]> {
  return db
    .select({
      host: customDomains.host,
      workspaceId: customDomains.workspaceId,
      formId: customDomains.formId,
    })
    .from(customDomains);
}

/** A workspace's host names, oldest first, with the title of the form each one's `/` opens. */
export async function listWorkspaceDomains(db: DbOrTx, workspaceId: number) {
  return db
    .select({
      host: customDomains.host,
      formId: customDomains.formId,
      formTitle: forms.title,
      createdAt: customDomains.createdAt,
    })
    .from(customDomains)
    .leftJoin(forms, eq(forms.id, customDomains.formId))
    .where(eq(customDomains.workspaceId, workspaceId))
    .orderBy(asc(customDomains.createdAt), asc(customDomains.host));
}

export async function countWorkspaceDomains(db: DbOrTx, workspaceId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(customDomains)
    .where(eq(customDomains.workspaceId, workspaceId));
  return row?.n ?? 0;
}

/** Stores a host name; false when another workspace (or this one) already has it. */
export async function createDomain(
  db: DbOrTx,
  row: DomainRow & { createdBy: string | null },
): Promise<boolean> {
  const made = await db
    .insert(customDomains)
    .values(row)
    .onConflictDoNothing({ target: customDomains.host })
    .returning({ host: customDomains.host });
  return made.length > 0;
}

/** Points a host's `/` at a form or at none; null when the workspace has no such host. */
export async function updateDomainForm(
  db: DbOrTx,
  input: { workspaceId: number; host: string; formId: number | null },
): Promise<{ host: string } | null> {
  const [row] = await db
    .update(customDomains)
    .set({ formId: input.formId })
    .where(and(eq(customDomains.workspaceId, input.workspaceId), eq(customDomains.host, input.host)))
    .returning({ host: customDomains.host });
  return row ?? null;
}

/** Removes a host name of the workspace; null when it has no such host. */
export async function deleteDomain(
  db: DbOrTx,
  input: { workspaceId: number; host: string },
): Promise<{ formId: number | null } | null> {
  const [row] = await db
    .delete(customDomains)
    .where(and(eq(customDomains.workspaceId, input.workspaceId), eq(customDomains.host, input.host)))
    .returning({ formId: customDomains.formId });
  return row ?? null;
}

/** The title of a form of the workspace that is not in the Trash; null for any other form. */
export async function findWorkspaceForm(
  db: DbOrTx,
  input: { workspaceId: number; formId: number },
): Promise<{ title: string } | null> {
  const [row] = await db
    .select({ title: forms.title })
    .from(forms)
    .where(
      and(eq(forms.id, input.formId), eq(forms.workspaceId, input.workspaceId), isNull(forms.deletedAt)),
    );
  return row ?? null;
}
