import type { Translations } from '@formsmith/core/i18n/texts';

/** The translations with `tag` added, empty: every text falls back to the default language's. */
export function addLanguage(translations: Translations, tag: string): Translations {
  return tag in translations ? translations : { ...translations, [tag]: {} };
}

/** The translations without `tag` (the editor's undo brings it back). */
export function removeLanguage(translations: Translations, tag: string): Translations {
  const { [tag]: _removed, ...rest } = translations;
  return rest;
}

/** One text of `tag` set; a blank one is removed, so the item is missing again and falls back. */
export function setTranslation(
  translations: Translations,
  input: { tag: string; key: string; text: string },
): Translations {
  const { [input.key]: _old, ...others } = translations[input.tag] ?? {};
  const texts = input.text.trim() === '' ? others : { ...others, [input.key]: input.text };
  return { ...translations, [input.tag]: texts };
}

/** Several texts of `tag` set at once (accepted suggestions); other texts stay as they are. */
export function mergeTranslations(
  translations: Translations,
  input: { tag: string; texts: Record<string, string> },
): Translations {
  return { ...translations, [input.tag]: { ...translations[input.tag], ...input.texts } };
}
