import type { TemplateForm } from '@formsmith/core/templates/template';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { formTemplates } from '../../db/schema.ts';

// The only code on the form_templates table: a workspace's templates, each saved from one of its
// forms. Every call names the workspace, so a template is only ever reached through its own.

export type TemplateRow = typeof formTemplates.$inferSelect;

type InWorkspace = { workspaceId: number; templateId: string };

const inWorkspace = (input: InWorkspace) =>
  and(eq(formTemplates.id, input.templateId), eq(formTemplates.workspaceId, input.workspaceId));

/** The workspace's templates, newest first. */
export async function listTemplates(db: DbOrTx, workspaceId: number): Promise<TemplateRow[]> {
  return db
    .select()
    .from(formTemplates)
    .where(eq(formTemplates.workspaceId, workspaceId))
    .orderBy(desc(formTemplates.createdAt), desc(formTemplates.id));
}

export async function countTemplates(db: DbOrTx, workspaceId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(formTemplates)
    .where(eq(formTemplates.workspaceId, workspaceId));
  return Number(row?.n ?? 0);
}

export async function createTemplate(
  db: DbOrTx,
  input: { workspaceId: number; title: string; summary: string; form: TemplateForm; createdBy: string },
): Promise<TemplateRow> {
  const [row] = await db.insert(formTemplates).values(input).returning();
  return row!;
}

/** The template with its title or summary changed, or null when the workspace has no such template. */
export async function updateTemplate(
  db: DbOrTx,
  input: InWorkspace & { changes: { title?: string; summary?: string } },
): Promise<TemplateRow | null> {
  const [row] = await db
    .update(formTemplates)
    .set({ ...input.changes, updatedAt: new Date() })
    .where(inWorkspace(input))
    .returning();
  return row ?? null;
}

/** The deleted template, or null when the workspace has no such template. */
export async function deleteTemplate(db: DbOrTx, input: InWorkspace): Promise<TemplateRow | null> {
  const [row] = await db.delete(formTemplates).where(inWorkspace(input)).returning();
  return row ?? null;
}

export async function findTemplate(db: DbOrTx, input: InWorkspace): Promise<TemplateRow | null> {
  const [row] = await db.select().from(formTemplates).where(inWorkspace(input)).limit(1);
  return row ?? null;
}
