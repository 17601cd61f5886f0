import { foldText } from './text-utils.ts';
import type { Language } from './types.ts';

// Function words that are frequent in form descriptions and rare in the other three languages.
const STOP_WORDS: Record<Language, ReadonlySet<string>> = {
  en: new Set(
    'the and for a an of with your to is or our my we i need want form name email phone'.split(' '),
  ),
  es: new Set(
    'el los las y para con del una un es nuestra nuestro su sus tu que o fecha nombre correo por'.split(' '),
  ),
  fr: new Set('le les et pour avec du des une un est votre vos nos notre ou au aux il nom prenom'.split(' ')),
  de: new Set(
    'der die das und fur mit ein eine einen ist oder bitte ihr ihre zum zur vorname nachname'.split(' '),
  ),
};

// Letters that only one of the candidate languages uses.
const MARKERS: [RegExp, Language][] = [
  [/[ñ¿¡]/, 'es'],
  [/[çèêëœàâîû]/, 'fr'],
  [/[äöüß]/, 'de'],
];

/** Guesses the description's language from stop words; English wins ties. */
export function detectLanguage(description: string): Language {
  const scores: Record<Language, number> = { en: 0.5, es: 0, fr: 0, de: 0 };
  const lower = description.toLowerCase();
  for (const [pattern, language] of MARKERS) {
    if (pattern.test(lower)) scores[language] += 2;
  }
  for (const word of foldText(description).split(/[^a-z]+/)) {
    for (const language of Object.keys(STOP_WORDS) as Language[]) {
      if (STOP_WORDS[language].has(word)) scores[language] += 1;
    }
  }
  let best: Language = 'en';
  for (const language of ['es', 'fr', 'de'] as const) {
    if (scores[language] > scores[best]) best = language;
  }
  return best;
}
