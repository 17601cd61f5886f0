import { collapseSpaces } from './text-utils.ts';

// A period after these is not the end of a sentence.
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'vs',
  'approx',
  'incl',
  'min',
  'max',
  'dr',
  'mr',
  'mrs',
  'ms',
  'st',
  'ca',
  'z.b',
  'bzw',
  'p.ex',
  'ex',
  'nr',
  'tel',
]);

const BULLET = /^\s*(?:[-*•·‣▪]|\d{1,2}[.)])\s+/;

/** Whether the description's first line is already an item of a list ('- Full name'). */
export function opensWithBullet(description: string): boolean {
  const first = description
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .find((line) => line.trim() !== '');
  return first !== undefined && BULLET.test(first);
}

/** Turns bullet lists and line breaks into sentences so one splitter handles every layout. */
export function normalizeLayout(description: string): string {
  const lines = description.replace(/\r\n?/g, '\n').split('\n');
  const joined = lines
    .map((line) => line.replace(BULLET, '').trim())
    .filter((line) => line.length > 0)
    .map((line, index, all) => {
      const isLast = index === all.length - 1;
      if (isLast || /[.!?:;,]$/.test(line)) return line;
      return `${line}.`;
    })
    .join(' ');
  return collapseSpaces(joined);
}

function previousWord(text: string, end: number): string {
  let start = end;
  while (start > 0 && /[\p{L}.]/u.test(text.charAt(start - 1))) start--;
  return text.slice(start, end).toLowerCase();
}

function nextVisibleChar(text: string, from: number): string {
  for (let i = from; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch !== ' ') return ch;
  }
  return '';
}

// A question followed by its choices: 'favourite language? JavaScript, Python, Go or other'.
const QUESTION_THEN_CHOICES = /\?\s+([^.?!()]+?\s+(?:or|o|ou|oder)\s+[^.?!(),]+?)(?=\s*(?:[.!?]|$))/g;
const isShortChoice = (piece: string) => piece.trim().split(/\s+/).length <= 3;

/** 'Which language? A, B or C.' becomes 'Which language? (A, B or C).': the choices stay with it. */
function bracketQuestionChoices(text: string): string {
  return text.replace(QUESTION_THEN_CHOICES, (whole, list: string) => {
    const pieces = list.split(/,|\s+(?:or|o|ou|oder)\s+/);
    return pieces.length >= 2 && pieces.every(isShortChoice) ? `? (${list.trim()})` : whole;
  });
}

/** Splits into sentences at . ! ? outside parentheses; a '?' followed by '(' keeps its options. */
export function splitSentences(input: string): string[] {
  const text = bracketQuestionChoices(input);
  const sentences: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch === '(') depth++;
    else if (ch === ')' && depth > 0) depth--;
    if (depth > 0 || (ch !== '.' && ch !== '!' && ch !== '?')) continue;
    const after = text.charAt(i + 1);
    if (after !== '' && after !== ' ') continue;
    if (ch === '.' && ABBREVIATIONS.has(previousWord(text, i))) continue;
    if (ch === '?' && nextVisibleChar(text, i + 1) === '(') continue;
    sentences.push(text.slice(start, ch === '?' ? i + 1 : i));
    start = i + 1;
  }
  sentences.push(text.slice(start));
  return sentences.map((s) => s.trim()).filter((s) => s.length > 0 && /[\p{L}\p{N}]/u.test(s));
}
