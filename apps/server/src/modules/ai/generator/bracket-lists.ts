import {
  CONSENT_CUE,
  MULTI_CUE,
  OPEN_QUESTION_START,
  OPTIONAL_CUE,
  REQUIRED_CUE,
  SINGLE_CUE,
} from './cue-words.ts';
import { looksLikeField } from './match-lexicon.ts';
import { countWords, foldText, indexOfTopLevel, splitTopLevel } from './text-utils.ts';
import type { Language } from './types.ts';

// The word before the last choice of an inline list: 'math, science, English or history'.
const LAST_CHOICE_JOINER = / (?:or|o|u|ou|oder|and|y|e|et|und) /;

function spacedDashes(text: string): number[] {
  const positions: number[] = [];
  let depth = 0;
  for (let i = 1; i < text.length - 1; i++) {
    const ch = text.charAt(i);
    if (ch === '(') depth++;
    else if (ch === ')' && depth > 0) depth--;
    else if (depth === 0 && '—–-'.includes(ch) && text.charAt(i - 1) === ' ' && text.charAt(i + 1) === ' ') {
      positions.push(i);
    }
  }
  return positions;
}

/** 'track — AI, FinTech or Open — next' becomes 'track (AI, FinTech or Open), next'. */
export function bracketDashPairs(text: string): string {
  let result = text;
  for (let guard = 0; guard < 5; guard++) {
    const dashes = spacedDashes(result);
    const [first, second] = dashes;
    if (first === undefined || second === undefined) return result;
    const inner = result.slice(first + 1, second).trim();
    if (!inner.includes(',') && !/ or /.test(inner)) return result;
    result = `${result.slice(0, first).trimEnd()} (${inner}), ${result.slice(second + 1).trimStart()}`;
  }
  return result;
}

function isClockColon(text: string, index: number): boolean {
  return /\d/.test(text.charAt(index - 1)) && /\d/.test(text.charAt(index + 1));
}

// A piece that starts the next question rather than naming a choice: 'how would you rate…',
// 'and any comments', 'and photo consent'.
const NEXT_QUESTION =
  /^(?:(?:and|y|et|und|e|en)\s+)?(?:how|what|which|who|when|where|why|whether|do|does|would|are|is|can|any|como|que|comment|wie|was|welche|come|hoe|wat|welke)\b/;
const AFTER_AND = /^(?:and|y|et|und|e|en|plus)\s+(.+)$/;

/** A piece ending in a note on the list ('(select all)', '(pick one)') or in a question mark. */
function closesList(piece: string): boolean {
  if (/\?\s*$/.test(piece)) return true;
  const note = /\(([^()]*)\)\s*$/.exec(piece)?.[1];
  if (note === undefined) return false;
  const folded = foldText(note);
  return [MULTI_CUE, SINGLE_CUE, OPTIONAL_CUE, REQUIRED_CUE].some((cue) => cue.test(folded));
}

/** Where a colon's choices end: after the piece joined by 'or'/'and', or before the next question. */
function listEnd(pieces: string[], language: Language): number {
  for (let i = 0; i < pieces.length; i++) {
    const folded = foldText(pieces[i] ?? '').trim();
    const joined = AFTER_AND.exec(folded)?.[1];
    if (i > 0 && (NEXT_QUESTION.test(folded) || (joined && CONSENT_CUE.test(joined)))) return i;
    if (i > 0 && joined && looksLikeField(joined, language)) return i;
    // 'olives (select all)', 'agency?': a note on the whole list, or the question's mark, closes it.
    if (i > 0 && closesList(pieces[i] ?? '')) return i + 1;
    // 'A, B, C, allergies': a field after choices that name none is the next question.
    const plainBefore = pieces.slice(0, i).every((piece) => !looksLikeField(piece, language));
    const joinsLast = LAST_CHOICE_JOINER.test(` ${folded} `);
    if (i >= 2 && plainBefore && !joinsLast && looksLikeField(folded, language)) return i;
    // 'JavaScript, Python, Go, t-shirt size XS to XL': a longer piece after short choices.
    const shortBefore = pieces.slice(0, i).every((piece) => countWords(piece) <= 2);
    if (
      i >= 2 &&
      shortBefore &&
      countWords(folded.replace(/\([^)]*\)/g, '')) >= 3 &&
      !LAST_CHOICE_JOINER.test(` ${folded} `)
    )
      return i;
    if (LAST_CHOICE_JOINER.test(` ${folded} `)) return i + 1;
  }
  return pieces.length;
}

/**
 * Where choices closed by a semicolon end: at the semicolon, unless a piece before it ends the
 * list ('monthly?', 'C (select all)') or starts a list of its own ('which stores: A').
 */
function semicolonListEnd(pieces: string[]): number {
  for (let i = 1; i < pieces.length; i++) {
    if (indexOfTopLevel(pieces[i] ?? '', ':') >= 0) return i;
    if (closesList(pieces[i] ?? '')) return i + 1;
  }
  return pieces.length;
}

/** 'integrations (select all)' as the last choice: the note belongs to the list, not the choice. */
function markMulti(choices: string[]): string[] {
  const last = choices[choices.length - 1] ?? '';
  const note = /\s*\(([^()]*)\)\s*$/.exec(last);
  if (!note?.[1] || !(MULTI_CUE.test(foldText(note[1])) || SINGLE_CUE.test(foldText(note[1]))))
    return choices;
  return [...choices.slice(0, -1), `${last.slice(0, note.index)} — ${note[1]}`];
}

/** 'subject: math, science or art, date' becomes 'subject (math, science or art), date'. */
export function bracketColonLists(text: string, language: Language): string {
  let result = text;
  for (let guard = 0; guard < 5; guard++) {
    const colon = indexOfTopLevel(result, ':');
    if (colon < 0 || isClockColon(result, colon)) return result;
    const left = result.slice(0, colon).trim();
    // A semicolon closes the colon's list: 'sessions: keynote, workshops, dinner; dietary needs'.
    const after = result.slice(colon + 1);
    const semicolon = indexOfTopLevel(after, ';');
    const beyond = semicolon >= 0 ? after.slice(semicolon) : '';
    const pieces = splitTopLevel(semicolon >= 0 ? after.slice(0, semicolon) : after, ',');
    const end = semicolon >= 0 ? semicolonListEnd(pieces) : listEnd(pieces, language);
    const choices = markMulti(pieces.slice(0, end));
    const rest = pieces.slice(end);
    // 'Ask for: name, email, phone' introduces fields, not choices; a question's colon ('how did
    // you book: web, phone or agency?') introduces its choices, some of which may share a field's word.
    const fieldLike = choices.filter((piece) => looksLikeField(piece, language)).length;
    const asked = OPEN_QUESTION_START.test(foldText(left.split(',').at(-1) ?? '').replace(/^[¿\s]+/, ''));
    const each = choices.flatMap((piece) => piece.split(LAST_CHOICE_JOINER));
    const someNamesNoField = each.some((choice) => !looksLikeField(choice, language));
    if ((fieldLike >= 2 && !(asked && someNamesNoField)) || choices.length === 0) {
      result = `${left}, ${pieces.join(', ')}${beyond}`;
      continue;
    }
    const tail = rest.length > 0 ? `, ${rest.join(', ')}` : '';
    result = `${left} (${choices.join(', ')})${tail}${beyond}`;
  }
  return result;
}
