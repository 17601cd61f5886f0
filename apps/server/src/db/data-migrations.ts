import type { FormField } from '@formsmith/core/forms/field';
import { normalizeFields } from '@formsmith/core/forms/read-field';
import type { Translations } from '@formsmith/core/i18n/texts';
import type { FormLogic } from '@formsmith/core/logic/definition';
import { plainMessageKey, settleEndings } from '@formsmith/core/logic/endings';
import { foldFieldConditions } from '@formsmith/core/logic/field-rules';
import { and, asc, eq, gt, or } from 'drizzle-orm';
import type { Db, DbOrTx } from './client.ts';
import { dataMigrations, forms, formVersions } from './schema.ts';

type DataMigration = { name: string; run: (db: DbOrTx) => Promise<void> };

const BATCH = 500;

/**
 * Forms written by the first release hold fields in the wire shape (aliases, snake_case names)
 * or in whatever shape older clients sent. Read each once through the door and store the
 * canonical field, so that reads never normalise again.
 */
async function canonicalFields(db: DbOrTx): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: forms.id, fields: forms.fields })
      .from(forms)
      .where(gt(forms.id, after))
      .orderBy(asc(forms.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    for (const row of rows) {
      await db
        .update(forms)
        .set({ fields: normalizeFields(row.fields) })
        .where(eq(forms.id, row.id));
    }
    after = rows[rows.length - 1]!.id;
  }
}

/** Versions after `after` in (form, number) order: where the next batch starts. */
const versionsAfter = (after: { formId: number; number: number }) =>
  or(
    gt(formVersions.formId, after.formId),
    and(eq(formVersions.formId, after.formId), gt(formVersions.number, after.number)),
  );

/**
 * The versions migration copies every form's fields into its version 1 as they were stored; on a
 * database of the first release that ran before 'canonical-fields' made the forms' own canonical,
 * so the copies are read through the door once too.
 */
async function canonicalVersionFields(db: DbOrTx): Promise<void> {
  let after = { formId: 0, number: 0 };
  for (;;) {
    const rows = await db
      .select({ formId: formVersions.formId, number: formVersions.number, fields: formVersions.fields })
      .from(formVersions)
      .where(versionsAfter(after))
      .orderBy(asc(formVersions.formId), asc(formVersions.number))
      .limit(BATCH);
    if (rows.length === 0) return;
    for (const row of rows) {
      await db
        .update(formVersions)
        .set({ fields: normalizeFields(row.fields) })
        .where(and(eq(formVersions.formId, row.formId), eq(formVersions.number, row.number)));
    }
    const last = rows[rows.length - 1]!;
    after = { formId: last.formId, number: last.number };
  }
}

type FoldedContent = { logic: FormLogic; successMessage: string; translations: Translations };

/**
 * A form's content with its success message folded into its endings (core logic/endings.ts): a
 * form ended with its success message when no rule chose an ending, and now ends with its first
 * ending, so the message becomes that ending (first, before any ending rules name), and its
 * translations move to the ending's key. Null when the first ending already says it.
 */
function foldedContent(row: FoldedContent): FoldedContent | null {
  const logic = settleEndings({
    logic: row.logic,
    successMessage: row.successMessage,
    logicSent: true,
    fallbackMessage: row.successMessage,
  });
  if (logic === row.logic) return null;
  const key = plainMessageKey(logic);
  const translations = Object.fromEntries(
    Object.entries(row.translations).map(([tag, texts]) => {
      const { successMessage, ...rest } = texts;
      return [tag, successMessage === undefined ? rest : { ...rest, [key]: successMessage }];
    }),
  );
  return { logic, successMessage: row.successMessage, translations };
}

async function successMessageEndings(db: DbOrTx): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: forms.id,
        logic: forms.logic,
        successMessage: forms.successMessage,
        translations: forms.translations,
      })
      .from(forms)
      .where(gt(forms.id, after))
      .orderBy(asc(forms.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    for (const row of rows) {
      const folded = foldedContent(row);
      if (folded) await db.update(forms).set(folded).where(eq(forms.id, row.id));
    }
    after = rows[rows.length - 1]!.id;
  }
}

