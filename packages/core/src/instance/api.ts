import { z } from 'zod';

/**
 * What `/` opens on this instance, as its operator chose (HOME_PAGE): the product's landing page,
 * the sign-in page, or another address (the operator's own site, or one of their forms).
 */
export const homePageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('landing') }),
  z.object({ kind: z.literal('signin') }),
  z.object({ kind: z.literal('redirect'), url: z.string() }),
]);
export type HomePage = z.infer<typeof homePageSchema>;

/** An http(s) address, or a path of this instance (`/form/contact`; not `//host`, which leaves it). */
function isRedirectTarget(url: string): boolean {
  if (/^\/(?![/\\])/.test(url)) return true;
  return /^https?:\/\//i.test(url) && URL.canParse(url);
}

/** Reads a HOME_PAGE value: `landing`, `signin` or `redirect:<URL or /path>`; null for anything else. */
export function parseHomePage(value: string): HomePage | null {
  if (value === 'landing') return { kind: 'landing' };
  if (value === 'signin') return { kind: 'signin' };
  if (!value.startsWith('redirect:')) return null;
  const url = value.slice('redirect:'.length).trim();
  return isRedirectTarget(url) ? { kind: 'redirect', url } : null;
}

/** `GET /api/instance`: what the operator chose for the instance's public pages. */
export const instanceSettingsSchema = z.object({
  home_page: homePageSchema,
  /** Where the landing page's support tiers lead; null hides them. */
  support_url: z.string().nullable(),
});
export type InstanceSettings = z.infer<typeof instanceSettingsSchema>;
