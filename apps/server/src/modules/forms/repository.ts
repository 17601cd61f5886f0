import type { FormField } from '@formsmith/core/forms/field';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { forms, formVersions, notificationSettings, users } from '../../db/schema.ts';
import {
  type Caller,
  inReach,
  memberCaller,
  personalWorkspaceId,
  submissionMailMembersQuery,
} from '../workspaces/index.ts';
import { forgetPublicForm } from './public-cache.ts';

// The only code that reads and writes the forms table. Every write forgets the form in the
// per-instance public cache (public-cache.ts), so no caller has to remember to.

/**
 * A form with how many submissions it holds (summed from its counter shards) and whether its
 * draft differs from the published version.
 */
export type FormRow = typeof forms.$inferSelect & { submissionCount: number; hasUnpublishedChanges: boolean };
/** A new form; without a workspace it goes into its owner's personal one. */
export type NewFormRow = Omit<typeof forms.$inferInsert, 'workspaceId'> & { workspaceId?: number };
export type FormChanges = Partial<Omit<NewFormRow, 'id' | 'ownerId' | 'workspaceId' | 'createdAt'>>;

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
  'logic',
  'display',
  'language',
  'translations',
] as const;

/** The content columns of a table alias, as a SQL list. */
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
const columns = formColumns;

/** Forms not in the Trash: everything but the Trash's own calls sees only these. */
const live = isNull(forms.deletedAt);

/**
 * The form is in a workspace the account belongs to. Routes check the role they need before
 * they get here (`authorize` in the route's preValidation hook); `ownerId` is the caller.
 */
export const reachedBy = (
  ownerId: string,
  workspaceColumn: SQL | typeof forms.workspaceId = forms.workspaceId,
) => inReach(workspaceColumn, memberCaller(ownerId));

/**
 * How many of a form's submissions hold answers encrypted to its key (Enhanced): the encryption
 * settings show it, and refuse a new key while any exist. A read of the submissions table kept
 * here because the submissions module builds on forms, not the reverse.
 */
