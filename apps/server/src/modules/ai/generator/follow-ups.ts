// Questions asked only after a given answer: 'do you need parking? If yes, ask for the plate
// number; if not, ask why'. The clause after the marker becomes a question shown when the
// question before it has that answer: the question's own rule of the form's logic.
import type { FormField } from '@formsmith/core/forms/field';
import type { LogicRule } from '@formsmith/core/logic/definition';
import { questionRuleId } from '@formsmith/core/logic/field-rules';
import { type Localized, pickLocalized } from './template-fields.ts';
import { foldText, indexOfTopLevel } from './text-utils.ts';
import type { FieldDraft, FollowUp, Language } from './types.ts';

type Marker = { pattern: RegExp; answer: (m: RegExpExecArray) => FollowUp['answer'] };

const yesOrNo = (word: string | undefined): 'yes' | 'no' =>
  /^(?:no|not|non|nein|nao|nee|niet|negativ[oe]|don|doesn|didn|haven|hasn|aren|isn|can|won|wouldn)/.test(
    foldText(word ?? ''),
  )
    ? 'no'
    : 'yes';
const fromWord: Marker['answer'] = (m) => yesOrNo(m[1]);
const always =
  (answer: 'yes' | 'no'): Marker['answer'] =>
  () =>
    answer;

