import { LEXICONS, type LexiconTag } from './lexicon.ts';
import { foldText } from './text-utils.ts';
import type { Language } from './types.ts';

type Match = { start: number; end: number; tag: LexiconTag };

// The head noun comes before these words in English ('date of birth', 'message to write on the cake').
const EN_QUALIFIER = / (?:of|for|from|to|on|about|with|in|at|by|if|behind|that|who|so)\b/;
const DE_QUALIFIER = / (?:der|des|von|fur|zum|zur|mit|fuer)\b/;

function collectMatches(text: string, language: Language): Match[] {
  const matches: Match[] = [];
  for (const { tag, pattern } of LEXICONS[language]) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      if (m[0].length === 0) {
        pattern.lastIndex++;
        continue;
      }
      matches.push({ start: m.index, end: m.index + m[0].length, tag });
    }
  }
  // A keyword inside a longer one ('address' in 'email address') does not count.
  return matches.filter(
    (a) =>
      !matches.some(
        (b) => b !== a && b.start <= a.start && b.end >= a.end && b.end - b.start > a.end - a.start,
      ),
  );
}

function pickHead(matches: Match[], language: Language): Match | undefined {
  if (matches.length === 0) return undefined;
  const headFirst = language === 'es' || language === 'fr';
  return matches.reduce((best, m) => {
    if (headFirst) return m.start < best.start ? m : best;
    return m.start > best.start || (m.start === best.start && m.end > best.end) ? m : best;
  });
}

function qualifierCut(text: string, language: Language): string {
  const pattern = language === 'en' ? EN_QUALIFIER : language === 'de' ? DE_QUALIFIER : null;
  if (!pattern) return text;
  const m = pattern.exec(text);
  return m && m.index > 0 ? text.slice(0, m.index) : text;
}

/** The lexicon tag of a label's head noun ('photo title' → text, 'date of birth' → date). */
export function findHeadTag(label: string, language: Language): LexiconTag | undefined {
  const folded = foldText(label);
  const core = qualifierCut(folded, language);
  // A keyword that runs over the qualifier is one noun ('dates of stay' is a date range).
  const across = collectMatches(folded, language).find((m) => m.start < core.length && m.end > core.length);
  if (across && core.length < folded.length) return across.tag;
  const head = pickHead(collectMatches(core, language), language);
  if (head) return head.tag;
  return pickHead(collectMatches(folded, language), language)?.tag;
}

/** True when the text names something a form asks for (used to tell item lists from option lists). */
export function looksLikeField(text: string, language: Language): boolean {
  const tag = findHeadTag(text, language);
  return tag !== undefined && tag !== 'text' && tag !== 'range' && tag !== 'checkbox';
}