export async function countEncrypted(db: DbOrTx, formId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from submissions where form_id = ${formId} and envelope is not null`,
  );
  return Number(row?.n ?? 0);
}

/** The caller's form (one in a workspace it belongs to), or null when it is missing or not. */
export async function findOwnedForm(
  db: DbOrTx,
  input: { formId: number; ownerId: string },
): Promise<FormRow | null> {
  const [row] = await db
    .select(columns)
    .from(forms)
    .where(and(eq(forms.id, input.formId), reachedBy(input.ownerId), live))
    .limit(1);
  return row ?? null;
}

/**
 * A subquery of the form's id when it is published and not in the Trash (no row otherwise), for a
 * statement of another module that must write only for a published form in the same round trip
 * (views, on every page load).
 */
export function publishedFormIdQuery(formId: number): SQL {
  return sql`select ${forms.id} from ${forms} where ${forms.id} = ${formId} and ${forms.isPublished} and ${live}`;
}

/** The caller's form locked for update until the transaction ends (key changes wait out submits), or null. */
export async function lockOwnedForm(
  db: DbOrTx,
  input: { formId: number; ownerId: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.id, input.formId), reachedBy(input.ownerId), live))
    .for('update');
  return rows.length > 0;
}

/**
 * A subquery of the form's id while it is Enhanced with this public key, share-locking its row: an
 * encrypted answer is stored only under the key it was sealed to, and a key change waits for it.
 */
export function keyedFormIdQuery(formId: number, publicKey: string): SQL {
  return sql`select ${forms.id} from ${forms} where ${forms.id} = ${formId} and ${live}
    and ${forms.encryptionLevel} = 'enhanced' and ${forms.encryptionKey}->>'public_key' = ${publicKey} for share`;
}

/** Any form by id (not in the Trash), or null. */
export async function findFormById(db: DbOrTx, formId: number): Promise<FormRow | null> {
  const [row] = await db
    .select(columns)
    .from(forms)
    .where(and(eq(forms.id, formId), live))
    .limit(1);
  return row ?? null;
}

/** Any form by slug (not in the Trash), or null. */
export async function findFormBySlug(db: DbOrTx, slug: string): Promise<FormRow | null> {
  const [row] = await db
    .select(columns)
    .from(forms)
    .where(and(eq(forms.slug, slug), live))
    .limit(1);
  return row ?? null;
}

/**
 * The owner's forms, most recently saved first (or oldest first, for the account's data download);
 * those in the Trash only with `includeTrashed`.
 */
export async function listForms(
  db: DbOrTx,
  input: { ownerId: string; order?: 'recent' | 'oldest'; includeTrashed?: boolean },
): Promise<FormRow[]> {
  const order = input.order === 'oldest' ? [asc(forms.id)] : [desc(forms.updatedAt), desc(forms.id)];
  return db
    .select(columns)
    .from(forms)
    .where(and(eq(forms.ownerId, input.ownerId), input.includeTrashed ? undefined : live))
    .orderBy(...order);
}

/** A form of the owner's list: every column but the fields, and how many fields it has. */
export type FormSummaryRow = Omit<FormRow, 'fields'> & { fieldCount: number };

/**
 * A workspace's forms for the list (not those in the Trash), most recently saved first, without
 * their fields: a list of many large forms would otherwise be read and sent whole. With
 * `folderId`, only the forms of that folder (null: those in none).
 */
export async function listFormSummaries(
  db: DbOrTx,
  workspaceId: number,
  filter: { folderId?: number | null } = {},
): Promise<FormSummaryRow[]> {
  const { fields, ...rest } = columns;
  const inFolder =
    filter.folderId === undefined
      ? undefined
      : filter.folderId === null
        ? isNull(forms.folderId)
        : eq(forms.folderId, filter.folderId);
  return db
    .select({ ...rest, fieldCount: sql<number>`jsonb_array_length(${fields})`.mapWith(Number) })
    .from(forms)
    .where(and(eq(forms.workspaceId, workspaceId), live, inFolder))
    .orderBy(desc(forms.updatedAt), desc(forms.id));
}

/** How many forms the account made (the per-account limit counts them wherever they are). */
export async function countForms(db: DbOrTx, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(forms)
    .where(eq(forms.ownerId, ownerId));
  return Number(row?.n ?? 0);
}

/** The stored fields of the given forms (of every form when formIds is left out), by id. */
export async function listFormFields(
  db: DbOrTx,
  formIds?: number[],
): Promise<{ id: number; fields: FormField[]; updatedAt: Date }[]> {
  if (formIds?.length === 0) return [];
  return db
    .select({ id: forms.id, fields: forms.fields, updatedAt: forms.updatedAt })
    .from(forms)
    .where(formIds ? inArray(forms.id, formIds) : undefined)
    .orderBy(asc(forms.id));
}

/** The caller's forms whose title or description matches an ILIKE pattern, most recent first. */
export async function searchForms(
  db: DbOrTx,
  input: { caller: Caller; workspaceId?: number; pattern: string; limit: number },
): Promise<{ id: number; title: string; description: string }[]> {
  return db
    .select({ id: forms.id, title: forms.title, description: forms.description })
    .from(forms)
    .where(
      and(
        inReach(forms.workspaceId, input.caller),
        input.workspaceId === undefined ? undefined : eq(forms.workspaceId, input.workspaceId),
        live,
        sql`(${forms.title} ilike ${input.pattern} or ${forms.description} ilike ${input.pattern})`,
      ),
    )
    .orderBy(desc(forms.updatedAt), desc(forms.id))
    .limit(input.limit);
}

/**
 * A form for the submit path (not in the Trash) as respondents get it (its published version's
 * content), with what its new-submission mails need (the creator's setting, the members who may
 * be mailed); null when missing.
 */
export async function findSubmitTarget(db: DbOrTx, formId: number) {
  const [row] = await db
    .select({
      form: forms,
      live: formVersions,
      ownerEmail: users.email,
      ownerName: users.name,
      ownerVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      ownerNotifies: notificationSettings.formSubmissions,
      mailMembers: submissionMailMembersQuery({ workspaceId: forms.workspaceId, creatorId: forms.ownerId }),
    })
    .from(forms)
    .innerJoin(users, eq(users.id, forms.ownerId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, forms.ownerId))
    .leftJoin(
      formVersions,
      and(eq(formVersions.formId, forms.id), eq(formVersions.number, forms.publishedVersion)),
    )
    .where(and(eq(forms.id, formId), live))
    .limit(1);
  if (!row) return null;
  const { live: version, ...target } = row;
  return { ...target, form: withLiveContent(row.form, version) };
}

/**
 * The form as respondents get it: the draft row with the published version's content in place
 * (the draft itself while the form has never been published).
 */
export function withLiveContent<T extends typeof forms.$inferSelect>(
  row: T,
  version: typeof formVersions.$inferSelect | null,
): T {
  if (!version || row.publishedVersion !== version.number) return row;
  return {
    ...row,
    title: version.title,
    description: version.description,
    fields: version.fields,
    logoUrl: version.logoUrl,
    themeConfig: version.themeConfig,
    submitButtonText: version.submitButtonText,
    logic: version.logic,
    display: version.display,
    successMessage: version.successMessage,
    language: version.language,
    translations: version.translations,
  };
}
export type SubmitTarget = NonNullable<Awaited<ReturnType<typeof findSubmitTarget>>>;

/** The new row with its workspace: the one named, else its owner's personal workspace. */
async function placed(db: DbOrTx, values: NewFormRow): Promise<typeof forms.$inferInsert> {
  return { ...values, workspaceId: values.workspaceId ?? (await personalWorkspaceId(db, values.ownerId)) };
}

/** Inserts the form unless its slug is taken (start-up seeding that several instances may run). */
export async function createFormUnlessSlugTaken(db: DbOrTx, values: NewFormRow): Promise<void> {
  const rows = await db
    .insert(forms)
    .values(await placed(db, values))
    .onConflictDoNothing()
    .returning({ id: forms.id });
  for (const row of rows) forgetPublicForm(row.id);
}

export async function createForm(db: DbOrTx, values: NewFormRow): Promise<FormRow> {
  const [row] = await db
    .insert(forms)
    .values(await placed(db, values))
    .returning();
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
  if (!input.bumpVersion && Object.values(input.changes).every((value) => value === undefined)) {
    return findOwnedForm(db, input);
  }
  const conditions: SQL[] = [eq(forms.id, input.formId), reachedBy(input.ownerId), live];
  if (input.expectedVersion != null) conditions.push(eq(forms.version, input.expectedVersion));
  const changes = input.bumpVersion
    ? { ...input.changes, version: sql`${forms.version} + 1` }
    : input.changes;
  const [row] = await db
    .update(forms)
    .set(changes)
    .where(and(...conditions))
    .returning(columns);
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
    .where(and(eq(forms.id, input.formId), reachedBy(input.ownerId), live))
    .returning(columns);
  forgetPublicForm(input.formId);
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
