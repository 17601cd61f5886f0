import { CONSENT_CUE, RATING_CUE } from './cue-words.ts';
import { bracketInlineChoices, takeNumberedChoices, takeTrailingChoices } from './inline-alternatives.ts';
import { findHeadTag, looksLikeField } from './match-lexicon.ts';
import { choicesByMeaning } from './meaning-choices.ts';
import { findRange } from './parse-range.ts';
import { countWords, foldText } from './text-utils.ts';
import type { FollowUp, Language } from './types.ts';

export type RawItem = {
  text: string;
  hint?: string;
  optional?: boolean;
  required?: boolean;
  followUp?: FollowUp;
};

const LEADING_JOINER: Record<Language, RegExp> = {
  en: /^(?:and|or|then|also|plus|as well as|&)\s+/i,
  es: /^(?:y|e|o|u|luego|también|además)\s+/i,
  fr: /^(?:et|ou|puis|aussi|ainsi que)\s+/i,
  de: /^(?:und|oder|sowie|auch|dann)\s+/i,
  pt: /^(?:e|ou|depois|também|além disso)\s+/i,
  it: /^(?:e|ed|o|poi|anche|inoltre)\s+/i,
  nl: /^(?:en|of|dan|ook|daarnaast)\s+/i,
};

// A segment that only qualifies the one before it: '…, select all that apply'.
const MODIFIER_ONLY =
  /^(?:select all that apply|check all that apply|tick all that apply|all that apply|select all|pick one|choose one|select one|only one|more than one (?:can apply|allowed)|multiple (?:choices|answers) allowed|optional|required|mandatory|if any|if applicable|opcional|obligatorio|optionnel|obligatoire|optional|pflicht|plusieurs choix possibles|mehrfachauswahl moglich)$/;

const NUMBER_TAIL = /^\d+(?:[.,]\d+)?(?:\s+(?:or|and|o|ou|oder|y|et|und)\s+\d+(?:[.,]\d+)?)?(?:\s+\p{L}+)?$/u;

const RATING_START = /^(?:ratings?|rate|scores?)\b(.*?)\bfor\s+(.+)$/i;

// 'We need first and last name, …': the request wording before a list's first item.
const LIST_LEAD_IN =
  /^(?:we|i) (?:need|want|would like|also need)(?: to (?:know|collect|ask for))?(?: (?:their|your|the))?\s+/i;

// 'ask whether they have attended before': the question follows the verb.
const ASK_LEAD_IN =
  /^(?:please\s+)?ask(?:\s+(?:them|people|respondents|the respondent))?\s+(?=(?:whether|how|what|which|who|when|where|why)\b)/i;

// A comma after a sentence adverb ('Overall, how satisfied…') does not start an item.
const FILLER_ONLY =
  /^(?:overall|finally|lastly|additionally|also|first|firstly|then|next|and|plus|please|ideally)$/i;

const CONJOINED_WORDS: Record<Language, string> = {
  en: 'and|&',
  es: 'y|e',
  fr: 'et',
  de: 'und',
  pt: 'e',
  it: 'e|ed',
  nl: 'en',
};
// English joiners are read in every language: descriptions often mix in English words.
const CONJOINED: Record<Language, RegExp> = Object.fromEntries(
  Object.entries(CONJOINED_WORDS).map(([language, words]) => [language, new RegExp(` (?:${words}|and|&) `)]),
) as Record<Language, RegExp>;

// A clause that starts a new question: '… (Anna, Marco, Lee) and whether you would recommend us'.
const QUESTION_START =
  /^(?:whether|how|what|which|who|when|where|why|if|do|does|would|are|is|can|si|como|que|qual|quale|come|cosa|hoe|wat|welke|ob|wie|was|comment|quel\w*)\b/i;

function stripJoiner(segment: string, language: Language): string {
  let text = segment;
  for (let guard = 0; guard < 3; guard++) {
    const next = text.replace(LEADING_JOINER[language], '').replace(LEADING_JOINER.en, '');
    if (next === text) break;
    text = next;
  }
  return text.trim();
}

/** '…(packing, storage) and comments' → the list item and 'comments'. */
function splitAfterParenthesis(text: string, language: Language): string[] {
  const close = text.lastIndexOf(')');
  const m = CONJOINED[language].exec(text.slice(close));
  if (!m) return splitBeforeParenthesis(text, language);
  const right = text.slice(close + m.index + m[0].length).trim();
  if (countWords(right) > 4 && !looksLikeField(right, language) && !QUESTION_START.test(right)) return [text];
  return [text.slice(0, close + m.index + 1).trim(), ...splitConjoined(right, language)];
}

/** 'age and level (beginner, advanced)' → 'age' and 'level (beginner, advanced)'. */
function splitBeforeParenthesis(text: string, language: Language): string[] {
  const open = text.indexOf('(');
  const head = text.slice(0, open);
  const m = CONJOINED[language].exec(head);
  if (!m) return [text];
  const left = head.slice(0, m.index).trim();
  const right = text.slice(m.index + m[0].length).trim();
  const rightHead = head.slice(m.index + m[0].length).trim();
  if (countWords(left) > 3 || countWords(rightHead) > 3 || !looksLikeField(left, language)) return [text];
  return [left, right];
}

