import { CHROME_LANGUAGES } from '@formsmith/core/i18n/chrome-languages';
import { formLanguages, matchLanguage, pickLanguage } from '@formsmith/core/i18n/language';
import type { Translations } from '@formsmith/core/i18n/texts';

const KEPT = (formId: number) => `formsmith.fill.lang.${formId}`;

function queryLanguage(): string | null {
  return new URLSearchParams(window.location.search).get('lang');
}

/** The browser's languages as an Accept-Language header would list them. */
function browserLanguages(): string {
  return (navigator.languages?.length ? navigator.languages : [navigator.language]).join(',');
}

/**
 * The language of the page before a form is known (the access gate, an expired form): `?lang=`,
 * else the browser's, among the languages the page's own words ship in.
 */
export function pageLanguage(): string {
  return pickLanguage(
    { language: 'en', translations: Object.fromEntries(CHROME_LANGUAGES.map((tag) => [tag, {}])) },
    { query: queryLanguage(), acceptLanguage: browserLanguages() },
  );
}

/**
 * The language a form opens in: `?lang=` when the form has it, then the choice made earlier in
 * this tab, then the browser's languages, then the form's default.
 */
export function chooseLanguage(form: { id: number; language: string; translations: Translations }): string {
  const available = formLanguages(form);
  const query = queryLanguage();
  if (query && matchLanguage(query, available)) return pickLanguage(form, { query });
  let kept: string | null = null;
  try {
    kept = sessionStorage.getItem(KEPT(form.id));
  } catch {
    // Storage may be off (private mode, a sandboxed frame): the choice then lasts as long as the URL.
  }
  if (kept && available.includes(kept)) return kept;
  return pickLanguage(form, { acceptLanguage: browserLanguages() });
}

/** Keeps the respondent's choice for this tab and in the address (a reload or a shared link keeps it). */
export function keepLanguage(formId: number, tag: string): void {
  try {
    sessionStorage.setItem(KEPT(formId), tag);
  } catch {
    // See chooseLanguage: the URL still carries it.
  }
  const url = new URL(window.location.href);
  url.searchParams.set('lang', tag);
  window.history.replaceState(window.history.state, '', url.toString());
}
