import { RATING_MAX_STARS } from '@formsmith/core/fields/constants';
import { readStarWords, withoutStarWords } from '@formsmith/core/instruction/read-stars';
import { readText, type Text } from '@formsmith/core/instruction/text';
import { LIMITS } from '@formsmith/core/limits';
import { classifyField } from './classify-field.ts';
import { cleanLabel } from './clean-label.ts';
import { buildConsentLabel, buildOptInLabel } from './consent-label.ts';
import {
  MULTI_CUE,
  MULTI_QUESTION,
  OPTIONAL_CUE,
  PERMISSION_CUE,
  REQUIRED_CUE,
  TERMS_CUE,
  YES_NO_OPTIONS,
} from './cue-words.ts';
import { addFieldHints } from './field-hints.ts';
import type { FormKind } from './form-kinds.ts';
import type { RawItem } from './group-segments.ts';
import { choicesByMeaning } from './meaning-choices.ts';
import { extractInlineChoices, parseAnnotation } from './parse-options.ts';
import { findRange, removeRange } from './parse-range.ts';
import { asksPictureChoice, countedOptions, withoutPictureWords } from './picture-choice.ts';
import { extractParentheses, foldText } from './text-utils.ts';
import type { FieldDraft, Language } from './types.ts';

const NPS_CUE = /\b(?:recommend|likely|recomend\w*|recommand\w*|empfehl\w*|consiglia\w*|aanbevel\w*)\b/;
// 'How likely are you to recommend us' asks for a 0-10 score, not yes or no.
const LIKELY_TO_RECOMMEND =
  /\b(?:how likely|likelihood|probabilidad|probabilite|wahrscheinlich|probabilidade|probabile|waarschijnlijk)\b.*\b(?:recommend|recomend\w*|recommand\w*|empfehl\w*|consiglia\w*|aanbevel\w*)/;

// Contact details the form's purpose depends on: a sensible owner makes them required.
const PHONE_NEEDED: ReadonlySet<FormKind> = new Set(['job', 'booking', 'order', 'intake', 'membership']);
// Forms that exist to carry a message: the message is their main question.
const MESSAGE_KINDS: ReadonlySet<FormKind> = new Set(['contact', 'lead', 'support', 'complaint', 'quote']);
const MESSAGE =
  /\b(?:message|mensaje|nachricht|mensagem|messaggio|bericht|how can we help|describe|details?)\b/;

/** The form's main questions: one pick from listed choices (yes/no too), a rating, a date or a time. */
function isMainQuestion(draft: Pick<FieldDraft, 'type' | 'options'>, multi: boolean): boolean {
  if (draft.type === 'yes_no' || draft.type === 'nps' || draft.type === 'rating') return true;
  // A picture choice is the pick a vote or contest exists for, its options named or not.
  if (draft.type === 'picture_choice') return !multi;
  if (draft.type === 'radio' || draft.type === 'select') return !multi && (draft.options?.length ?? 0) >= 2;
  return draft.type === 'range' || draft.type === 'date' || draft.type === 'time';
}

/** Choices that are only yes and no, in any of the languages: a yes/no question. */
function isYesNoChoice(options: string[] | undefined): boolean {
  if (options?.length !== 2) return false;
  const [yes = '', no = ''] = options.map((o) => foldText(o));
  return Object.values(YES_NO_OPTIONS).some(([y, n]) => foldText(y) === yes && foldText(n) === no);
}

// 'How satisfied are you with: A, B, C' and 'rate each of the following: A, B, C' ask one question
// per item on the same scale: a matrix whose rows are the items.
const MATRIX_CUE =
  /\b(?:how (?:satisfied|happy|pleased) are you with|rate each|rate the following|how would you rate (?:each|the following)|how (?:much|strongly) do you agree with)\b/;
// The same in the other languages, and 'how useful was each topic': a rating word, then 'each'
// or 'the following' naming the items ('notez chacun des points suivants', 'bewerten Sie bitte
// Folgendes', 'valore cada uno de los siguientes').
const MATRIX_RATE_WORD =
  /\b(?:rate|score|grade|how (?:useful|important|helpful|good|easy|clear) (?:was|were|is|are)|not(?:ez|er)|evalue[rz]|bewerte\w*|beurteil\w*|valor[ae]\w*|evalu[ae]\w*|calific\w*|punt[uú]\w*|avali[ae]\w*|classifiqu\w*|valut\w*|beoordeel\w*)\b/;
const MATRIX_EACH =
  /\b(?:each|every|the following|these|chacun\w*|chaque|suivants?|suivantes?|folgende\w*|jede\w*|cada|siguientes?|seguintes?|ciascun\w*|ogni|seguenti|volgende|elke?)\b/;
const asksMatrix = (cue: string) =>
  MATRIX_CUE.test(cue) || (MATRIX_RATE_WORD.test(cue) && MATRIX_EACH.test(cue));
