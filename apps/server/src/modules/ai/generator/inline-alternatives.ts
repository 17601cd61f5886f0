import {
  CHECKBOX_CUE,
  CONSENT_CUE,
  EN_YES_NO_START,
  MULTI_CUE,
  OPTIONAL_CUE,
  REQUIRED_CUE,
  SINGLE_CUE,
  YES_NO_PATTERN,
} from './cue-words.ts';
import { findHeadTag, looksLikeField } from './match-lexicon.ts';
import { countWords, foldText } from './text-utils.ts';
import type { Language } from './types.ts';

// Choices written in the flow of a request rather than in brackets: 'meal choice beef, fish or
// vegetarian', 'laptop Mac or Windows', 'size S/M/L', 'shirt size XS to XL', 'tea or coffee'.
// Each is rewritten as 'label (choice, choice)', the form the item parser reads as a list.

// The word for 'or' in each language; English is read in every language, as requests mix it in.
const OR_WORDS: Record<Language, string> = {
  en: 'or',
  es: 'o|u',
  fr: 'ou',
  de: 'oder',
  pt: 'ou',
  it: 'o|oppure',
  nl: 'of',
};
const OR: Record<Language, RegExp> = Object.fromEntries(
  Object.entries(OR_WORDS).map(([language, words]) => [language, new RegExp(`\\s+(?:${words}|or)\\s+`, 'i')]),
) as Record<Language, RegExp>;

// Ordered scales a request can name by their ends ('XS to XL', 'Monday to Friday').
const SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'];
const WEEKDAYS: Record<Language, string[]> = {
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  es: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'],
  fr: ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'],
  de: ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'],
  pt: ['Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado', 'Domingo'],
  it: ['Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato', 'Domenica'],
  nl: ['Maandag', 'Dinsdag', 'Woensdag', 'Donderdag', 'Vrijdag', 'Zaterdag', 'Zondag'],
};
const RANGE_WORD = /(?:\s+(?:to|through|until|a|al|à|au|bis|tot|até|fino a)\s+|\s*[-–]\s*)/;
// A label ending in one of these is cut mid-phrase ('responsibility for loss or damage').
const OPEN_END =
  /\b(?:for|of|to|with|about|from|in|on|at|by|the|a|an|your|de|du|des|la|le|el|los|von|vom|der|die|das|di|del|della|da|do|van|het|een)$/i;

const bracket = (label: string, choices: string[]) => `${label.trim()} (${choices.join(', ')})`;

/** A short alternative that names no field of its own ('fish', 'video call'; not 'email'). */
function isPlainChoice(text: string, language: Language): boolean {
  const words = countWords(text);
  return (
    words >= 1 &&
    words <= 3 &&
    !/[():]/.test(text) &&
    !/^\d+(?:[.,]\d+)?$/.test(text) &&
    !looksLikeField(text, language) &&
    !YES_NO_PATTERN.test(foldText(text))
  );
}

/**
 * A choice in a list of three or more, which may share its word with a field ('device laptop,
 * phone or tablet'): the list's other choices say it is one of them, not a question of its own.
 */
function isListedChoice(text: string): boolean {
  const words = countWords(text);
  return (
    words >= 1 &&
    words <= 2 &&
    !/[():]/.test(text) &&
    !/^\d+(?:[.,]\d+)?$/.test(text) &&
    !YES_NO_PATTERN.test(foldText(text))
  );
}

/**
 * 'VIP or student (pick one)' → 'VIP or student' and ' (pick one)': a note on the whole list
 * after its last choice, set apart so the choices can be read and put back after them.
 */
export function splitListNote(text: string): { text: string; note: string } {
  const m = /\s*\(([^()]*)\)\s*$/.exec(text);
  const head = m ? text.slice(0, m.index) : text;
  if (!m?.[1] || /[()]/.test(head)) return { text, note: '' };
  const folded = foldText(m[1]);
  const qualifies = [MULTI_CUE, SINGLE_CUE, OPTIONAL_CUE, REQUIRED_CUE].some((cue) => cue.test(folded));
  return qualifies ? { text: head.trim(), note: ` (${m[1].trim()})` } : { text, note: '' };
}

/** 'shirt size XS to XL' → 'shirt size (XS, S, M, L, XL)'; 'day Monday to Friday' likewise. */
function bracketNamedRange(text: string, language: Language): string | null {
  const m = new RegExp(`^(.*\\S)\\s+(\\S+)${RANGE_WORD.source}(\\S+)$`, 'i').exec(text);
  if (!m?.[1] || !m[2] || !m[3]) return null;
  for (const scale of [SIZES, WEEKDAYS[language], WEEKDAYS.en]) {
    const keys = scale.map((s) => foldText(s));
    const from = keys.indexOf(foldText(m[2]));
    const to = keys.indexOf(foldText(m[3]));
    if (from >= 0 && to > from) return bracket(m[1], scale.slice(from, to + 1));
  }
  return null;
}

