import { CALLING_CODES } from '@formsmith/core/fields/phone-countries';

/**
 * Every country the pickers offer (the phone field's list), named in the page's language and
 * sorted by that name; the code stands in where the browser knows no name.
 */
export function countryNames(locale: string): { code: string; name: string }[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = undefined;
  }
  const collator = new Intl.Collator(locale);
  return Object.keys(CALLING_CODES)
    .map((code) => ({ code, name: names?.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
