/**
 * Language tags (BCP 47) and choosing the language a respondent gets. Plain code, no zod: the
 * public page runs it before anything else.
 */

/** The language a form is written in when the owner has not said otherwise. */
export const DEFAULT_LANGUAGE = 'en';

/** Languages a form may have besides its default. */
export const MAX_TRANSLATIONS = 30;

/** The longest tag accepted (longer ones are private-use constructions nobody needs here). */
const TAG_MAX_LENGTH = 35;

/** The canonical form of a BCP 47 tag ('pt-br' → 'pt-BR'), or null when it is not one. */
export function canonicalTag(tag: string): string | null {
  const trimmed = tag.trim();
  if (trimmed === '' || trimmed.length > TAG_MAX_LENGTH || trimmed === '*') return null;
  try {
    return Intl.getCanonicalLocales(trimmed)[0] ?? null;
  } catch {
    return null;
  }
}

/** The primary language subtag ('fr-FR' → 'fr'). */
export function baseLanguage(tag: string): string {
  return tag.split('-')[0]?.toLowerCase() ?? tag.toLowerCase();
}

/**
 * The tag of `available` that serves `wanted`: the same tag (any case), else one of the same
 * base language (fr-FR → fr, pt → pt-BR), else null.
 */
export function matchLanguage(wanted: string, available: readonly string[]): string | null {
  const canonical = canonicalTag(wanted);
  if (!canonical) return null;
  const exact = available.find((tag) => tag.toLowerCase() === canonical.toLowerCase());
  if (exact) return exact;
  const base = baseLanguage(canonical);
  return (
    available.find((tag) => tag.toLowerCase() === base) ??
    available.find((tag) => baseLanguage(tag) === base) ??
    null
  );
}

/** The tags of an Accept-Language header, most wanted first (q=0 means "not this one"). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries = header.split(',').flatMap((part, index) => {
    const [range = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    if (range.trim() === '' || !(weight > 0)) return [];
    return [{ tag: range.trim(), weight, index }];
  });
  entries.sort((a, b) => b.weight - a.weight || a.index - b.index);
  return entries.map((entry) => entry.tag);
}

/** The languages of a form: its default first, then those it has translations for. */
export function formLanguages(form: {
  language: string;
  translations: Record<string, Record<string, string>>;
}): string[] {
  return [form.language, ...Object.keys(form.translations).filter((tag) => tag !== form.language)];
}

/**
 * The language a respondent gets: `?lang=` when the form has it, then the first of the browser's
 * Accept-Language the form has (base language matching), then the form's default.
 */
export function pickLanguage(
  form: { language: string; translations: Record<string, Record<string, string>> },
  request: { query?: string | null; acceptLanguage?: string | null },
): string {
  const available = formLanguages(form);
  if (request.query) {
    const chosen = matchLanguage(request.query, available);
    if (chosen) return chosen;
  }
  for (const wanted of parseAcceptLanguage(request.acceptLanguage)) {
    const chosen = matchLanguage(wanted, available);
    if (chosen) return chosen;
  }
  return form.language;
}

/** Whether a language is written right to left (its script is Arabic, Hebrew, Thaana, Syriac...). */
export function isRightToLeft(tag: string): boolean {
  const canonical = canonicalTag(tag);
  if (!canonical) return false;
  const parts = canonical.split('-');
  if (parts.some((part) => /^(Arab|Hebr|Thaa|Syrc|Nkoo|Adlm|Rohg)$/.test(part))) return true;
  if (parts.some((part) => /^[A-Z][a-z]{3}$/.test(part))) return false;
  return ['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb'].includes(baseLanguage(canonical));
}

/**
 * The name of a language, in itself by default ('fr' → 'Français', for the respondent's switcher)
 * or in another language ('fr' in 'en' → 'French', for the owner's screens).
 */
export function languageName(tag: string, inLanguage: string = tag): string {
  try {
    const name = new Intl.DisplayNames([inLanguage], { type: 'language' }).of(tag);
    if (!name) return tag;
    return name.charAt(0).toLocaleUpperCase(inLanguage) + name.slice(1);
  } catch {
    return tag;
  }
}
