/**
 * Languages offered when choosing one: the common ones, by BCP 47 tag. The page's own words
 * (buttons, messages) ship in a few of them; texts of any of them are the owner's to translate.
 */
export const COMMON_LANGUAGES = [
  'ar',
  'bg',
  'ca',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'en-GB',
  'es',
  'es-419',
  'et',
  'fa',
  'fi',
  'fr',
  'fr-CA',
  'he',
  'hi',
  'hr',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ms',
  'nb',
  'nl',
  'pl',
  'pt',
  'pt-BR',
  'ro',
  'ru',
  'sk',
  'sl',
  'sr',
  'sv',
  'sw',
  'th',
  'tr',
  'uk',
  'ur',
  'vi',
  'zh-CN',
  'zh-TW',
] as const;

const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** A language's name in English, as the owner's screens are written ('fr-CA' → 'Canadian French'). */
export function englishName(tag: string): string {
  try {
    return names.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** The common languages with their names, by name, leaving out `except`. */
export function languageChoices(except: readonly string[]): { tag: string; name: string }[] {
  return COMMON_LANGUAGES.filter((tag) => !except.includes(tag))
    .map((tag) => ({ tag, name: englishName(tag) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
