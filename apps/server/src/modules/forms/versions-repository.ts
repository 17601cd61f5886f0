import type { FormField } from '@formsmith/core/forms/field';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { forms, formVersions } from '../../db/schema.ts';
import { forgetPublicForm } from './public-cache.ts';
import {
  CONTENT_COLUMNS,
  contentOf,
  type FormRow,
  findOwnedForm,
  formColumns,
  reachedBy,
} from './repository.ts';

export { withLiveContent } from './repository.ts';

type Owned = { formId: number; ownerId: string };
export type VersionRow = typeof formVersions.$inferSelect;

const content = sql.raw(CONTENT_COLUMNS.map((c) => `"${c}"`).join(', '));

/**
 * Publishes the owner's draft: a new version when its content differs from the newest version
 * (else that one again), made live. The form row is locked meanwhile, so two publishes of one
 * form never race for a number. Null when the form is not theirs.
 */
export async function publishDraft(db: DbOrTx, input: Owned): Promise<FormRow | null> {
  return db.transaction(async (tx) => {
    const [locked] = await queryRows<{ is_published: boolean; latest: number | null; same: boolean | null }>(
      tx,
      sql`select f.is_published,
          (select max(number) from form_versions where form_id = f.id) as latest,
          (select (${contentOf('v')}) is not distinct from (${contentOf('f')})
            from form_versions v where v.form_id = f.id order by v.number desc limit 1) as same
        from forms f where f.id = ${input.formId} and ${reachedBy(input.ownerId, sql.raw('f.workspace_id'))}
          and f.deleted_at is null
        for update`,
    );
    if (!locked) return null;
    let number = locked.latest === null ? null : Number(locked.latest);
    if (number === null || !locked.same) {
      number = (number ?? 0) + 1;
      await tx.execute(
        sql`insert into form_versions (form_id, number, ${content})
          select id, ${number}, ${content} from forms where id = ${input.formId}`,
      );
    }
    const [row] = await tx
      .update(forms)
      .set({
        isPublished: true,
        publishedVersion: number,
        ...(locked.is_published ? {} : { publishedAt: new Date() }),
      })
      .where(eq(forms.id, input.formId))
      .returning(formColumns);
    forgetPublicForm(input.formId);
    return row ?? null;
  });
}

export type VersionSummary = { number: number; publishedAt: Date; title: string; fieldCount: number };

/** The published versions of a form, newest first. */
export async function listVersions(db: DbOrTx, formId: number): Promise<VersionSummary[]> {
  return db
    .select({
      number: formVersions.number,
      publishedAt: formVersions.publishedAt,
      title: formVersions.title,
      fieldCount: sql<number>`jsonb_array_length(${formVersions.fields})`.mapWith(Number),
    })
    .from(formVersions)
    .where(eq(formVersions.formId, formId))
    .orderBy(desc(formVersions.number));
}

/** Copies a published version's content into the owner's draft (a new draft revision); null on a miss. */
export async function restoreVersionToDraft(
  db: DbOrTx,
  input: Owned & { number: number },
): Promise<FormRow | null> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update forms set (${content}) = (select ${content} from form_versions v
        where v.form_id = forms.id and v.number = ${input.number}),
        version = version + 1, updated_at = now()
      where id = ${input.formId} and ${reachedBy(input.ownerId, sql.raw('workspace_id'))} and deleted_at is null
        and exists (select 1 from form_versions v where v.form_id = forms.id and v.number = ${input.number})
      returning id`,
  );
  if (rows.length === 0) return null;
  forgetPublicForm(input.formId);
  return findOwnedForm(db, input);
}

/** The stored fields of some versions of a form, by number (missing versions are left out). */
export async function findVersionFields(
  db: DbOrTx,
  formId: number,
  numbers: readonly number[],
): Promise<Map<number, FormField[]>> {
  if (numbers.length === 0) return new Map();
  const rows = await db
    .select({ number: formVersions.number, fields: formVersions.fields })
    .from(formVersions)
    .where(and(eq(formVersions.formId, formId), inArray(formVersions.number, [...new Set(numbers)])));
  return new Map(rows.map((r) => [r.number, r.fields]));
}

/**
 * The fields submissions of these versions answered: each version's own, and the form's current
 * fields for a number with no stored version (a form published before versions were kept).
 */
export async function findAnsweredFields(
  db: DbOrTx,
  formId: number,
  numbers: readonly number[],
): Promise<Map<number, FormField[]>> {
  const found = await findVersionFields(db, formId, numbers);
  if (numbers.every((n) => found.has(n))) return found;
  const [form] = await db.select({ fields: forms.fields }).from(forms).where(eq(forms.id, formId)).limit(1);
  for (const n of numbers) if (!found.has(n)) found.set(n, form?.fields ?? []);
  return found;
}

/** One version of a form, or null. */
export async function findVersion(db: DbOrTx, formId: number, number: number): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(formVersions)
    .where(and(eq(formVersions.formId, formId), eq(formVersions.number, number)))
    .limit(1);
  return row ?? null;
}