const AGREEMENT_CUE = /\bagree\b/;
const SATISFACTION_CUE = /\b(?:satisf\w*|happy|pleased)\b/;
const MATRIX_COLUMNS = {
  agreement: ['Strongly disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly agree'],
  satisfaction: ['Very dissatisfied', 'Dissatisfied', 'Neutral', 'Satisfied', 'Very satisfied'],
  quality: ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'],
};
// 'Up to 3 photos', 'two documents', 'max 5 files': how many files an upload takes. Only a count
// the request names: 'photos' alone says several but not how many, and none is invented.
const FILE_NOUN =
  '(?:files?|photos?|pictures?|images?|documents?|attachments?|scans?|fichiers?|archivos?|fotos?|dateien|documentos?)';
const FILE_COUNT = new RegExp(
  `\\b(\\d+|two|three|four|five|six|seven|eight|nine|ten)\\s+(?:\\w+\\s+)?${FILE_NOUN}\\b`,
);
const COUNT_WORDS = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

function fileCountOf(cue: string): number | undefined {
  const said = FILE_COUNT.exec(cue)?.[1];
  if (said === undefined) return undefined;
  const count = COUNT_WORDS.includes(said) ? COUNT_WORDS.indexOf(said) + 2 : Number(said);
  return count > 1 && count <= LIMITS.uploadMaxFiles ? count : undefined;
}

// 'Rate us out of 5 stars': stars, not a numeric scale.
const STARS_CUE = /\b(?:stars?|estrellas?|etoiles?|sterne?n?|estrelas?|stelle|sterren)\b/;
// 'Rank these…', 'in order of preference': the options put in order.
const RANKING_CUE =
  /\b(?:rank\w*|in order of (?:preference|importance)|order of preference|prioriti[sz]e|ordena\w*|ordene|classe[rz]|ordnen|classifi\w*|rangschik\w*)\b/;

/** The words left in a text some words were taken out of, as typed (capitals and accents kept). */
function typedWords(text: Text): string {
  let out = '';
  for (let i = 0; i < text.folded.length; i++) {
    const start = text.from[i] as number;
    // 'ß' folds to 'ss': the second letter maps to the same typed one, written once.
    if (i > 0 && start === text.from[i - 1]) continue;
    out += text.folded[i] === ' ' ? ' ' : text.typed.slice(start, text.to[i]);
  }
  return out;
}

function matrixColumns(cue: string): string[] {
  if (AGREEMENT_CUE.test(cue)) return MATRIX_COLUMNS.agreement;
  return SATISFACTION_CUE.test(cue) ? MATRIX_COLUMNS.satisfaction : MATRIX_COLUMNS.quality;
}

/** The grid, star, ranking and picture questions, read from the cue before anything else claims the item. */
function specialKind(cue: string, options: string[] | undefined, range: { max?: number } | null) {
  if (options && options.length >= 2 && asksMatrix(cue)) return 'matrix' as const;
  if (options && options.length >= 2 && RANKING_CUE.test(cue)) return 'ranking' as const;
  if (asksPictureChoice(cue)) return 'picture_choice' as const;
  if (!options && STARS_CUE.test(cue) && (range?.max === undefined || range.max <= RATING_MAX_STARS))
    return 'rating' as const;
  return undefined;
}

function isZeroToTen(range: { min?: number; max?: number } | null): boolean {
  return range?.min === 0 && range.max === 10;
}

function defaultBounds(cue: string): { min: number; max: number } {
  return NPS_CUE.test(cue) ? { min: 0, max: 10 } : { min: 1, max: 5 };
}

// What is left of 'half stars allowed' once its star words are out: it qualifies the rating before.
const ONLY_ALLOWED =
  /^(?:(?:are|is|also|too|ok|okay|allowed|permitted|possible|accepted|sont|autorisees?|possibles?|acceptees?|sind|erlaubt|moglich|zulassig|permitidas?|posibles?|consentite|ammesse|possiveis|toegestaan|mogelijk)\s*)*$/;

/**
 * 'half stars allowed' written apart from its rating ('a 10-star rating, half stars allowed'):
 * what it says of the rating before it, or null when the item asks something of its own.
 */
export function starsAside(text: string): { halfStars?: boolean; stars?: number } | null {
  const read = readText(text);
  const said = readStarWords(read.folded);
  if (!said) return null;
  return ONLY_ALLOWED.test(
    withoutStarWords(read)
      .folded.replace(/[^\p{L}\s]/gu, ' ')
      .trim(),
  )
    ? said
    : null;
}

