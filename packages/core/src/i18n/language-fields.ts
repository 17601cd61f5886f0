/**
 * The language fields of a form on the wire and in a save. Written against zod/mini so the public
 * page, which parses forms with these schemas, stays small.
 */
import * as z from 'zod/mini';
import { canonicalTag, DEFAULT_LANGUAGE, MAX_TRANSLATIONS } from './language.ts';
import type { Translations } from './texts.ts';

const KEY_MAX_LENGTH = 300;
/** The longest text of any kind; each kind's own limit is checked against the form (checkTranslations). */
const TEXT_MAX_LENGTH = 5000;

export const LANGUAGE_MESSAGES = {
  tag: 'Use a language tag such as en, fr or pt-BR',
  tooMany: `A form can have at most ${MAX_TRANSLATIONS} languages besides its default`,
  key: 'A translation names a text of the form',
  text: `A translated text must be at most ${TEXT_MAX_LENGTH} characters`,
} as const;

/** A language tag as sent, read to its canonical form ('PT-br' → 'pt-BR'). */
export const languageTagSchema = z.pipe(
  z.string().check(z.refine((tag) => canonicalTag(tag) !== null, LANGUAGE_MESSAGES.tag)),
  z.transform((tag) => canonicalTag(tag) ?? tag),
);

/** Translations as the API sends them (already canonical). */
export const translationsSchema = z.record(z.string(), z.record(z.string(), z.string()));

function canonicalTranslations(raw: Record<string, Record<string, string>>): Translations {
  const out: Translations = {};
  for (const [tag, texts] of Object.entries(raw)) {
    const canonical = canonicalTag(tag) ?? tag;
    out[canonical] = { ...out[canonical], ...texts };
  }
  return out;
}

/**
 * The translations of a save: language tags, at most MAX_TRANSLATIONS languages, keys and texts
 * bounded. Whether each key names a text of the form is for the server, which knows the form.
 */
export const translationsBodySchema = z.pipe(translationsSchema, z.transform(canonicalTranslations)).check(
  z.superRefine((translations, ctx) => {
    const tags = Object.keys(translations);
    if (tags.length > MAX_TRANSLATIONS) ctx.addIssue({ code: 'custom', message: LANGUAGE_MESSAGES.tooMany });
    for (const tag of tags) {
      if (canonicalTag(tag) === null)
        ctx.addIssue({ code: 'custom', message: LANGUAGE_MESSAGES.tag, path: [tag] });
      for (const [key, text] of Object.entries(translations[tag] ?? {})) {
        if (key.length > KEY_MAX_LENGTH) {
          ctx.addIssue({ code: 'custom', message: LANGUAGE_MESSAGES.key, path: [tag, key] });
        } else if (text.length > TEXT_MAX_LENGTH) {
          ctx.addIssue({ code: 'custom', message: LANGUAGE_MESSAGES.text, path: [tag, key] });
        }
      }
    }
  }),
);

/** The language properties of a form's content on the wire. */
export const languageShape = {
  /** The form's default language: its texts are the title, labels... themselves. */
  language: z._default(z.string(), DEFAULT_LANGUAGE),
  /** Texts in the other languages, by language tag then text key. */
  translations: z._default(translationsSchema, {}),
};
