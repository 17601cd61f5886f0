import { bracketColonLists, bracketDashPairs } from './bracket-lists.ts';
import { splitFollowUps, startsWithFollowUp } from './follow-ups.ts';
import { CHATTER, FORM_NOUN, FORM_WORD, LIST_CONNECTOR, REQUEST_START } from './form-words.ts';
import { groupSegments, type RawItem } from './group-segments.ts';
import { normalizeLayout, opensWithBullet, splitSentences } from './split-sentences.ts';
import { foldText, indexOfTopLevel, splitTopLevel } from './text-utils.ts';
import type { Language } from './types.ts';

export type Segmented = { context: string[]; items: RawItem[] };

// 'Name and email are optional.' applies the flag to every item of the sentence.
const SENTENCE_FLAG =
  /\s+(?:are|is|es|son|est|sont|ist|sind)\s+(?:all\s+)?(optional|opcional(?:es)?|facultati(?:f|ve|fs|ves|vo|vos|va|vas)|optionnel(?:le)?s?|freiwillig|required|mandatory|obligatori[oa]s?|obligatoires?|pflicht)\s*$/i;

function hasTopLevelComma(text: string): boolean {
  return indexOfTopLevel(text, ',') >= 0 || indexOfTopLevel(text, ';') >= 0;
}

/** Splits a sentence that introduces its list ('A contact form with name, email…') in two. */
function splitIntro(sentence: string): { context?: string; list?: string } {
  const folded = foldText(sentence);
  const colon = indexOfTopLevel(sentence, ':');
  if (colon > 0 && !hasTopLevelComma(sentence.slice(0, colon))) {
    return { context: sentence.slice(0, colon), list: sentence.slice(colon + 1) };
  }
  const formWord = FORM_WORD.exec(folded);
  if (formWord) {
    const rest = folded.slice(formWord.index);
    const connector = LIST_CONNECTOR.exec(rest);
    if (connector) {
      const at = formWord.index + connector.index;
      return { context: sentence.slice(0, at), list: sentence.slice(at + connector[0].length) };
    }
  }
  return {};
}

function isContextSentence(sentence: string, isFirst: boolean, isOnly: boolean): boolean {
  if (hasTopLevelComma(sentence)) return false;
  const folded = foldText(sentence);
  if (CHATTER.test(folded)) return true;
  if (isOnly && REQUEST_START.test(folded)) return true;
  if (FORM_WORD.test(folded) && (isFirst || REQUEST_START.test(folded))) return true;
  // A short opening line without a list is a heading ('Physiotherapy intake.').
  return isFirst && !isOnly && folded.split(' ').length <= 10;
}

function flagsOf(sentence: string): { text: string; optional?: boolean; required?: boolean } {
  const cleaned = sentence.replace(/[.!]+$/, '');
  const m = SENTENCE_FLAG.exec(cleaned);
  if (!m?.[1]) return { text: cleaned };
  const text = cleaned.slice(0, m.index);
  const flag = foldText(m[1]);
  const required = /requir|mandat|obligat|pflicht/.test(flag);
  return required ? { text, required: true } : { text, optional: true };
}

/**
 * Splits a description into context (what the form is) and raw field items; `continued` when
 * it is a later page of the description, whose first sentence is no heading of the form.
 */
export function segmentDescription(description: string, language: Language, continued = false): Segmented {
  const sentences = splitSentences(normalizeLayout(description));
  // A list from its first line has no heading: '- Full name' is the first question.
  const headed = !continued && !opensWithBullet(description);
  const context: string[] = [];
  const items: RawItem[] = [];
  sentences.forEach((sentence, index) => {
    let body = sentence;
    const first = index === 0 && headed;
    const intro = splitIntro(sentence);
    if (
      intro.context !== undefined &&
      intro.list !== undefined &&
      (first || FORM_NOUN.test(foldText(intro.context)) || (continued && index === 0))
    ) {
      context.push(intro.context);
      body = intro.list;
    } else if (
      !startsWithFollowUp(sentence) &&
      isContextSentence(sentence, first, sentences.length === 1 && !continued)
    ) {
      context.push(sentence);
      return;
    }
    const { text, optional, required } = flagsOf(body);
    for (const run of splitFollowUps(text, language)) {
      const prepared = bracketColonLists(bracketDashPairs(run.text), language);
      for (const item of groupSegments(splitTopLevel(prepared, ',;'), language)) {
        items.push({
          ...item,
          optional: item.optional || optional,
          required: item.required || required,
          ...(run.followUp ? { followUp: run.followUp } : {}),
        });
      }
    }
  });
  return { context, items };
}