/** Turns one raw item ('t-shirt size (S, M, L)') into a field draft, or null when nothing is left. */
export function parseItem(item: RawItem, language: Language, formKind?: FormKind): FieldDraft | null {
  const { outside, groups } = extractParentheses(item.text);
  const [labelPart = '', ...dashNotes] = outside.split(/\s+[—–-]\s+/);
  const annotations = [...groups, ...dashNotes].map(parseAnnotation);
  const inline = extractInlineChoices(labelPart);
  const listed = annotations.find((a) => a.options)?.options ?? inline.options;
  const implied = listed ? undefined : choicesByMeaning(foldText(inline.label), language);
  const options = listed ?? implied;
  const cue = foldText(`${item.text} ${item.hint ?? ''}`);
  const range =
    findRange(`${inline.label} ${item.hint ?? ''}`) ??
    annotations.find((a) => a.min !== undefined || a.max !== undefined) ??
    null;
  const labelSource = removeRange(inline.label);
  const multi = MULTI_CUE.test(cue) || MULTI_QUESTION.test(cue) || annotations.some((a) => a.multi === true);
  const classified = classifyField({
    label: labelSource,
    cue,
    options,
    multi,
    hasRange: range !== null,
    language,
  });
  const special = listed || !implied ? specialKind(cue, listed ?? options, range) : undefined;
  const kind = special
    ? { ...classified, type: special, yesNo: false }
    : implied
      ? { ...classified, type: 'select' as const }
      : !options && (LIKELY_TO_RECOMMEND.test(cue) || (NPS_CUE.test(cue) && isZeroToTen(range)))
        ? { ...classified, type: 'nps' as const, yesNo: false }
        : isYesNoChoice(options)
          ? { ...classified, type: 'yes_no' as const, yesNo: true }
          : classified;

  // A picture choice of 'the three logos' offers one option per logo, named for the owner to rename.
  const counted =
    kind.type === 'picture_choice' && !options ? countedOptions(labelSource, foldText(labelSource)) : null;
  let label: string;
  if (item.followUp?.label) label = item.followUp.label;
  else if (kind.type === 'rating')
    label = cleanLabel(typedWords(withoutStarWords(readText(labelSource))), language);
  else if (kind.type === 'picture_choice')
    label = cleanLabel(withoutPictureWords(counted?.label ?? labelSource), language);
  else if (kind.consent) label = buildConsentLabel(labelSource, language);
  else if (kind.optIn) label = buildOptInLabel(labelSource, language);
  else label = cleanLabel(labelSource, language);
  if (label.length === 0 || !/[\p{L}\p{N}]/u.test(label)) return null;

  const optional = item.optional === true || OPTIONAL_CUE.test(cue) || annotations.some((a) => a.optional);
  const explicitRequired =
    item.required === true || annotations.some((a) => a.required) || REQUIRED_CUE.test(foldText(labelSource));
  const coreField =
    kind.tag === 'name' ||
    kind.type === 'email' ||
    (kind.type === 'phone' && formKind !== undefined && PHONE_NEEDED.has(formKind)) ||
    (kind.type === 'textarea' &&
      formKind !== undefined &&
      MESSAGE_KINDS.has(formKind) &&
      MESSAGE.test(foldText(label)));

  // A permission ('photo consent') is asked, not demanded, unless the request says it is required.
  const permission =
    kind.consent === true &&
    PERMISSION_CUE.test(foldText(labelSource)) &&
    !TERMS_CUE.test(foldText(labelSource));
  const draft: FieldDraft = { label, type: kind.type, required: false };
  if (options && kind.type !== 'yes_no') draft.options = options;
  else if (counted) draft.options = counted.options;
  if (kind.type === 'picture_choice' && multi) draft.multiple = true;
  draft.required =
    !optional &&
    (explicitRequired || (kind.consent === true && !permission) || coreField || isMainQuestion(draft, multi));
  if (kind.type === 'matrix') draft.columns = matrixColumns(cue);
  if (kind.type === 'rating') {
    // Read as Ask AI reads them: '10-star', 'out of 7 stars', 'half stars allowed', 'mit 10 Sternen'.
    const said = readStarWords(foldText(cue).replace(/\s+/g, ' '));
    const stars = range?.max ?? said?.stars;
    if (stars !== undefined && Number.isInteger(stars) && stars >= 1 && stars <= RATING_MAX_STARS)
      draft.stars = stars;
    if (said?.halfStars) draft.halfStars = true;
  }
  if (kind.type === 'file') {
    const files = fileCountOf(cue);
    if (files !== undefined) draft.maxFiles = files;
  }
  if (kind.type === 'range' || kind.type === 'number') {
    const bounds = kind.type === 'range' ? { ...defaultBounds(cue), ...range } : range;
    if (bounds?.min !== undefined) draft.min = bounds.min;
    if (bounds?.max !== undefined) draft.max = bounds.max;
    if (bounds?.step !== undefined) draft.step = bounds.step;
  }
  if (item.followUp) {
    draft.followUp = item.followUp;
    // Asked only after its answer, a follow-up is what that answer needs ('if yes, which
    // ones'); the reason behind an answer is written freely, and not everyone gives one.
    if (item.followUp.why) Object.assign(draft, { type: 'textarea', required: false });
    else if (!optional) draft.required = true;
  }
  const placeholder = annotations.find((a) => a.placeholder)?.placeholder;
  if (placeholder) draft.placeholder = placeholder;
  const note = annotations.find((a) => a.note && !a.options)?.note;
  // '(half stars allowed)' is said by the stars themselves, not again in a note.
  if (note && !(kind.type === 'rating' && starsAside(note))) draft.helpText = note;
  return addFieldHints(draft, language);
}
