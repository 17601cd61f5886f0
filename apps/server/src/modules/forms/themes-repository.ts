import { savedRef, savedThemeId } from '@formsmith/core/themes/api';
import type { Theme } from '@formsmith/core/themes/theme';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { forms, formThemes, formVersions, themeDefaults } from '../../db/schema.ts';
import { type Caller, inReach, memberCaller } from '../workspaces/index.ts';

// The only code on the form_themes and theme_defaults tables. A form names its theme in its
// theme_config (`themeRef`), in the draft and in each published version.

export type ThemeRow = typeof formThemes.$inferSelect;

/** The theme is in a workspace the caller belongs to (the route checked its role). */
const reachedBy = (ownerId: string) => inReach(formThemes.workspaceId, memberCaller(ownerId));

/** The saved themes of the caller's workspaces (only the key's for an API key), or of one of them. */
export async function listThemes(db: DbOrTx, caller: Caller, workspaceId?: number): Promise<ThemeRow[]> {
  const only = workspaceId === undefined ? undefined : eq(formThemes.workspaceId, workspaceId);
  return db
    .select()
    .from(formThemes)
    .where(and(inReach(formThemes.workspaceId, caller), only))
    .orderBy(sql`lower(${formThemes.name})`, asc(formThemes.id));
}

export async function countThemes(db: DbOrTx, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(formThemes)
    .where(eq(formThemes.ownerId, ownerId));
  return Number(row?.n ?? 0);
}

/** The caller's theme (in a workspace it belongs to), or null when it is missing or not. */
export async function findOwnedTheme(
  db: DbOrTx,
  input: { themeId: number; ownerId: string },
): Promise<ThemeRow | null> {
  const [row] = await db
    .select()
    .from(formThemes)
    .where(and(eq(formThemes.id, input.themeId), reachedBy(input.ownerId)))
    .limit(1);
  return row ?? null;
}

export async function createTheme(
  db: DbOrTx,
  input: { ownerId: string; workspaceId: number; name: string; theme: Theme },
): Promise<ThemeRow> {
  const [row] = await db.insert(formThemes).values(input).returning();
  return row!;
}

export async function updateTheme(
  db: DbOrTx,
  input: { themeId: number; ownerId: string; name: string; theme: Theme },
): Promise<ThemeRow | null> {
  const [row] = await db
    .update(formThemes)
    .set({ name: input.name, theme: input.theme, updatedAt: new Date() })
    .where(and(eq(formThemes.id, input.themeId), reachedBy(input.ownerId)))
    .returning();
  return row ?? null;
}

export async function deleteTheme(db: DbOrTx, input: { themeId: number; ownerId: string }): Promise<boolean> {
  const rows = await db
    .delete(formThemes)
    .where(and(eq(formThemes.id, input.themeId), reachedBy(input.ownerId)))
    .returning({ id: formThemes.id });
  return rows.length > 0;
}

/**
 * The owner's forms (not in the Trash) whose draft or published version names one of `refs`,
 * with the ref each uses: what a change to a saved theme reaches.
 */
export async function formsUsingThemes(
  db: DbOrTx,
  input: { ownerId: string; refs: string[] },
): Promise<{ formId: number; ref: string }[]> {
  if (input.refs.length === 0) return [];
  const draftRef = sql<string>`${forms.themeConfig}->>'themeRef'`;
  const liveRef = sql<string | null>`(select v.theme_config->>'themeRef' from ${formVersions} v
    where v.form_id = "forms"."id" and v.number = "forms"."published_version")`;
  const rows = await db
    .select({ formId: forms.id, draftRef, liveRef })
    .from(forms)
    .where(
      and(
        inReach(forms.workspaceId, memberCaller(input.ownerId)),
        sql`${forms.deletedAt} is null`,
        sql`(${inArray(draftRef, input.refs)} or ${inArray(liveRef, input.refs)})`,
      ),
    );
  return rows.flatMap((row) =>
    [...new Set([row.draftRef, row.liveRef])]
      .filter((ref): ref is string => ref !== null && input.refs.includes(ref))
      .map((ref) => ({ formId: row.formId, ref })),
  );
}

/** The saved theme a public page draws with, by id and workspace (a form names only its workspace's). */
export async function findThemeIn(db: DbOrTx, input: { themeId: number; workspaceId: number }) {
  const [row] = await db
    .select()
    .from(formThemes)
    .where(and(eq(formThemes.id, input.themeId), eq(formThemes.workspaceId, input.workspaceId)))
    .limit(1);
  return row ?? null;
}

export async function findDefaultRef(db: DbOrTx, ownerId: string): Promise<string | null> {
  const [row] = await db
    .select({ ref: themeDefaults.themeRef })
    .from(themeDefaults)
    .where(eq(themeDefaults.ownerId, ownerId))
    .limit(1);
  return row?.ref ?? null;
}

export async function setDefaultRef(db: DbOrTx, input: { ownerId: string; ref: string }): Promise<void> {
  await db
    .insert(themeDefaults)
    .values({ ownerId: input.ownerId, themeRef: input.ref })
    .onConflictDoUpdate({ target: themeDefaults.ownerId, set: { themeRef: input.ref } });
}

/**
 * A form moving to another workspace takes along the saved themes its draft and versions name
 * (its page draws only its own workspace's themes): each is copied into the new workspace, owned
 * by whoever moves it, and the form's references point at the copy. The original stays behind.
 */
export async function carryFormThemes(
  db: DbOrTx,
  input: { formId: number; from: number; to: number; ownerId: string },
): Promise<void> {
  const refs = await queryRows<{ ref: string }>(
    db,
    sql`select distinct c->>'themeRef' as ref
        from (select theme_config as c from forms where id = ${input.formId}
              union all select theme_config from form_versions where form_id = ${input.formId}) used
        where c->>'themeRef' like 'saved:%'`,
  );
  for (const { ref } of refs) {
    const themeId = savedThemeId(ref);
    const theme = themeId === null ? null : await findThemeIn(db, { themeId, workspaceId: input.from });
    if (!theme) continue;
    const copy = await createTheme(db, {
      ownerId: input.ownerId,
      workspaceId: input.to,
      name: theme.name,
      theme: theme.theme,
    });
    const pointed = sql`jsonb_set(theme_config, '{themeRef}', to_jsonb(${savedRef(copy.id)}::text))`;
    await db.execute(
      sql`update forms set theme_config = ${pointed} where id = ${input.formId} and theme_config->>'themeRef' = ${ref}`,
    );
    await db.execute(
      sql`update form_versions set theme_config = ${pointed}
          where form_id = ${input.formId} and theme_config->>'themeRef' = ${ref}`,
    );
  }
}
