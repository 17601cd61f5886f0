import { TRASH_DAYS } from '@formsmith/core/forms/trash';
import { DAY_MS } from '@formsmith/core/time';
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { forms } from '../../db/schema.ts';
import { type Caller, inReach } from '../workspaces/index.ts';
import { forgetPublicForm } from './public-cache.ts';
import { type FormRow, formColumns, reachedBy, submissionCountOf } from './repository.ts';

type Owned = { formId: number; ownerId: string };

const owned = (input: Owned) => and(eq(forms.id, input.formId), reachedBy(input.ownerId));

/** Files respondents attached to the form's submissions. */
const fileCountOf = sql<number>`(select count(*)::int from uploads u
  where u.form_id = "forms"."id" and u.submission_id is not null)`.mapWith(Number);

/** Moves the owner's form to the Trash; false when it is not theirs or there already. */
export async function trashForm(db: DbOrTx, input: Owned): Promise<boolean> {
  const rows = await db
    .update(forms)
    .set({ deletedAt: new Date() })
    .where(and(owned(input), isNull(forms.deletedAt)))
    .returning({ id: forms.id });
  forgetPublicForm(input.formId);
  return rows.length > 0;
}

/** Takes the owner's form out of the Trash; null when it is not theirs or not there. */
export async function restoreForm(db: DbOrTx, input: Owned): Promise<FormRow | null> {
  const [row] = await db
    .update(forms)
    .set({ deletedAt: null })
    .where(and(owned(input), isNotNull(forms.deletedAt)))
    .returning(formColumns);
  forgetPublicForm(input.formId);
  return row ?? null;
}

export type TrashRow = { id: number; title: string; deletedAt: Date; submissions: number; files: number };

/** The forms in the Trash of the caller's workspaces, most recently deleted first. */
export async function listTrash(db: DbOrTx, caller: Caller): Promise<TrashRow[]> {
  const rows = await db
    .select({
      id: forms.id,
      title: forms.title,
      deletedAt: forms.deletedAt,
      submissions: submissionCountOf(forms.id),
      files: fileCountOf,
    })
    .from(forms)
    .where(and(inReach(forms.workspaceId, caller), isNotNull(forms.deletedAt)))
    .orderBy(desc(forms.deletedAt), desc(forms.id));
  return rows.map((r) => ({ ...r, deletedAt: r.deletedAt! }));
}

/** What deleting the owner's form (in the Trash or not) takes with it; null when it is not theirs. */
export async function findDeleteImpact(db: DbOrTx, input: Owned) {
  const [row] = await db
    .select({ submissions: submissionCountOf(forms.id), files: fileCountOf })
    .from(forms)
    .where(owned(input))
    .limit(1);
  return row ?? null;
}

/** What a deleted form leaves to remove from storage once its rows are gone. */
export type DeletedForms = {
  ids: number[];
  /** The storage keys of the forms' uploaded files. */
  storageKeys: string[];
  /** The texts that could show the forms' pictures (fields, theme, logo of each form and version). */
  shown: Array<{ formId: number; text: string }>;
};

/**
 * Deletes forms for good in one statement: their submissions, uploads, counters, aggregates and
 * versions go by cascade. Answers the deleted ids, the storage keys of their files and what their
 * rows and versions showed (the statement's snapshot still sees the rows the cascade removes); the
 * caller removes the files and the pictures nothing else shows (picture-copies.ts).
 */
async function deleteFormsWhere(db: DbOrTx, where: SQL): Promise<DeletedForms> {
  const [row] = await queryRows<{
    ids: number[] | null;
    storage_keys: string[] | null;
    shown: Array<{ form_id: number; text: string }> | null;
  }>(
    db,
    sql`with doomed as (delete from forms where ${where}
        returning id, fields::text || theme_config::text || coalesce(logo_url, '') as shown),
      files as (select u.storage_key from uploads u join doomed d on u.form_id = d.id),
      versions as (select v.form_id, v.fields::text || v.theme_config::text || coalesce(v.logo_url, '') as shown
        from form_versions v join doomed d on v.form_id = d.id)
      select (select array_agg(id) from doomed) as ids,
        (select coalesce(array_agg(storage_key), '{}') from files) as storage_keys,
        (select json_agg(json_build_object('form_id', id, 'text', shown)) from
          (select id, shown from doomed union all select form_id, shown from versions) s) as shown`,
  );
  const ids = (row?.ids ?? []).map(Number);
  for (const id of ids) forgetPublicForm(id);
  const shown = (row?.shown ?? []).map((s) => ({ formId: Number(s.form_id), text: s.text }));
  return { ids, storageKeys: row?.storage_keys ?? [], shown };
}

/** Deletes the owner's form for good (from the Trash or not); null when it is not theirs. */
export async function deleteFormForGood(db: DbOrTx, input: Owned) {
  const result = await deleteFormsWhere(
    db,
    sql`id = ${input.formId} and ${reachedBy(input.ownerId, sql.raw('workspace_id'))}`,
  );
  return result.ids.length > 0 ? result : null;
}

/**
 * Deletes for good every form `ownerId` made, in the Trash or not (account deletion: forms of
 * shared workspaces were handed over first).
 */
export function deleteFormsOfOwner(db: DbOrTx, ownerId: string): Promise<DeletedForms> {
  return deleteFormsWhere(db, sql`owner_id = ${ownerId}`);
}

const PURGE_BATCH = 100;

/** Deletes for good up to a batch of forms that have been in the Trash longer than TRASH_DAYS. */
export async function purgeTrashBatch(db: DbOrTx, now: Date) {
  const cutoff = new Date(now.getTime() - TRASH_DAYS * DAY_MS).toISOString();
  return deleteFormsWhere(
    db,
    sql`id in (select id from forms where deleted_at < ${cutoff}::timestamptz order by id limit ${PURGE_BATCH})`,
  );
}

export { PURGE_BATCH };