/** Both sides of 'A and B' name something to ask: one a field, the other a field or a short noun. */
function isPairOfFields(left: string, right: string, language: Language): boolean {
  // 'between 16 and 80' is a range, not two questions.
  if (/\d$/.test(left) && /^\d/.test(right)) return false;
  const leftField = looksLikeField(left, language);
  const rightField = looksLikeField(right, language);
  if (leftField && countWords(left) <= 5 && countWords(right) <= 12) {
    const folded = foldText(right);
    if (QUESTION_START.test(folded) || CONSENT_CUE.test(folded)) return true;
    // 'your email and a 1-10 rating of the new app': a scale is a question of its own.
    if (findRange(right) !== null && RATING_CUE.test(folded)) return true;
  }
  // 'allergies and photo consent': a consent is a question of its own.
  // 'allergies and photo consent', 'talla de camiseta S/M/L y consentimiento de fotos': a consent
  // is a question of its own.
  if (countWords(left) <= 5 && countWords(right) <= 5 && CONSENT_CUE.test(foldText(right))) return true;
  if (countWords(left) > 5 || countWords(right) > 5) return false;
  if (leftField && rightField) return true;
  if (!leftField && !rightField) return false;
  const other = leftField ? right : left;
  return (
    findHeadTag(other, language) !== undefined ||
    countWords(other) <= 2 ||
    choicesByMeaning(foldText(other), language) !== undefined
  );
}

/** 'check-in date and room number' → two items; 'make and model' stays one. */
function splitConjoined(text: string, language: Language): string[] {
  if (text.includes('(')) return splitAfterParenthesis(text, language);
  if (/^(?:your |their )?first and last names?$/i.test(text)) return ['First name', 'Last name'];
  const m = CONJOINED[language].exec(text);
  if (!m) return [text];
  const left = text.slice(0, m.index).trim();
  const right = text.slice(m.index + m[0].length).trim();
  if (!isPairOfFields(left, right, language)) return [text];
  const leftWords = left.split(' ');
  const lastLeft = leftWords[leftWords.length - 1] ?? '';
  // 'drop-off date and time' → 'drop-off time': the qualifier applies to both.
  if (countWords(right) === 1 && leftWords.length >= 2 && findHeadTag(lastLeft, language)) {
    return [left, `${leftWords.slice(0, -1).join(' ')} ${right}`];
  }
  return [left, ...splitConjoined(right, language)];
}

/** 'ratings from 1 to 5 for cleanliness, staff and breakfast' → one rating item per subject. */
function takeRatingGroup(
  segments: string[],
  start: number,
  language: Language,
): { items: RawItem[]; used: number } | null {
  const first = segments[start] ?? '';
  const m = RATING_START.exec(first);
  if (!m?.[2]) return null;
  const hint = `rating ${m[1] ?? ''}`.trim();
  const targets = [m[2]];
  let used = 1;
  for (let i = start + 1; i < segments.length && i < start + 8; i++) {
    const next = segments[i] ?? '';
    if (countWords(next) > 4 || next.includes('(')) break;
    used++;
    const last = CONJOINED[language].exec(next);
    if (last) {
      targets.push(next.slice(0, last.index), next.slice(last.index + last[0].length));
      return { items: targets.map((text) => ({ text: text.trim(), hint })), used };
    }
    targets.push(next);
  }
  // No closing 'and': only the first subject belongs to the rating.
  return { items: [{ text: m[2], hint }], used: 1 };
}

/** Turns comma-separated segments into raw items, reattaching qualifiers and numeric choices. */
export function groupSegments(segments: string[], language: Language): RawItem[] {
  const items: RawItem[] = [];
  const stripped = segments.map((segment) =>
    stripJoiner(segment, language).replace(LIST_LEAD_IN, '').replace(ASK_LEAD_IN, ''),
  );
  for (let i = 0; i < stripped.length; i++) {
    const text = stripped[i] ?? '';
    if (text.length === 0 || FILLER_ONLY.test(text)) continue;
    const previous = items[items.length - 1];
    const folded = foldText(text);
    if (previous && MODIFIER_ONLY.test(folded)) {
      previous.text = `${previous.text} (${text})`;
      continue;
    }
    if (previous && NUMBER_TAIL.test(text) && /\d$/.test(previous.text)) {
      previous.text = `${previous.text}, ${text}`;
      continue;
    }
    const rating = takeRatingGroup(stripped, i, language);
    if (rating) {
      items.push(...rating.items);
      i += rating.used - 1;
      continue;
    }
    const trailing = takeNumberedChoices(stripped, i, language) ?? takeTrailingChoices(stripped, i, language);
    if (trailing) {
      items.push({ text: trailing.text });
      i += trailing.used - 1;
      continue;
    }
    for (const part of splitConjoined(text, language))
      items.push({ text: bracketInlineChoices(part, language) });
  }
  return items;
}