const ENGLISH: Marker[] = [
  {
    pattern:
      /\bif\s+(?:(?:the\s+)?(?:answer|response)\s+is\s+|(?:they|you|the respondent)\s+(?:answer|say|said|reply|replies|tick|ticks)\s+)?["'“‘]?(yes|so|no|not)\b["'”’]?/i,
    answer: fromWord,
  },
  {
    pattern:
      /\bif\s+(?:they|you)\s+(don['’]t|do not|doesn['’]t|didn['’]t|haven['’]t|hasn['’]t|aren['’]t|isn['’]t|can['’]t|won['’]t|wouldn['’]t)\b/i,
    answer: fromWord,
  },
  {
    pattern: /\bif\s+(?:they|you)\s+(?:do|does|did|have|has|are|is|can|will|would)\b(?=\s*[,:]|\s+ask\b)/i,
    answer: always('yes'),
  },
  {
    pattern:
      /\bif\s+(?:they|you)\s+(?:choose|chose|pick|picked|select|selected)\s+["'“‘]?([^"'”’,;:]{1,40}?)["'”’]?(?=\s*[,:]|\s+ask\b)/i,
    answer: (m) => ({ option: m[1] ?? '' }),
  },
  { pattern: /\bif\s+(other)\b/i, answer: (m) => ({ option: m[1] ?? 'Other' }) },
];

const MARKERS: Record<Language, Marker[]> = {
  en: ENGLISH,
  es: [
    {
      pattern:
        /\bsi\s+(?:la\s+respuesta\s+es\s+|responde[n]?\s+|contesta[n]?\s+)?["'“]?(sí|si|no)(?![\p{L}\p{N}])/iu,
      answer: fromWord,
    },
    { pattern: /\ben\s+caso\s+(afirmativo|negativo)\b/i, answer: fromWord },
    { pattern: /\bsi\s+es\s+así\b/i, answer: always('yes') },
  ],
  fr: [
    { pattern: /\bsi\s+(?:la\s+réponse\s+est\s+)?["'“«]?\s*(oui|non)\b/i, answer: fromWord },
    { pattern: /\bsi\s+c['’]est\s+le\s+cas\b/i, answer: always('yes') },
    { pattern: /\bsinon\b/i, answer: always('no') },
  ],
  de: [{ pattern: /\b(?:falls|wenn)\s+(?:die\s+antwort\s+)?["'„“]?(ja|nein|nicht)\b/i, answer: fromWord }],
  pt: [
    { pattern: /\bse\s+(?:a\s+resposta\s+for\s+)?["'“]?(sim|não|nao)(?![\p{L}\p{N}])/iu, answer: fromWord },
    { pattern: /\bem\s+caso\s+(afirmativo|negativo)\b/i, answer: fromWord },
  ],
  it: [
    { pattern: /\bse\s+(?:la\s+risposta\s+è\s+)?["'“]?(sì|si|no)(?![\p{L}\p{N}])/iu, answer: fromWord },
    { pattern: /\bin\s+caso\s+(affermativo|negativo)\b/i, answer: fromWord },
  ],
  nl: [{ pattern: /\b(?:zo|als|indien)\s+(?:het\s+antwoord\s+)?["'“]?(ja|nee|niet)\b/i, answer: fromWord }],
};

// After the marker: a comma, then the verb that asks ('ask for', 'pregunte', 'nach … fragen').
const ASK =
  /^\s*[,:]?\s*(?:(?:then|please)\s+)?(?:(?:ask|show|add|include)(?:\s+(?:them|people|respondents|the respondent))?(?:\s+(?:for|about|to))?|pregunt(?:a|ar|e|ales)(?:\s+por(?!\s?qu))?|pergunt(?:a|ar|e)(?:\s+por(?!\s?qu))?|pide|pedir|pe[çc]a|demande[rz]?(?:\s+(?:leur|lui))?|frage[n]?(?:\s+sie)?(?:\s+nach)?|nach|chied(?:i|ere)|vraag(?:\s+(?:naar|om))?)?\s*/i;
// German puts the verb last: 'nach dem Kennzeichen fragen'.
const ASK_AFTER = /\s+(?:fragen|erfragen|abfragen)$/i;

const WHY =
  /^(?:why(?: not)?|the reason(?: why)?|(?:their |the )?reason|por ?qu[eé](?: no)?|el motivo|pourquoi(?: pas)?|la raison|warum(?: nicht)?|den grund|porqu[eê](?: não)?|por que(?: não)?|o motivo|perch[eé](?: no)?|il motivo|waarom(?: niet)?|de reden)\s*\??$/i;

// 'if other, ask them to specify'.
const SPECIFY = /^(?:(?:them\s+)?to\s+)?(?:please\s+)?specify$|^especifi\w*$|^pr[ée]ciser$|^specifica\w*$/i;
const SPECIFY_LABEL: Localized = [
  'Please specify',
  'Especifica cuál',
  'Précisez',
  'Bitte angeben',
  'Especifique',
  'Specifica',
  'Geef aan welke',
];

const WHY_LABELS: Record<'yes' | 'no', Localized> = {
  yes: ['Why?', '¿Por qué?', 'Pourquoi ?', 'Warum?', 'Porquê?', 'Perché?', 'Waarom?'],
  no: [
    'Why not?',
    '¿Por qué no?',
    'Pourquoi pas ?',
    'Warum nicht?',
    'Porque não?',
    'Perché no?',
    'Waarom niet?',
  ],
};

// Every language's markers are read whatever the description's language: short descriptions are
// hard to tell apart, and no marker means anything else in another of the languages.
const ALL_MARKERS = Object.values(MARKERS).flat();

/** The earliest follow-up marker in the text, if any. */
function findMarker(text: string): { at: number; end: number; answer: FollowUp['answer'] } | null {
  let best: { at: number; end: number; answer: FollowUp['answer'] } | null = null;
  for (const marker of ALL_MARKERS) {
    const m = marker.pattern.exec(text);
    if (m && (best === null || m.index < best.at)) {
      best = { at: m.index, end: m.index + m[0].length, answer: marker.answer(m) };
    }
  }
  return best;
}

/** Text left before a marker, without the joiner that led to it (', and', ';'). */
function trimLead(text: string): string {
  return text.replace(/[\s,;:]*(?:\b(?:and|or|y|e|et|und|en|ou|o)\s*)?$/i, '').trim();
}

/** Whether the sentence opens with a follow-up ('If yes, ask …'): a question, never a heading. */
export function startsWithFollowUp(sentence: string): boolean {
  return findMarker(sentence)?.at === 0;
}

/**
 * Splits a sentence into runs: plain lists, and follow-up clauses (from a marker to the next
 * top-level comma or semicolon) with the answer they follow.
 */
export function splitFollowUps(text: string, language: Language): { text: string; followUp?: FollowUp }[] {
  const runs: { text: string; followUp?: FollowUp }[] = [];
  let rest = text;
  for (let guard = 0; guard < 20; guard++) {
    const marker = findMarker(rest);
    if (!marker) break;
    const before = trimLead(rest.slice(0, marker.at));
    if (before) runs.push({ text: before });
    const after = rest.slice(marker.end).replace(ASK, '');
    const stops = [indexOfTopLevel(after, ','), indexOfTopLevel(after, ';')].filter((i) => i >= 0);
    const stop = stops.length > 0 ? Math.min(...stops) : after.length;
    const clause = after.slice(0, stop).trim().replace(ASK_AFTER, '');
    const why = WHY.test(clause);
    const answer = marker.answer;
    if (why) {
      const key = answer === 'no' ? 'no' : 'yes';
      const label = pickLocalized(WHY_LABELS[key], language);
      runs.push({ text: label, followUp: { answer, why: true, label } });
    } else if (SPECIFY.test(clause)) {
      const label = pickLocalized(SPECIFY_LABEL, language);
      runs.push({ text: label, followUp: { answer, label } });
    } else if (clause) runs.push({ text: clause, followUp: { answer } });
    rest = after.slice(stop + 1);
  }
  if (rest.trim()) runs.push({ text: rest.trim() });
  return runs;
}

/** The value a trigger question stores for the answer, or undefined when it cannot give it. */
function triggerValue(field: FormField, answer: FollowUp['answer']): string | undefined {
  if (field.type === 'yes_no') return typeof answer === 'string' ? answer : undefined;
  if (!('options' in field)) return undefined;
  const wanted = typeof answer === 'string' ? answer : foldText(answer.option);
  const option = field.options.find((o) => {
    const label = foldText(o.label);
    if (typeof answer !== 'string') return label === wanted || label.startsWith(wanted);
    return yesOrNo(label) === answer && /^(?:yes|si|oui|ja|sim|no|non|nein|nao|nee)$/.test(label);
  });
  return option?.value;
}

/**
 * Shows each follow-up only after its answer to the nearest question before it that can give
 * that answer (a yes/no question, or a choice with that option): the follow-up's own rule
 * (`questionRuleId`), the one its properties panel then edits. A follow-up without such a
 * question stays an ordinary question, with no rule.
 */
export function followUpRules(fields: FormField[], drafts: FieldDraft[]): LogicRule[] {
  return fields.flatMap((field, i) => {
    const followUp = drafts[i]?.followUp;
    if (!followUp) return [];
    for (let j = i - 1; j >= 0; j--) {
      const trigger = fields[j] as FormField;
      if (drafts[j]?.followUp || trigger.type === 'page_break') continue;
      const value = triggerValue(trigger, followUp.answer);
      if (value === undefined) continue;
      return [
        {
          id: questionRuleId(field.id),
          match: 'all',
          conditions: [{ source: 'field', ref: trigger.id, operator: 'equals', value }],
          actions: [{ type: 'show', field: field.id }],
        },
      ];
    }
    return [];
  });
}
