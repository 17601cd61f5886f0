import { type FormKind, KIND_TITLES } from './form-kinds.ts';
import { REQUEST_START } from './form-words.ts';
import { capitalize, collapseSpaces, countWords, foldText } from './text-utils.ts';
import type { Language } from './types.ts';

export const DEFAULT_TITLE = 'Generated Form';

const SMALL_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'for',
  'of',
  'to',
  'in',
  'on',
  'at',
  'with',
  'by',
  'from',
]);
const LEADING_ARTICLE: Record<Language, RegExp> = {
  en: /^(?:a|an|the|our|my)\s+/i,
  es: /^(?:un|una|el|la|los|las|nuestra|nuestro|mi)\s+/i,
  fr: /^(?:un|une|le|la|les|notre|mon|ma)\s+/i,
  de: /^(?:ein|eine|einen|der|die|das|unser|unsere|mein|meine)\s+/i,
  pt: /^(?:um|uma|o|a|os|as|nosso|nossa|meu|minha)\s+/i,
  it: /^(?:(?:un|uno|una|il|lo|la|i|gli|le|nostro|nostra|mio|mia)\s+|un'|l')/i,
  nl: /^(?:een|de|het|ons|onze|mijn)\s+/i,
};
// What a request names as the form's subject: 'order my handmade candles', 'about my class'.
const SUBJECT =
  /\b(?:order|buy|book|register for|sign up for|apply for|for|about|at)\s+(?:my|our|the|a|an|your)\s+([\p{L}\p{N}' -]+)/iu;
const SUBJECT_VERB =
  /\b(?:order|buy|book|register for|sign up for|apply for|join)\s+(?:my|our|the|a|an|your)?\s*([\p{L}\p{N}' -]+)/iu;
const SUBJECT_STOP = /\s(?:where|that|who|which|to|so|with|and|on|in|for|from|because|when|if|by)\b.*$/i;

// 'form for people wanting to join our club' says what the form is for, not what it is called.
const VAGUE_HEADING = /^(?:an? )?form (?:for|to|where|so)\b/;

function titleCaseWord(word: string, index: number): string {
  if (/[A-Z\d]/.test(word.slice(1)) || /^\d/.test(word))
    return word.replace(/-(\p{Ll})/gu, (_, c: string) => `-${c.toUpperCase()}`);
  if (index > 0 && SMALL_WORDS.has(word.toLowerCase())) return word.toLowerCase();
  return word
    .split('-')
    .map((part) => capitalize(part))
    .join('-');
}

// 'Job application form for a bakery' names its subject last; the title puts it first.
const EN_FORM_FOR = /^(.+?)\s+form\s+(?:for|at)\s+(?:a|an|the|our|my)?\s*(.+)$/i;

function formatTitle(text: string, language: Language): string {
  const flipped = language === 'en' ? EN_FORM_FOR.exec(text.trim().replace(LEADING_ARTICLE.en, '')) : null;
  if (flipped?.[1] && flipped[2]) return formatTitle(`${flipped[2]} ${flipped[1]}`, language);
  const cleaned = collapseSpaces(text.replace(/\([^)]*\)/g, ' ').replace(/[.!?:;,]+$/, '')).replace(
    LEADING_ARTICLE[language],
    '',
  );
  if (language !== 'en') return capitalize(cleaned);
  const words = cleaned.replace(/\s(?:our|my|your)\s/gi, ' ').split(' ');
  return words.map(titleCaseWord).join(' ');
}

function findSubject(text: string): string | undefined {
  const m = SUBJECT_VERB.exec(text) ?? SUBJECT.exec(text);
  const subject = m?.[1]?.replace(SUBJECT_STOP, '').trim();
  if (!subject || countWords(subject) > 4) return subject?.split(' ').slice(0, 3).join(' ');
  return subject;
}

/** A title from the description's heading, or from its kind and subject ('Handmade Candles Order Form'). */
export function buildTitle(
  heading: string | undefined,
  kind: FormKind | undefined,
  language: Language,
): string {
  const head = heading?.trim();
  if (
    head &&
    !REQUEST_START.test(foldText(head)) &&
    !VAGUE_HEADING.test(foldText(head)) &&
    countWords(head) <= 12
  )
    return formatTitle(head, language);
  const subject = head ? findSubject(head) : undefined;
  if (!kind) return subject ? formatTitle(`${subject} Form`, language) : DEFAULT_TITLE;
  const kindTitle = KIND_TITLES[kind][language];
  if (language !== 'en') return subject ? `${kindTitle}: ${subject}` : kindTitle;
  return formatTitle(subject ? `${subject} ${kindTitle} Form` : `${kindTitle} Form`, language);
}
