import { capitalize, collapseSpaces } from './text-utils.ts';
import type { Language } from './types.ts';

// Words that introduce an item rather than name it: 'ask for the', 'need their', 'a box for a'.
const LEAD_IN: Record<Language, RegExp> = {
  en: /^(?:and|or|then|also|plus|please|ask(?: them| people| users)?(?: for| about)?|asking for|include|including|add|collect|capture|get|need|we need|i need|require|request|enter|provide|record|choose|pick|select|upload|attach|there|their|the|a|an|your|our|my|his|her|its|some|any|one|optional|optionally|required|mandatory|the following|following|short|brief|(?:a )?hidden (?:field|input) (?:for|with|containing|to store)|(?:a |an )?(?:box|field|space|place|spot|section|question|text ?box|text ?area|dropdown|checkbox) (?:for|about|to|asking|where)|(?:a )?(?:short |brief |long )?(?:paragraph|few sentences|sentence|note|text) (?:about|on|explaining|describing|for))\s+/i,
  es: /^(?:y|e|o|u|también|pedir|pregunta(?:r)?(?: por)?|pide|incluir|añadir|agregar|el|la|los|las|un|una|unos|unas|su|sus|tu|tus)\s+/i,
  fr: /^(?:(?:et|ou|aussi|ajouter|demander|le|la|les|un|une|des|votre|vos)\s+|l')/i,
  de: /^(?:und|oder|auch|bitte|der|die|das|den|dem|ein|eine|einen|ihr|ihre|ihren)\s+/i,
  pt: /^(?:e|ou|também|pedir|pergunt(?:e|ar)(?: por)?|peça|incluir|o|a|os|as|um|uma|seu|sua|seus|suas)\s+/i,
  it: /^(?:(?:e|o|anche|chiedere|chiedi|includere|il|lo|la|i|gli|le|un|uno|una|tuo|tua|vostro|vostra)\s+|l'|un')/i,
  nl: /^(?:en|of|ook|graag|vraag(?: naar| om)?|de|het|een|je|jouw|uw)\s+/i,
};

const TRAILER =
  /\s+(?:upload(?:ed)?|hochladen|angeben|itself|please|(?<=\b(?:sign|upload|enter|write|type|attach|paste|drop)\s+)here|field|(?:is|are|es|est|ist) (?:optional|required|opcional|optionnel)|optional|required|mandatory|obligatoire|obligatorio|opcional|optionnel|pflicht|if (?:you|they|there|applicable|any|needed)\b.*)$/i;

// 'for children under 13 the name of…' → 'the name of…': the condition is not the label.
const CONDITION_PREFIX = /^(?:for|if|when) (?:[\p{L}\p{N}']+ ){1,5}?(?=(?:the|your|a|an|their) )/iu;

const WHETHER = /^whether (?:or not )?(you|they|we) (\w+)(.*)$/i;
const AUXILIARY = /^(?:are|is|have|has|can|will|would|should|could|were|was)$/i;

// The respondent reads the question: 'whether they have a car' asks 'Do you have a car?'.
const THIRD_PERSON: Record<string, string> = {
  they: 'you',
  their: 'your',
  them: 'you',
  themselves: 'yourself',
};

function toRespondent(text: string): string {
  return text.replace(
    /\b(they|their|them|themselves)\b/gi,
    (word) => THIRD_PERSON[word.toLowerCase()] ?? word,
  );
}

function rewriteWhether(text: string): string {
  const m = WHETHER.exec(text);
  if (!m?.[1] || !m[2]) return text;
  const who = toRespondent(m[1]);
  const rest = toRespondent(m[3] ?? '').replace(/\?$/, '');
  if (AUXILIARY.test(m[2])) return `${m[2]} ${who}${rest}?`;
  // 'whether they enjoyed it': English past tenses are too irregular to undo, the perfect reads right.
  if (/[^e]ed$/i.test(m[2])) return `Have ${who} ${m[2]}${rest}?`;
  return `Do ${who} ${m[2]}${rest}?`;
}

function stripRepeatedly(text: string, pattern: RegExp): string {
  let current = text;
  for (let guard = 0; guard < 8; guard++) {
    const next = current.replace(pattern, '');
    if (next === current) break;
    current = next;
  }
  return current;
}

/** A readable label: lead-in words, qualifiers and stray punctuation removed, first letter capitalised. */
export function cleanLabel(text: string, language: Language): string {
  let label = collapseSpaces(text.replace(/[.,;:!]+$/, ''));
  if (language === 'en') label = rewriteWhether(label.replace(CONDITION_PREFIX, ''));
  label = stripRepeatedly(label, LEAD_IN[language]);
  if (language !== 'en') label = stripRepeatedly(label, LEAD_IN.en);
  label = stripRepeatedly(label, TRAILER);
  label = label.replace(/\s+[-–—:,]+$/, '').replace(/^[-–—:,\s]+/, '');
  // English puts no space before a question mark; French does.
  if (language !== 'fr') label = label.replace(/\s+\?/g, '?');
  return capitalize(collapseSpaces(label));
}
