import type { SavedView, SavedViewBody } from '@formsmith/core/submissions/view-state';
import { and, asc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { submissionViews } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';

// Saved views of a form's review table: a name, the columns and the answer filter. A view is its
// maker's alone unless shared, when everyone who can read the form's answers sees it; only its
// maker changes or deletes it.

const VIEW_NOT_FOUND = 'Saved view not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ViewRow = typeof submissionViews.$inferSelect;

function toWireView(row: ViewRow, callerId: string): SavedView {
  const state = row.state as SavedView['state'];
  return {
    id: row.id,
    name: row.name,
    shared: row.shared,
    state,
    mine: row.createdBy === callerId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the caller may see of a form's views: their own and the shared ones. */
const visibleTo = (formId: number, callerId: string) =>
  and(
    eq(submissionViews.formId, formId),
    or(eq(submissionViews.createdBy, callerId), eq(submissionViews.shared, true)),
  );

/** The form's views the caller sees, oldest first (the order people made them in). */
export async function listViews(
  db: DbOrTx,
  input: { formId: number; callerId: string },
): Promise<SavedView[]> {
  const rows = await db
    .select()
    .from(submissionViews)
    .where(visibleTo(input.formId, input.callerId))
    .orderBy(asc(submissionViews.createdAt), asc(submissionViews.id));
  return rows.map((row) => toWireView(row, input.callerId));
}

export async function createView(
  db: DbOrTx,
  input: { formId: number; callerId: string; body: SavedViewBody },
): Promise<SavedView> {
  const [row] = await db
    .insert(submissionViews)
    .values({
      formId: input.formId,
      createdBy: input.callerId,
      name: input.body.name,
      shared: input.body.shared,
      state: input.body.state,
    })
    .returning();
  return toWireView(row!, input.callerId);
}

/** The caller's own view; 404 for one they cannot see, 403 for a shared one someone else made. */
async function requireOwnView(db: DbOrTx, input: { formId: number; callerId: string; viewId: string }) {
  if (!UUID.test(input.viewId)) throw notFound(VIEW_NOT_FOUND);
  const [row] = await db
    .select()
    .from(submissionViews)
    .where(and(eq(submissionViews.id, input.viewId), visibleTo(input.formId, input.callerId)));
  if (!row) throw notFound(VIEW_NOT_FOUND);
  if (row.createdBy !== input.callerId) {
    throw new AppError('FORBIDDEN', 403, 'Only the member who saved this view can change or delete it');
  }
  return row;
}

export async function updateView(
  db: DbOrTx,
  input: { formId: number; callerId: string; viewId: string; body: SavedViewBody },
): Promise<SavedView> {
  await requireOwnView(db, input);
  const [row] = await db
    .update(submissionViews)
    .set({ name: input.body.name, shared: input.body.shared, state: input.body.state, updatedAt: new Date() })
    .where(eq(submissionViews.id, input.viewId))
    .returning();
  return toWireView(row!, input.callerId);
}

export async function deleteView(
  db: DbOrTx,
  input: { formId: number; callerId: string; viewId: string },
): Promise<void> {
  await requireOwnView(db, input);
  await db.delete(submissionViews).where(eq(submissionViews.id, input.viewId));
}
