import { foldText } from './text-utils.ts';
import type { Language } from './types.ts';

// Function words that are frequent in form descriptions and rare in the other languages.
const STOP_WORDS: Record<Language, ReadonlySet<string>> = {
  en: new Set(
    'the and for a an of with your to is or our my we i need want form name email phone'.split(' '),
  ),
  es: new Set(
    'el los las y para con del una un es nuestra nuestro su sus tu que o fecha nombre correo por'.split(' '),
  ),
  fr: new Set(
    'le les et pour avec du des une un est votre vos nos notre ou au aux il nom prenom oui demander'.split(
      ' ',
    ),
  ),
  de: new Set(
    'der die das und fur mit ein eine einen ist oder bitte ihr ihre zum zur vorname nachname sie haben falls wenn nach dem nicht nein seite'.split(
      ' ',
    ),
  ),
  pt: new Set(
    'os as do da dos das uma um seu sua seus suas nosso nossa voce nao pelo pela formulario mensagem contato ou em no na sim pergunte numa'.split(
      ' ',
    ),
  ),
  it: new Set(
    'il lo gli della delle dei degli di per con una uno il suo sua nostro nostra modulo cognome telefono messaggio nel sulla chiedi hai'.split(
      ' ',
    ),
  ),
  nl: new Set(
    'de het een en voor met van je jouw uw onze ons naam telefoonnummer formulier of wij ik bij opmerkingen graag zo nee niet vraag waarom tweede'.split(
      ' ',
    ),
  ),
};

// Letters and letter pairs that mostly one of the candidate languages uses.
const MARKERS: [RegExp, Language][] = [
  [/[ñ¿¡]/, 'es'],
  [/[èêëœàâîû]/, 'fr'],
  [/[äöüß]/, 'de'],
  [/[ãõ]|ção|ções/, 'pt'],
  [/\bij|ij\b|\w+ij\w+/, 'nl'],
  // Grave 'ì' and 'ò' ('lunedì', 'però') and '-zione' ('iscrizione', 'prenotazione') are Italian's.
  [/[ìò]|\p{L}zion[ei]\b/u, 'it'],
  // 'y' alone is Spanish's 'and'; the other candidates never write it as a word.
  [/(?:^|\s)y\s/, 'es'],
];

const CANDIDATES: readonly Language[] = ['es', 'fr', 'de', 'pt', 'it', 'nl'];

/** Guesses the description's language from stop words; English wins ties. */
export function detectLanguage(description: string): Language {
  const scores: Record<Language, number> = { en: 0.5, es: 0, fr: 0, de: 0, pt: 0, it: 0, nl: 0 };
  const lower = description.toLowerCase();
  for (const [pattern, language] of MARKERS) {
    if (pattern.test(lower)) scores[language] += 2;
  }
  if (/ç/.test(lower)) scores[/ção|ções/.test(lower) ? 'pt' : 'fr'] += 2;
  for (const word of foldText(description).split(/[^a-z]+/)) {
    for (const language of Object.keys(STOP_WORDS) as Language[]) {
      if (STOP_WORDS[language].has(word)) scores[language] += 1;
    }
  }
  let best: Language = 'en';
  for (const language of CANDIDATES) {
    if (scores[language] > scores[best]) best = language;
  }
  return best;
}
