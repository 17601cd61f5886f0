import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { forms, users } from '../../db/schema.ts';
import { forgetPublicForm } from './public-cache.ts';

/** A form with how many submissions it holds (summed from its counter shards). */
export type FormRow = typeof forms.$inferSelect & { submissionCount: number };
export type NewFormRow = typeof forms.$inferInsert;
export type FormChanges = Partial<Omit<NewFormRow, 'id' | 'ownerId' | 'createdAt'>>;

/**
 * The form's submission count: submits add to one of form_submission_counts' shards (a hot
 * forms.submission_count row would serialise concurrent submits), readers sum the shards.
 */
export function submissionCountOf(formId: typeof forms.id) {
  return sql<number>`(select greatest(coalesce(sum(c.count), 0), 0)::int
    from form_submission_counts c where c.form_id = ${formId})`.mapWith(Number);
}

const columns = { ...getTableColumns(forms), submissionCount: submissionCountOf(forms.id) };

/** The caller's form, or null when it is missing or belongs to someone else. */
export async function findOwnedForm(
  db: DbOrTx,
  input: { formId: number; ownerId: string },
): Promise<FormRow | null> {
  const [row] = await db
    .select(columns)
    .from(forms)
    .where(and(eq(forms.id, input.formId), eq(forms.ownerId, input.ownerId)))
    .limit(1);
  return row ?? null;
}

/** Any form by id, or null. */
export async function findFormById(db: DbOrTx, formId: number): Promise<FormRow | null> {
  const [row] = await db.select(columns).from(forms).where(eq(forms.id, formId)).limit(1);
  return row ?? null;
}

/** Any form by slug, or null. */
export async function findFormBySlug(db: DbOrTx, slug: string): Promise<FormRow | null> {
  const [row] = await db.select(columns).from(forms).where(eq(forms.slug, slug)).limit(1);
  return row ?? null;
}

/** The owner's forms, most recently saved first. */
export async function listForms(db: DbOrTx, ownerId: string): Promise<FormRow[]> {
  return db
    .select(columns)
    .from(forms)
    .where(eq(forms.ownerId, ownerId))
    .orderBy(desc(forms.updatedAt), desc(forms.id));
}

export async function createForm(db: DbOrTx, values: NewFormRow): Promise<FormRow> {
  const [row] = await db.insert(forms).values(values).returning();
  forgetPublicForm(row!.id);
  return { ...row!, submissionCount: 0 };
}

/** Updates the owner's form; null when it is not theirs. */
export async function updateForm(
  db: DbOrTx,
  input: { formId: number; ownerId: string; changes: FormChanges },
): Promise<FormRow | null> {
  const [row] = await db
    .update(forms)
    .set(input.changes)
    .where(and(eq(forms.id, input.formId), eq(forms.ownerId, input.ownerId)))
    .returning(columns);
  forgetPublicForm(input.formId);
  return row ?? null;
}

/** Deletes the owner's form (its submissions go with it); false when it is not theirs. */
export async function deleteForm(db: DbOrTx, input: { formId: number; ownerId: string }): Promise<boolean> {
  const rows = await db
    .delete(forms)
    .where(and(eq(forms.id, input.formId), eq(forms.ownerId, input.ownerId)))
    .returning({ id: forms.id });
  forgetPublicForm(input.formId);
  return rows.length > 0;
}

/** Counts one copy of the share link. */
export async function incrementShareCount(
  db: DbOrTx,
  input: { formId: number; ownerId: string },
): Promise<FormRow | null> {
  const [row] = await db
    .update(forms)
    .set({ shareCount: sql`${forms.shareCount} + 1` })
    .where(and(eq(forms.id, input.formId), eq(forms.ownerId, input.ownerId)))
    .returning(columns);
  return row ?? null;
}

/** A form's title and fields with its owner's address, for mails about the form; null when gone. */
export async function findFormWithOwner(db: DbOrTx, formId: number) {
  const [row] = await db
    .select({
      id: forms.id,
      title: forms.title,
      fields: forms.fields,
      ownerId: forms.ownerId,
      ownerEmail: users.email,
      ownerName: users.name,
    })
    .from(forms)
    .innerJoin(users, eq(users.id, forms.ownerId))
    .where(eq(forms.id, formId))
    .limit(1);
  return row ?? null;
}
