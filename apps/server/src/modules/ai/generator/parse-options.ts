import {
  EXAMPLES_CUE,
  MULTI_CUE,
  OPTIONAL_CUE,
  REQUIRED_CUE,
  SINGLE_CUE,
  YES_NO_PATTERN,
} from './cue-words.ts';
import { findRange, type NumericRange } from './parse-range.ts';
import { capitalize, countWords, foldText } from './text-utils.ts';

/** What one parenthesis or dash annotation says about its field. */
export type Annotation = NumericRange & {
  options?: string[];
  placeholder?: string;
  note?: string;
  required?: boolean;
  optional?: boolean;
  multi?: boolean;
};

const LIST_SEPARATOR = /\s*[,;]\s*|\s+\/\s+/;
const LAST_JOINER = /\s+(?:or|and|o|u|y|ou|et|oder|und)\s+/;
const SINGLE_JOINER = /\s+(?:or|o|u|ou|oder)\s+/;
const ONLY_RANGE = /^\s*-?\d+(?:[.,]\d+)?\s*(?:[-–—]|to|a|al|à|bis)\s*-?\d+(?:[.,]\d+)?\s*$/;
const QUALIFIER_PIECE = new RegExp(
  `^(?:${[REQUIRED_CUE, OPTIONAL_CUE, MULTI_CUE, SINGLE_CUE].map((r) => r.source).join('|')}).*$`,
);

function cleanChoice(choice: string): string {
  const text = choice
    .replace(/^(?:or|and|o|y|ou|et|oder|und)\s+/i, '')
    // 'web, phone or agency?': the question's mark is no part of the last choice.
    .replace(/^[¿¡]+|[.…?!]+$/g, '')
    .trim();
  // '6 inch', 'iPhone' and '10x10' are written as meant; only a plain leading word is capitalised.
  if (!/^\p{Ll}/u.test(text) || /^\p{Ll}+\p{Lu}/u.test(text)) return text;
  return capitalize(text);
}

/** Splits 'S, M, L or XL', 'nice to have / important / critical' or 'yes/no' into choices. */
export function splitChoices(list: string): string[] {
  const folded = foldText(list.trim());
  if (YES_NO_PATTERN.test(folded)) return list.split(/\s*\/\s*|\s+(?:or|o|ou|oder)\s+/).map(cleanChoice);
  let pieces = list.split(LIST_SEPARATOR).filter((p) => p.trim().length > 0);
  if (pieces.length === 1) {
    pieces = list.includes('/') && !list.includes(' ') ? list.split('/') : list.split(SINGLE_JOINER);
  } else {
    const last = pieces.pop() ?? '';
    pieces.push(...last.split(LAST_JOINER));
  }
  return pieces.map(cleanChoice).filter((p) => p.length > 0);
}

function flagsOf(text: string): Pick<Annotation, 'required' | 'optional' | 'multi'> {
  const folded = foldText(text);
  return {
    required: REQUIRED_CUE.test(folded) || undefined,
    optional: OPTIONAL_CUE.test(folded) || undefined,
    multi: MULTI_CUE.test(folded) || undefined,
  };
}

/** Reads one annotation: a choice list, a range, examples, qualifiers or a plain note. */
export function parseAnnotation(raw: string): Annotation {
  const [listPart = '', ...qualifiers] = raw.split(/\s+[—–-]\s+/);
  const annotation: Annotation = flagsOf(raw);
  if (ONLY_RANGE.test(listPart)) return { ...annotation, ...findRange(listPart) };
  if (EXAMPLES_CUE.test(foldText(listPart))) {
    const examples = listPart.replace(/\b(?:etc|e\.g|such as|for example)\.?/gi, '').replace(/[….]+/g, '');
    return { ...annotation, placeholder: `e.g. ${examples.replace(/^[\s,:]+|[\s,:]+$/g, '')}` };
  }
  const choices = splitChoices(listPart).filter((choice) => !QUALIFIER_PIECE.test(foldText(choice)));
  if (choices.length >= 2 && choices.every((choice) => countWords(choice) <= 6)) {
    return { ...annotation, options: choices };
  }
  const note = qualifiers.length > 0 || choices.length !== 1 ? undefined : choices[0];
  const range = findRange(listPart);
  return { ...annotation, ...range, note: QUALIFIER_PIECE.test(foldText(listPart)) ? undefined : note };
}

// 'gift wrap yes or no', 'session length of 30, 60 or 90 minutes': choices written inline.
const INLINE_YES_NO = /\s*[-:,]?\s*\b(yes|sí|si|oui|ja)\s*(?:\/|or|o|ou|oder)\s*(no|non|nein)\b\s*\??$/i;
const INLINE_NUMBERS =
  /\s*(?:\b(?:of|de|von)\s+)?(\d+(?:[.,]\d+)?(?:\s*,\s*\d+(?:[.,]\d+)?)*\s*,?\s+(?:or|o|ou|oder)\s+\d+(?:[.,]\d+)?)(?:\s+(\p{L}+))?\s*$/u;

/** Choices written in the label itself, and the label without them. */
export function extractInlineChoices(label: string): { label: string; options?: string[] } {
  const yesNo = INLINE_YES_NO.exec(label);
  if (yesNo?.[1] && yesNo[2] && yesNo.index > 0) {
    return { label: label.slice(0, yesNo.index), options: [capitalize(yesNo[1]), capitalize(yesNo[2])] };
  }
  const numbers = INLINE_NUMBERS.exec(label);
  if (numbers?.[1] && numbers.index > 0) {
    const unit = numbers[2] ? ` ${numbers[2]}` : '';
    const values = numbers[1].split(/\s*,\s*|\s+(?:or|o|ou|oder)\s+/).filter((v) => v.length > 0);
    return { label: label.slice(0, numbers.index), options: values.map((v) => `${v}${unit}`) };
  }
  return { label };
}