/** The same for every published version, so respondents and the 'unpublished changes' mark see no change. */
async function successMessageVersionEndings(db: DbOrTx): Promise<void> {
  let after = { formId: 0, number: 0 };
  for (;;) {
    const rows = await db
      .select({
        formId: formVersions.formId,
        number: formVersions.number,
        logic: formVersions.logic,
        successMessage: formVersions.successMessage,
        translations: formVersions.translations,
      })
      .from(formVersions)
      .where(versionsAfter(after))
      .orderBy(asc(formVersions.formId), asc(formVersions.number))
      .limit(BATCH);
    if (rows.length === 0) return;
    for (const row of rows) {
      const folded = foldedContent(row);
      if (!folded) continue;
      await db
        .update(formVersions)
        .set(folded)
        .where(and(eq(formVersions.formId, row.formId), eq(formVersions.number, row.number)));
    }
    const last = rows[rows.length - 1]!;
    after = { formId: last.formId, number: last.number };
  }
}

/**
 * Questions' own "show when" conditions become rules of the form's logic (core
 * logic/field-rules.ts), in drafts and in every published version alike, so that one engine
 * decides what respondents see and the 'unpublished changes' mark sees no change.
 */
function withConditionRules(row: { fields: FormField[]; logic: FormLogic }) {
  if (!row.fields.some((field) => field.conditionalLogic != null)) return null;
  return foldFieldConditions(row.fields, row.logic);
}

/** Visits rows batch by batch, each batch read after the key of the last row before it. */
async function inBatches<T, K>(
  first: K,
  read: (after: K) => Promise<T[]>,
  keyOf: (row: T) => K,
  visit: (row: T) => Promise<void>,
): Promise<void> {
  let after = first;
  for (;;) {
    const rows = await read(after);
    if (rows.length === 0) return;
    for (const row of rows) await visit(row);
    after = keyOf(rows[rows.length - 1] as T);
  }
}

type VersionKey = { formId: number; number: number };
const versionColumns = { formId: formVersions.formId, number: formVersions.number };
const versionKey = (row: VersionKey): VersionKey => ({ formId: row.formId, number: row.number });
const isVersion = (key: VersionKey) =>
  and(eq(formVersions.formId, key.formId), eq(formVersions.number, key.number));

async function fieldConditionRules(db: DbOrTx): Promise<void> {
  await inBatches(
    0,
    (after) =>
      db
        .select({ id: forms.id, fields: forms.fields, logic: forms.logic })
        .from(forms)
        .where(gt(forms.id, after))
        .orderBy(asc(forms.id))
        .limit(BATCH),
    (row) => row.id,
    async (row) => {
      const folded = withConditionRules(row);
      if (folded) await db.update(forms).set(folded).where(eq(forms.id, row.id));
    },
  );
}

async function fieldConditionVersionRules(db: DbOrTx): Promise<void> {
  await inBatches(
    { formId: 0, number: 0 },
    (after) =>
      db
        .select({ ...versionColumns, fields: formVersions.fields, logic: formVersions.logic })
        .from(formVersions)
        .where(versionsAfter(after))
        .orderBy(asc(formVersions.formId), asc(formVersions.number))
        .limit(BATCH),
    versionKey,
    async (row) => {
      const folded = withConditionRules(row);
      if (folded) await db.update(formVersions).set(folded).where(isVersion(row));
    },
  );
}

/** In order; a name, once applied, never changes meaning. */
const DATA_MIGRATIONS: DataMigration[] = [
  { name: 'canonical-fields', run: canonicalFields },
  { name: 'canonical-version-fields', run: canonicalVersionFields },
  { name: 'success-message-endings', run: successMessageEndings },
  { name: 'success-message-version-endings', run: successMessageVersionEndings },
  { name: 'field-condition-rules', run: fieldConditionRules },
  { name: 'field-condition-version-rules', run: fieldConditionVersionRules },
];

/** The data migrations this release knows, in order (check-upgrade names those to run). */
export const DATA_MIGRATION_NAMES: readonly string[] = DATA_MIGRATIONS.map((m) => m.name);

/**
 * Applies the data migrations this database has not had yet, each in its own transaction with
 * its record. The caller holds the migration lock, so no two instances run one at once.
 */
export async function runDataMigrations(db: Db): Promise<void> {
  const done = new Set(
    (await db.select({ name: dataMigrations.name }).from(dataMigrations)).map((r) => r.name),
  );
  for (const migration of DATA_MIGRATIONS) {
    if (done.has(migration.name)) continue;
    await db.transaction(async (tx) => {
      await migration.run(tx);
      await tx.insert(dataMigrations).values({ name: migration.name });
    });
  }
}