/** 'size S/M/L' → 'size (S, M, L)'; not 'yes/no', 'and/or', a date or 'e-mail/phone'. */
function bracketSlashList(text: string, language: Language): string | null {
  const m = /^(.*\S)\s+(\S+(?:\/\S+)+)$/.exec(text);
  if (!m?.[1] || !m[2]) return null;
  const parts = m[2].split('/');
  if (YES_NO_PATTERN.test(foldText(m[2])) || /^and\/or$/i.test(m[2])) return null;
  // Words ('S/M/L') or bands of numbers ('1-10/11-50/201+'); never a date ('12/05/2024').
  const band = (p: string) => /^\d+(?:[-–]\d+|\+)$/.test(p);
  const word = (p: string) => /\p{L}/u.test(p) && p.length <= 12 && !looksLikeField(p, language);
  if (!parts.every((p) => word(p) || band(p))) return null;
  return bracket(m[1], parts);
}

/** The longest ending two words share ('indoor', 'outdoor': 'door'). */
function sharedEnding(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/**
 * 'indoor or outdoor seating', 'smoking or non-smoking room', 'morning or evening session': two
 * words of one kind before the noun they both describe, a question of its own (the noun, with the
 * two as its choices). Not 'hotel or pickup point' nor 'juice or soft drink', whose two words are
 * unlike: a thing named in full, then another. Returns the noun and the two choices, or null.
 */
export function sharedNounAlternatives(
  text: string,
  language: Language,
): { noun: string; choices: string[] } | null {
  if (/[():?]/.test(text)) return null;
  const sides = text.split(OR[language]);
  if (sides.length !== 2) return null;
  const left = (sides[0] ?? '').trim();
  const right = (sides[1] ?? '').trim().split(/\s+/);
  if (countWords(left) !== 1 || right.length !== 2) return null;
  const [other = '', noun = ''] = right;
  const a = foldText(left);
  const b = foldText(other);
  // Alike: one the other with a prefix ('smoking', 'non-smoking'), or the same ending ('-door', '-ing').
  const alike = a !== b && (b.endsWith(a) || a.endsWith(b) || sharedEnding(a, b) >= 3);
  if (!alike || !isPlainChoice(noun, language) || looksLikeField(left, language)) return null;
  return { noun, choices: [left, other].map(capitalizeFirst) };
}

/**
 * 'laptop preference Mac or Windows' → 'laptop preference (Mac, Windows)'; 'tea or coffee' and
 * 'do you own or rent your home' keep their words as the label. Not a yes/no question ('have
 * you had surgery or been in hospital'), nor two things to ask ('email or phone').
 */
function bracketAlternatives(text: string, language: Language): string | null {
  if (text.includes('(') || text.includes(':')) return null;
  const sides = text.split(OR[language]);
  if (sides.length !== 2) return null;
  const [left = '', right = ''] = sides.map((side) => side.trim());
  const folded = foldText(text);
  const verbs = /^(?:do|would) you (\p{L}+) or (\p{L}+)\b/iu.exec(text);
  if (verbs?.[1] && verbs[2]) return bracket(text, [verbs[1], verbs[2]].map(capitalizeFirst));
  if (EN_YES_NO_START.test(folded) || text.trim().endsWith('?')) return null;
  if (CONSENT_CUE.test(folded) || CHECKBOX_CUE.test(folded)) return null;
  const leftWords = left.split(/\s+/);
  // '30 or 60 minutes' is read as numbers with their unit elsewhere; '3x3 or 3x6' and '5K or
  // 10K' are sizes written with letters, choices as they stand.
  const sized = (word: string) => /^\d[\d.,]*\p{L}+[\d.,]*$/u.test(word) || /^\d+\s*[x×]\s*\d+$/.test(word);
  const numbers = /\d$/.test(left) && /^\d/.test(right) && !(sized(leftWords.at(-1) ?? '') && sized(right));
  if (!isPlainChoice(right, language) || numbers) return null;
  const shared = sharedNounAlternatives(text, language);
  if (shared) return bracket(capitalizeFirst(shared.noun), shared.choices);
  // 'delivery every week or every two weeks': alike choices start with the same word, so the
  // first one starts where that word last occurs on the left.
  // ('3m x 3m or 3m x 6m' already lines up word for word.)
  const rightStart = foldText(right.split(/\s+/)[0] ?? '');
  const sameLength = countWords(right);
  const lined = foldText(leftWords[leftWords.length - sameLength] ?? '') === rightStart;
  const alikeAt = leftWords.findLastIndex((word) => foldText(word) === rightStart);
  const take =
    !lined && alikeAt > 0 && leftWords.length - alikeAt >= 2 ? leftWords.length - alikeAt : sameLength;
  // 'hotel or pickup point': unlike alternatives, a place to be written in.
  if (take > leftWords.length) return null;
  const first = leftWords.slice(leftWords.length - take).join(' ');
  const head = leftWords.slice(0, leftWords.length - take).join(' ');
  if (!isPlainChoice(first, language) || /^(?:any|your|a|an|the|other)$/i.test(first)) return null;
  if (OPEN_END.test(head)) return null;
  return bracket(head || text, [first, right].map(capitalizeFirst));
}

function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One segment's inline choices, bracketed, or the segment as it was. */
export function bracketInlineChoices(text: string, language: Language): string {
  const { text: head, note } = splitListNote(text);
  if (/[()]/.test(head)) return text;
  const bracketed =
    bracketNamedRange(head, language) ??
    bracketSlashList(head, language) ??
    bracketAlternatives(head, language);
  return bracketed ? `${bracketed}${note}` : text;
}

/**
 * 'week 1', 'week 2 or week 3' (split at the comma) → 'week (Week 1, Week 2, Week 3)': choices
 * that repeat one noun with a number. Returns the merged item and how many segments it used.
 */
export function takeNumberedChoices(
  segments: string[],
  start: number,
  language: Language,
): { text: string; used: number } | null {
  const m = /^(.*?)(\p{L}+)\s+(\d+)$/u.exec(segments[start] ?? '');
  if (!m?.[2] || !m[3]) return null;
  const noun = m[2];
  const numbered = new RegExp(`^${noun}\\s+\\d+$`, 'iu');
  const choices = [`${noun} ${m[3]}`];
  for (let i = start + 1; i < segments.length && i < start + 8; i++) {
    const { text: next, note } = splitListNote(segments[i] ?? '');
    const sides = next.split(OR[language]).map((side) => side.trim());
    if (!sides.every((side) => numbered.test(side)) || sides.length > 2) return null;
    choices.push(...sides);
    if (sides.length === 2) {
      const label = `${m[1] ?? ''}${noun}`.trim();
      return { text: `${bracket(label, choices.map(capitalizeFirst))}${note}`, used: i - start + 1 };
    }
  }
  return null;
}

/**
 * 'meal choice beef', 'fish or vegetarian' (split at the comma) → 'meal choice (beef, fish,
 * vegetarian)': a label whose last word starts a list that the next segments finish with 'or'.
 * Returns the merged item and how many segments it used, or null.
 */
export function takeTrailingChoices(
  segments: string[],
  start: number,
  language: Language,
): { text: string; used: number } | null {
  const text = segments[start] ?? '';
  const words = text.split(/\s+/);
  const lastWord = words[words.length - 1] ?? '';
  if (words.length < 2 || /[():]/.test(text) || OR[language].test(text)) return null;
  // 'colour red, blue or green' names the colours to choose from; other fields' words start no list.
  const field = looksLikeField(text, language) && findHeadTag(text, language) !== 'color';
  if (field || !isPlainChoice(lastWord, language) || lastWord.includes('/')) return null;
  if (EN_YES_NO_START.test(foldText(text)) || OPEN_END.test(words.slice(0, -1).join(' '))) return null;
  const middle: string[] = [];
  // Choices that share a field's word ('phone') stay choices while most of the list names none.
  const mostlyPlain = (choices: string[]) =>
    choices.filter((choice) => !isPlainChoice(choice, language)).length * 2 < choices.length + 1;
  for (let i = start + 1; i < segments.length && i < start + 8; i++) {
    const { text: next, note } = splitListNote(segments[i] ?? '');
    const sides = next.split(OR[language]);
    // 'party size', 'indoor or outdoor seating': the second is a question of its own, not the
    // end of a list the first began.
    if (sharedNounAlternatives(next, language)) return null;
    if (sides.length === 2) {
      const [left = '', right = ''] = sides.map((side) => side.trim());
      if (!isListedChoice(left) || !isListedChoice(right) || EN_YES_NO_START.test(foldText(next)))
        return null;
      if (!mostlyPlain([...middle, left, right])) return null;
      // 'size 6 inch', '8 inch or 10 inch': the first choice is as long as every other one.
      const lengths = new Set([...middle, left, right].map(countWords));
      const [only = 1] = lengths;
      const take = lengths.size === 1 && only < words.length ? only : 1;
      const choices = [words.slice(-take).join(' '), ...middle, left, right].map(capitalizeFirst);
      return { text: `${bracket(words.slice(0, -take).join(' '), choices)}${note}`, used: i - start + 1 };
    }
    if (note || sides.length > 2 || countWords(next) > 2 || !isListedChoice(next)) return null;
    middle.push(next);
  }
  return null;
}
