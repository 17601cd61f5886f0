// 'On a second page, ask …': where the writer starts a new page of the form.
import { type Localized, pickLocalized } from './template-fields.ts';
import type { Language } from './types.ts';

const EN_ORDINAL = 'second|2nd|third|3rd|fourth|4th|next|new|separate|another|following|final|last';

const ENGLISH = [
  new RegExp(`\\b(?:on|in)\\s+(?:a|an|the)\\s+(?:${EN_ORDINAL})\\s+(?:page|step|screen)\\b`, 'i'),
  /\bon\s+page\s+(?:2|3|4|two|three|four)\b/i,
  new RegExp(
    `\\b(?:a|the)\\s+(?:${EN_ORDINAL})\\s+page\\s+(?:with|for|asking(?:\\s+for)?|that asks(?:\\s+for)?|asks(?:\\s+for)?|about)\\b`,
    'i',
  ),
  /(?:^|(?<=[.;]\s*))page\s+(?:2|3|4|two|three|four)\s*:/i,
];

const MARKERS: Record<Language, RegExp[]> = {
  en: ENGLISH,
  es: [
    /\ben\s+(?:una|la|otra)\s+(?:segunda|tercera|siguiente|nueva|otra|última)\s+página\b/i,
    /\ben\s+la\s+página\s+siguiente\b/i,
  ],
  fr: [
    /\bsur\s+(?:une|la)\s+(?:deuxième|seconde|troisième|nouvelle|autre|dernière)\s+page\b/i,
    /\bsur\s+la\s+page\s+suivante\b/i,
  ],
  de: [/\bauf\s+(?:einer|der)\s+(?:zweiten|dritten|nächsten|neuen|weiteren|anderen|letzten)\s+seite\b/i],
  pt: [
    /\b(?:numa|em\s+uma|na)\s+(?:segunda|terceira|próxima|nova|outra|última)\s+página\b/i,
    /\bna\s+página\s+seguinte\b/i,
  ],
  it: [
    /\b(?:in|su)\s+una\s+(?:seconda|terza|nuova|altra)\s+pagina\b/i,
    /\bnella\s+(?:seconda|terza|prossima)\s+pagina\b/i,
    /\bnella\s+pagina\s+(?:successiva|seguente)\b/i,
  ],
  nl: [/\bop\s+(?:een|de)\s+(?:tweede|derde|volgende|nieuwe|andere|laatste)\s+pagina\b/i],
};

/** A later page's title when the writer gave it no name. */
const MORE_QUESTIONS: Localized = [
  'A few more questions',
  'Unas preguntas más',
  'Quelques questions de plus',
  'Noch ein paar Fragen',
  'Mais algumas perguntas',
  'Qualche altra domanda',
  'Nog een paar vragen',
];

/** The untitled page's title in the description's language. */
export function untitledPage(language: Language): string {
  return pickLocalized(MORE_QUESTIONS, language);
}

// Every language's markers are read whatever the description's language: short descriptions are
// hard to tell apart, and no marker means anything else in another of the languages.
const PATTERNS = Object.values(MARKERS).flat();

/** The description cut at each new page: the first part, then one part per later page. */
export function splitAtPages(text: string): string[] {
  const patterns = PATTERNS;
  const parts: string[] = [];
  let rest = text;
  for (let guard = 0; guard < 10; guard++) {
    let best: RegExpExecArray | null = null;
    for (const pattern of patterns) {
      const m = pattern.exec(rest);
      if (m && (best === null || m.index < best.index)) best = m;
    }
    if (!best) break;
    parts.push(rest.slice(0, best.index));
    rest = rest.slice(best.index + best[0].length);
  }
  parts.push(rest);
  // Joiners left at the cut ('…, and then on a second page') belong to neither part.
  return parts
    .map((part) =>
      part
        .replace(/^[\s,;:]+/, '')
        .replace(/[\s,;:]*(?:\b(?:and|then|and then|y|et|und|e|en)\s*)*$/i, '')
        .trim(),
    )
    .filter((part, i) => i === 0 || part.length > 0);
}
