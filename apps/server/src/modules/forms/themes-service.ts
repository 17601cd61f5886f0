import { isPicturePath } from '@formsmith/core/fields/picture-choice';
import {
  builtinOfRef,
  DEFAULT_THEME_REF,
  formPageSettings,
  type PublicPageLook,
  type SavedTheme,
  savedRef,
  savedThemeId,
  THEME_CONFIG_KEYS,
  type ThemeBody,
} from '@formsmith/core/themes/api';
import { type Theme, themeProblems, themeSchema } from '@formsmith/core/themes/theme';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { type Caller, chooseWorkspace } from '../workspaces/index.ts';
import { checkCustomCss } from './custom-css.ts';
import { forgetPublicForm } from './public-cache.ts';
import * as themes from './themes-repository.ts';

type Owner = { ownerId: string };
type OwnedTheme = Owner & { themeId: number };

const THEME_NOT_FOUND = 'Theme not found';
/** Enough for a brand's variants; a runaway script would otherwise fill the table. */
export const MAX_THEMES_PER_ACCOUNT = 100;

function toWireTheme(row: themes.ThemeRow, formCount: number): SavedTheme {
  return {
    id: row.id,
    ref: savedRef(row.id),
    name: row.name,
    theme: row.theme,
    form_count: formCount,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * 422 naming every pair that misses its contrast and its ratio, each under the colour to change
 * (`theme.colours.text`, `theme.dark.accent`), with the nearest colour that passes.
 */
function assertReadable(theme: Theme): void {
  const problems = themeProblems(theme);
  if (problems.length === 0) return;
  const fields: Record<string, string> = {};
  for (const problem of problems) {
    const group = problem.mode === 'dark' ? 'dark' : 'colours';
    fields[`theme.${group}.${problem.pair.foreground}`] ??= problem.message;
  }
  throw new AppError(
    'VALIDATION_FAILED',
    422,
    `These colours are hard to read: ${problems.map((p) => p.message).join('; ')}.`,
    fields,
    {
      problems: problems.map((p) => ({
        pair: p.pair.name,
        mode: p.mode,
        foreground: p.pair.foreground,
        background: p.pair.background,
        ratio: Math.floor(p.ratio * 100) / 100,
        minimum: p.pair.minimum,
        suggestion: p.suggestion,
      })),
    },
  );
}

/** 422 naming each line of a theme's custom CSS that the page would not draw, and why. */
function assertCustomCssAllowed(css: string, hosts: string[] | undefined): string {
  const { css: checked, problems } = checkCustomCss(css, hosts);
  if (problems.length === 0) return checked;
  const lines = problems.map((p) => `line ${p.line}: ${p.message}`);
  throw new AppError(
    'VALIDATION_FAILED',
    422,
    `The custom CSS cannot be used: ${lines.join(' ')}`,
    { 'theme.customCss': lines[0] ?? '' },
    { problems },
  );
}

/** A theme is stored only when its colours read and its custom CSS can be drawn. */
function assertThemeUsable(theme: Theme): void {
  assertReadable(theme);
  assertCustomCssAllowed(theme.customCss ?? '', theme.cssHosts);
}

/** Custom CSS as the page would draw it (for the editor's preview), or 422 naming its problems. */
export function checkOwnerCustomCss(input: { css: string; hosts?: string[] }): { css: string } {
  return { css: assertCustomCssAllowed(input.css, input.hosts) };
}

async function countsOf(db: DbOrTx, ownerId: string, ids: number[]): Promise<Map<string, number>> {
  const uses = await themes.formsUsingThemes(db, { ownerId, refs: ids.map(savedRef) });
  const counts = new Map<string, number>();
  for (const use of uses) counts.set(use.ref, (counts.get(use.ref) ?? 0) + 1);
  return counts;
}

async function forgetFormsUsing(db: DbOrTx, ownerId: string, themeId: number): Promise<number> {
  const uses = await themes.formsUsingThemes(db, { ownerId, refs: [savedRef(themeId)] });
  for (const use of uses) forgetPublicForm(use.formId);
  return uses.length;
}

/** The saved themes of the caller's workspaces, and the account's default. */
export async function listOwnerThemes(
  app: FastifyInstance,
  input: Owner & { caller: Caller; workspaceId: number | undefined },
) {
  // One workspace's themes (a form's Design tab offers only those its page can draw), else all.
  const only =
    input.workspaceId === undefined
      ? undefined
      : await chooseWorkspace(app.db, input.caller, input.workspaceId);
  const rows = await themes.listThemes(app.db, input.caller, only);
  const counts = await countsOf(
    app.db,
    input.ownerId,
    rows.map((row) => row.id),
  );
  return {
    themes: rows.map((row) => toWireTheme(row, counts.get(savedRef(row.id)) ?? 0)),
    default_ref: (await themes.findDefaultRef(app.db, input.ownerId)) ?? DEFAULT_THEME_REF,
  };
}

export async function getOwnerTheme(app: FastifyInstance, input: OwnedTheme) {
  const row = await themes.findOwnedTheme(app.db, input);
  if (!row) throw notFound(THEME_NOT_FOUND);
  const counts = await countsOf(app.db, input.ownerId, [row.id]);
  return toWireTheme(row, counts.get(savedRef(row.id)) ?? 0);
}

/** A new theme, in `workspaceId` when the caller may edit there, else its personal workspace. */
export async function createOwnerTheme(
  app: FastifyInstance,
  input: Owner & { caller: Caller; workspaceId: number | undefined; body: ThemeBody },
) {
  assertThemeUsable(input.body.theme);
  if ((await themes.countThemes(app.db, input.ownerId)) >= MAX_THEMES_PER_ACCOUNT) {
    throw new AppError('LIMIT_REACHED', 403, `An account keeps at most ${MAX_THEMES_PER_ACCOUNT} themes.`);
  }
  const workspaceId = await chooseWorkspace(app.db, input.caller, input.workspaceId);
  const row = await themes.createTheme(app.db, { ownerId: input.ownerId, workspaceId, ...input.body });
  return toWireTheme(row, 0);
}

/** Saves a change to a theme; every form using it is drawn with it from the next page view. */
export async function updateOwnerTheme(app: FastifyInstance, input: OwnedTheme & { body: ThemeBody }) {
  assertThemeUsable(input.body.theme);
  const row = await themes.updateTheme(app.db, { ...input, ...input.body });
  if (!row) throw notFound(THEME_NOT_FOUND);
  return toWireTheme(row, await forgetFormsUsing(app.db, input.ownerId, row.id));
}

/** Deletes a theme; forms that used it are drawn with the product's theme. */
export async function deleteOwnerTheme(app: FastifyInstance, input: OwnedTheme): Promise<void> {
  const uses = await themes.formsUsingThemes(app.db, {
    ownerId: input.ownerId,
    refs: [savedRef(input.themeId)],
  });
  if (!(await themes.deleteTheme(app.db, input))) throw notFound(THEME_NOT_FOUND);
  for (const use of uses) forgetPublicForm(use.formId);
}

/**
 * Whether a reference names a built-in theme or a saved one the owner reaches, or, for a form, one
 * in the form's workspace: a form's page draws only its own workspace's themes (publicLookOf).
 */
async function refUsable(db: DbOrTx, where: Owner & { workspaceId?: number }, ref: string): Promise<boolean> {
  const themeId = savedThemeId(ref);
  if (themeId === null) return builtinOfRef(ref) !== null;
  const row =
    where.workspaceId === undefined
      ? await themes.findOwnedTheme(db, { themeId, ownerId: where.ownerId })
      : await themes.findThemeIn(db, { themeId, workspaceId: where.workspaceId });
  return row !== null;
}

export async function setOwnerDefaultTheme(app: FastifyInstance, input: Owner & { ref: string }) {
  if (!(await refUsable(app.db, input, input.ref))) throw notFound(THEME_NOT_FOUND);
  await themes.setDefaultRef(app.db, input);
  return { ref: input.ref };
}

/**
 * A new form's theme_config: the owner's default theme unless the body names one (or the owner
 * chose none, which keeps the page as it always was). A saved default from another workspace
 * than the form's is left out: the form's page could not draw it.
 */
export async function withDefaultTheme(
  db: DbOrTx,
  where: Owner & { workspaceId: number },
  themeConfig: Record<string, unknown> | undefined,
): Promise<Record<string, unknown> | undefined> {
  const chosen = formPageSettings(themeConfig);
  if (chosen.themeRef || chosen.customTheme) return themeConfig;
  const ref = await themes.findDefaultRef(db, where.ownerId);
  return ref && (await refUsable(db, where, ref)) ? { ...themeConfig, themeRef: ref } : themeConfig;
}

/**
 * A saved form names a built-in theme or one of its workspace's: 400 for another, unless the form already named it
 * (a theme deleted since must not block saving the rest of the form). A theme of the form's own
 * must be whole (400) and readable (422, as a saved theme).
 */
export async function assertFormThemeUsable(
  db: DbOrTx,
  where: Owner & { workspaceId: number },
  themeConfig: Record<string, unknown> | undefined,
  stored: Record<string, unknown> | null,
): Promise<void> {
  const custom = themeConfig?.[THEME_CONFIG_KEYS.custom];
  if (custom !== undefined && custom !== null) {
    const parsed = themeSchema.safeParse(custom);
    if (!parsed.success) {
      const message = 'The form’s theme is incomplete: pick a theme on the Design tab again.';
      throw badRequest(message, { 'theme_config.customTheme': message });
    }
    // A form's own theme is saved with its draft even while its custom CSS has problems (the
    // editor lists them, nothing typed is lost); the page draws only CSS that passes the check.
    assertReadable(parsed.data);
  }
  const ref = formPageSettings(themeConfig).themeRef;
  if (!ref || ref === formPageSettings(stored).themeRef) return;
  if (!(await refUsable(db, where, ref))) {
    const message = "That theme does not exist: pick a built-in theme or one of the form's workspace.";
    throw badRequest(message, { 'theme_config.themeRef': message });
  }
}

/**
 * How a form's public page looks: its theme (a saved one as it is now; a deleted or foreign one
 * gives the product's), whether it says "Powered by Formsmith" (the instance can turn that off for
 * every form), its footer and privacy link. A form that never chose a theme keeps the page it
 * always had (theme null).
 */
export async function publicLookOf(
  app: FastifyInstance,
  form: { workspaceId: number; themeConfig: Record<string, unknown> },
): Promise<PublicPageLook> {
  const settings = formPageSettings(form.themeConfig);
  let theme: Theme | null = settings.customTheme;
  if (!theme && settings.themeRef) {
    const themeId = savedThemeId(settings.themeRef);
    const saved =
      themeId === null ? null : await themes.findThemeIn(app.db, { themeId, workspaceId: form.workspaceId });
    theme = saved?.theme ?? builtinOfRef(settings.themeRef) ?? builtinOfRef(DEFAULT_THEME_REF);
  }
  // The page gets the checked CSS beside the theme, not the text the owner typed.
  const { customCss, cssHosts, ...drawn } = theme ?? ({} as Theme);
  const css = customCss ? checkCustomCss(customCss, cssHosts).css : '';
  return {
    theme: theme && (drawn as Theme),
    show_powered_by: app.config.showPoweredBy && settings.showPoweredBy,
    footer_text: settings.footerText,
    privacy_url: settings.privacyUrl,
    custom_css: css || null,
    ...(settings.socialTitle || settings.socialDescription || settings.socialImage
      ? {
          social: {
            title: settings.socialTitle,
            description: settings.socialDescription,
            // Link unfurlers fetch the picture from their own servers: an uploaded one by its
            // whole address on this instance, not by its path.
            image:
              settings.socialImage && isPicturePath(settings.socialImage)
                ? `${app.config.publicUrl}${settings.socialImage}`
                : settings.socialImage,
          },
        }
      : {}),
    ...(settings.faviconUrl ? { favicon_url: settings.faviconUrl } : {}),
  };
}
