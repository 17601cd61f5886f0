import { and, desc, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { forms } from '../../db/schema.ts';
import { forgetPublicForm } from './public-cache.ts';

/**
 * A form with how many submissions it holds (summed from its counter shards) and whether its
 * draft differs from the published version.
 */
export type FormRow = typeof forms.$inferSelect & { submissionCount: number; hasUnpublishedChanges: boolean };
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

/** The content columns a published version copies from the draft (form_versions has the same). */
export const CONTENT_COLUMNS = [
  'title',
  'description',
  'fields',
  'logo_url',
  'theme_config',
  'submit_button_text',
  'success_message',
] as const;

export const contentOf = (table: string) => sql.raw(CONTENT_COLUMNS.map((c) => `${table}."${c}"`).join(', '));

/** Whether the draft's content differs from its published version (false before the first publish). */
const hasUnpublishedChanges =
  sql<boolean>`coalesce((select (${contentOf('v')}) is distinct from (${contentOf('"forms"')})
    from form_versions v where v.form_id = "forms"."id" and v.number = "forms"."published_version"), false)`.mapWith(
    Boolean,
  );

export const formColumns = {
  ...getTableColumns(forms),
  submissionCount: submissionCountOf(forms.id),
  hasUnpublishedChanges,
};

/** Forms not in the Trash: everything but the Trash's own calls sees only these. */
export const live = isNull(forms.deletedAt);

/** The caller's form, or null when it is missing or belongs to someone else. */
export async function findOwnedForm(
  db: DbOrTx,
  input: { formId: number; ownerId: string },
): Promise<FormRow | null> {
  const [row] = await db
    .select(formColumns)
    .from(forms)
    .where(and(eq(forms.id, input.formId), eq(forms.ownerId, input.ownerId), live))
    .limit(1);
  return row ?? null;
}

/** Any form by id (not in the Trash), or null. */
export async function findFormById(db: DbOrTx, formId: number): Promise<FormRow | null> {
  const [row] = await db
    .select(formColumns)
    .from(forms)
    .where(and(eq(forms.id, formId), live))
    .limit(1);
  return row ?? null;
}

/** Any form by slug (not in the Trash), or null. */
export async function findFormBySlug(db: DbOrTx, slug: string): Promise<FormRow | null> {
  const [row] = await db
    .select(formColumns)
    .from(forms)
    .where(and(eq(forms.slug, slug), live))
    .limit(1);
  return row ?? null;
}

/** The owner's forms, most recently saved first. */
export async function listForms(db: DbOrTx, ownerId: string): Promise<FormRow[]> {
  return db
    .select(formColumns)
    .from(forms)
    .where(and(eq(forms.ownerId, ownerId), live))
    .orderBy(desc(forms.updatedAt), desc(forms.id));
}

export async function createForm(db: DbOrTx, values: NewFormRow): Promise<FormRow> {
  const [row] = await db.insert(forms).values(values).returning();
  forgetPublicForm(row!.id);
  return { ...row!, submissionCount: 0, hasUnpublishedChanges: false };
}

/**
 * Updates the owner's form (not in the Trash); null when it is not theirs. With `expectedVersion`
 * the update only happens while the draft is still at that revision (null otherwise: the caller
 * tells a conflict from a miss); with `bumpVersion` the draft's revision goes up by one.
 */
export async function updateForm(
  db: DbOrTx,
  input: {
    formId: number;
    ownerId: string;
    changes: FormChanges;
    expectedVersion?: number | null;
    bumpVersion?: boolean;
  },
): Promise<FormRow | null> {
  const conditions: SQL[] = [eq(forms.id, input.formId), eq(forms.ownerId, input.ownerId), live];
  if (input.expectedVersion != null) conditions.push(eq(forms.version, input.expectedVersion));
  const changes = input.bumpVersion
    ? { ...input.changes, version: sql`${forms.version} + 1` }
    : input.changes;
  const [row] = await db
    .update(forms)
    .set(changes)
    .where(and(...conditions))
    .returning(formColumns);
  forgetPublicForm(input.formId);
  return row ?? null;
}

/** Counts one copy of the share link. */
export async function incrementShareCount(
  db: DbOrTx,
  input: { formId: number; ownerId: string },
): Promise<FormRow | null> {
  const [row] = await db
    .update(forms)
    .set({ shareCount: sql`${forms.shareCount} + 1` })
    .where(and(eq(forms.id, input.formId), eq(forms.ownerId, input.ownerId), live))
    .returning(formColumns);
  return row ?? null;
}
