import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { forms } from '../../db/schema.ts';

export type FormRow = typeof forms.$inferSelect;
export type NewFormRow = typeof forms.$inferInsert;
export type FormChanges = Partial<Omit<NewFormRow, 'id' | 'ownerId' | 'createdAt'>>;

/** The caller's form, or null when it is missing or belongs to someone else. */
export async function findOwnedForm(
  db: DbOrTx,
  input: { formId: number; ownerId: string },
): Promise<FormRow | null> {
  const [row] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.id, input.formId), eq(forms.ownerId, input.ownerId)))
    .limit(1);
  return row ?? null;
}

/** Any form by id, or null. */
export async function findFormById(db: DbOrTx, formId: number): Promise<FormRow | null> {
  const [row] = await db.select().from(forms).where(eq(forms.id, formId)).limit(1);
  return row ?? null;
}

/** Any form by slug, or null. */
export async function findFormBySlug(db: DbOrTx, slug: string): Promise<FormRow | null> {
  const [row] = await db.select().from(forms).where(eq(forms.slug, slug)).limit(1);
  return row ?? null;
}

/** The owner's forms, most recently saved first. */
export async function listForms(db: DbOrTx, ownerId: string): Promise<FormRow[]> {
  return db
    .select()
    .from(forms)
    .where(eq(forms.ownerId, ownerId))
    .orderBy(desc(forms.updatedAt), desc(forms.id));
}

export async function createForm(db: DbOrTx, values: NewFormRow): Promise<FormRow> {
  const [row] = await db.insert(forms).values(values).returning();
  return row!;
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
    .returning();
  return row ?? null;
}

/** Deletes the owner's form (its submissions go with it); false when it is not theirs. */
export async function deleteForm(db: DbOrTx, input: { formId: number; ownerId: string }): Promise<boolean> {
  const rows = await db
    .delete(forms)
    .where(and(eq(forms.id, input.formId), eq(forms.ownerId, input.ownerId)))
    .returning({ id: forms.id });
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
    .returning();
  return row ?? null;
}

/** True for PostgreSQL's unique_violation, wherever the driver wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
