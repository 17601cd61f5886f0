import { looksLikeField } from './match-lexicon.ts';
import { foldText, indexOfTopLevel, splitTopLevel } from './text-utils.ts';
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

/** 'subject: math, science or art, date' becomes 'subject (math, science or art), date'. */
export function bracketColonLists(text: string, language: Language): string {
  let result = text;
  for (let guard = 0; guard < 5; guard++) {
    const colon = indexOfTopLevel(result, ':');
    if (colon < 0 || isClockColon(result, colon)) return result;
    const left = result.slice(0, colon).trim();
    const pieces = splitTopLevel(result.slice(colon + 1), ',');
    const joinerAt = pieces.findIndex((piece) => LAST_CHOICE_JOINER.test(` ${foldText(piece)} `));
    const end = joinerAt >= 0 ? joinerAt + 1 : pieces.length;
    const choices = pieces.slice(0, end);
    const rest = pieces.slice(end);
    // 'Ask for: name, email, phone' introduces fields, not choices.
    const fieldLike = choices.filter((piece) => looksLikeField(piece, language)).length;
    if (fieldLike >= 2 || choices.length === 0) {
      result = `${left}, ${pieces.join(', ')}`;
      continue;
    }
    const tail = rest.length > 0 ? `, ${rest.join(', ')}` : '';
    result = `${left} (${choices.join(', ')})${tail}`;
  }
  return result;
}
