import {
  CHECKBOX_CUE,
  CONSENT_CUE,
  EN_YES_NO_START,
  HIDDEN_CUE,
  OPEN_QUESTION_START,
  OPT_IN_CUE,
  PICKER_CUE,
  RATING_CUE,
  SIGNATURE_CUE,
  SIGNATURE_CUE_ES_IT,
  SLIDER_CUE,
  UPLOAD_CUE,
  YES_NO_START,
} from './cue-words.ts';
import type { LexiconTag } from './lexicon.ts';
import { findHeadTag } from './match-lexicon.ts';
import { foldText } from './text-utils.ts';
import type { FieldType, Language } from './types.ts';

export type ClassifyInput = {
  label: string; // the item's own words, without parentheses
  cue: string; // everything written about the item, folded
  options?: string[];
  multi: boolean;
  hasRange: boolean;
  language: Language;
};

export type Classification = {
  type: FieldType;
  tag?: LexiconTag;
  consent?: boolean;
  optIn?: boolean;
  yesNo?: boolean;
};

// Types a closed question cannot override: 'Can you share your email?' still asks for an email.
// Dates and numbers can: 'Would you attend next year?' is a yes/no question.
const SPECIFIC: ReadonlySet<LexiconTag> = new Set(['email', 'phone', 'url', 'file', 'color', 'password']);

const IDENTIFIER_NUMBER =
  /\b(?:plate|licen[cs]e|registration|reference|order|account|membership|member|policy|serial|tracking|passport|invoice|vat|tax|booking|confirmation|case|ticket|student|employee|customer|id)\s+(?:number|no)\b/;

// 'How satisfied are you', 'how easy is it to use': answered on a scale.
const SCALE_QUESTION =
  /^(?:overall,? )?how (?:satisfied|dissatisfied|easy|difficult|hard|happy|useful|helpful|important|clear|likely)\b/;

function isYesNoQuestion(label: string, language: Language): boolean {
  const folded = foldText(label).replace(/^[¿\s]+/, '');
  if (/^whether\b/.test(folded)) return true;
  if (language === 'en') return EN_YES_NO_START.test(folded);
  if (YES_NO_START[language].test(folded)) return true;
  return label.trim().endsWith('?') && !OPEN_QUESTION_START.test(folded);
}

function choiceType(options: string[], multi: boolean): FieldType {
  if (multi) return 'checkbox';
  return options.length > 5 ? 'select' : 'radio';
}

/** 'Signature', 'Sign here': a signature; 'Signature date' is a date. */
function asksSignature(foldedLabel: string, language: Language): boolean {
  const named =
    SIGNATURE_CUE.test(foldedLabel) ||
    ((language === 'es' || language === 'it') && SIGNATURE_CUE_ES_IT.test(foldedLabel));
  return named && !/\b(?:date|datum|fecha|data|day)\b/.test(foldedLabel);
}

function tagType(tag: LexiconTag): FieldType {
  return tag === 'name' ? 'text' : tag;
}

/** Decides a field's type from its words, its choices and the cues written around it. */
export function classifyField(input: ClassifyInput): Classification {
  const { label, cue, options, multi, hasRange, language } = input;
  const tag = findHeadTag(label, language);
  const foldedLabel = foldText(label);
  if (HIDDEN_CUE.test(cue)) return { type: 'hidden', tag };
  if (asksSignature(foldedLabel, language)) return { type: 'signature', tag };
  if (options && options.length > 0) return { type: choiceType(options, multi), tag };
  const specific = tag !== undefined && (tag === 'email' || tag === 'phone' || tag === 'password');
  if (
    !specific &&
    OPT_IN_CUE.test(foldedLabel) &&
    (CHECKBOX_CUE.test(cue) || /opt-?in|subscribe/.test(foldedLabel))
  ) {
    return { type: 'checkbox', tag, optIn: true };
  }
  if (!specific && CONSENT_CUE.test(foldedLabel)) return { type: 'checkbox', tag, consent: true };
  if (CHECKBOX_CUE.test(cue)) return { type: 'checkbox', tag };
  if (UPLOAD_CUE.test(cue)) return { type: 'file', tag };
  if (PICKER_CUE.test(cue)) return { type: 'color', tag };
  if (SLIDER_CUE.test(cue) || (hasRange && RATING_CUE.test(cue))) return { type: 'range', tag };
  if (SCALE_QUESTION.test(foldedLabel)) return { type: 'range', tag };
  if (isYesNoQuestion(label, language) && !(tag && SPECIFIC.has(tag)))
    return { type: 'yes_no', tag, yesNo: true };
  // 'licence plate number', 'order number': an identifier of letters and digits, not a quantity.
  if (tag === 'number' && IDENTIFIER_NUMBER.test(foldedLabel)) return { type: 'text', tag };
  if (tag) return { type: tagType(tag), tag };
  // A bare scale with no other clue ('severity 1-5') is a rating.
  if (hasRange) return { type: 'range' };
  const hinted = findHeadTag(cue, language);
  if (hinted && hinted !== 'range' && hinted !== 'checkbox') return { type: tagType(hinted), tag: hinted };
  return { type: 'text' };
}
