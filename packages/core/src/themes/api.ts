// Saved themes, a form's choice of theme and its page settings: the wire shapes of /api/themes and
// the keys of a form's theme_config that this slice reads.
import * as z from 'zod/mini';
import { isPicturePath } from '../fields/picture-choice.ts';
import { builtinTheme, DEFAULT_BUILTIN_THEME_ID } from './builtin.ts';
import { type Theme, themeSchema } from './theme.ts';

/** `builtin:<id>` or `saved:<id>`: which theme a form (or an account's default) uses. */
export const THEME_REF = /^(builtin:[a-z0-9-]{1,40}|saved:[1-9][0-9]{0,15})$/;
export const themeRefSchema = z.string().check(z.regex(THEME_REF, 'Name a built-in or saved theme.'));
export type ThemeRef = z.infer<typeof themeRefSchema>;

export const builtinRef = (id: string) => `builtin:${id}`;
export const savedRef = (id: number) => `saved:${id}`;

/** The saved theme's id in a `saved:<id>` reference, else null. */
export function savedThemeId(ref: string | null | undefined): number | null {
  const match = ref?.match(/^saved:([1-9][0-9]*)$/);
  return match?.[1] ? Number(match[1]) : null;
}

/** The built-in theme a `builtin:<id>` reference names, else null. */
export function builtinOfRef(ref: string | null | undefined): Theme | null {
  const match = ref?.match(/^builtin:(.+)$/);
  return (match?.[1] && builtinTheme(match[1])?.theme) || null;
}

export const DEFAULT_THEME_REF = builtinRef(DEFAULT_BUILTIN_THEME_ID);

/** Keys of a form's theme_config (stored with the form and its published versions). */
export const THEME_CONFIG_KEYS = {
  ref: 'themeRef',
  /** A theme of the form's own (edited on the Design tab and not saved by name): wins over the ref. */
  custom: 'customTheme',
  poweredBy: 'showPoweredBy',
  footer: 'footerText',
  privacy: 'privacyUrl',
  /** The link preview (Open Graph and Twitter cards) and the browser tab's icon. */
  socialTitle: 'socialTitle',
  socialDescription: 'socialDescription',
  socialImage: 'socialImage',
  favicon: 'faviconUrl',
} as const;

export const FOOTER_TEXT_MAX = 300;
export const SOCIAL_TITLE_MAX = 120;
export const SOCIAL_DESCRIPTION_MAX = 300;

/** An http(s) address, else null: what the page may link to or show as an image. */
function webAddress(value: string | null): string | null {
  return value && /^https?:\/\//i.test(value) && URL.canParse(value) ? value : null;
}

/** A picture this instance serves (uploaded on the Design tab) or an http(s) address, else null. */
function imageAddress(value: string | null): string | null {
  return isPicturePath(value ?? undefined) ? value : webAddress(value);
}

/** A form's page settings as its theme_config holds them, read defensively (older rows lack them). */
export function formPageSettings(themeConfig: Record<string, unknown> | null | undefined) {
  const config = themeConfig ?? {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const ref = config[THEME_CONFIG_KEYS.ref];
  const custom = themeSchema.safeParse(config[THEME_CONFIG_KEYS.custom]);
  return {
    themeRef: typeof ref === 'string' && THEME_REF.test(ref) ? ref : null,
    customTheme: custom.success ? custom.data : null,
    showPoweredBy: config[THEME_CONFIG_KEYS.poweredBy] !== false,
    footerText: text(config[THEME_CONFIG_KEYS.footer])?.slice(0, FOOTER_TEXT_MAX) ?? null,
    privacyUrl: webAddress(text(config[THEME_CONFIG_KEYS.privacy])),
    socialTitle: text(config[THEME_CONFIG_KEYS.socialTitle])?.slice(0, SOCIAL_TITLE_MAX) ?? null,
    socialDescription:
      text(config[THEME_CONFIG_KEYS.socialDescription])?.slice(0, SOCIAL_DESCRIPTION_MAX) ?? null,
    socialImage: imageAddress(text(config[THEME_CONFIG_KEYS.socialImage])),
    faviconUrl: imageAddress(text(config[THEME_CONFIG_KEYS.favicon])),
  };
}

/** What the public page shows of a form's look: its theme (null: the page as it always was). */
export const publicPageLookSchema = z.object({
  theme: z.nullable(themeSchema),
  show_powered_by: z.boolean(),
  footer_text: z.nullable(z.string()),
  privacy_url: z.nullable(z.string()),
  /** The theme's custom CSS as the server checked it, to draw scoped to the page (absent: none). */
  custom_css: z.optional(z.nullable(z.string())),
  /** What a shared link shows (absent: the form's title and description, no image). */
  social: z.optional(
    z.object({
      title: z.nullable(z.string()),
      description: z.nullable(z.string()),
      /** A whole address (link unfurlers fetch it from elsewhere), an uploaded one's on this instance. */
      image: z.nullable(z.string()),
    }),
  ),
  /** The tab icon: an uploaded one's path on this instance, or an http(s) address elsewhere. */
  favicon_url: z.optional(z.nullable(z.string())),
});
export type PublicPageLook = z.infer<typeof publicPageLookSchema>;

export const THEME_NAME_MAX = 80;

export const themeBodySchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Give the theme a name.'), z.maxLength(THEME_NAME_MAX)),
  theme: themeSchema,
});
export type ThemeBody = z.infer<typeof themeBodySchema>;

export const savedThemeSchema = z.object({
  id: z.number(),
  ref: z.string(),
  name: z.string(),
  theme: themeSchema,
  /** How many of the owner's forms use it: what saving a change to it reaches. */
  form_count: z.number(),
  updated_at: z.string(),
});
export type SavedTheme = z.infer<typeof savedThemeSchema>;

export const themeListSchema = z.object({
  themes: z.array(savedThemeSchema),
  default_ref: z.string(),
});
export type ThemeList = z.infer<typeof themeListSchema>;

export const defaultThemeBodySchema = z.object({ ref: themeRefSchema });
export const themeIdParamsSchema = z.object({
  id: z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647)),
});

/** POST /api/themes/custom-css: custom CSS and its allowed hosts, checked as a theme's would be. */
export const customCssCheckBodySchema = z.object({
  css: themeSchema.shape.customCss.def.innerType,
  hosts: themeSchema.shape.cssHosts,
});
export const customCssCheckedSchema = z.object({
  /** The CSS the page draws (comments dropped, page selectors on the form's page). */
  css: z.string(),
});
