import type { NewField } from '../forms/edit-patch.ts';
import type { FieldType } from '../forms/field.ts';
import { conceptsIn } from './concepts.ts';
import { readStarWords, starsOfDraft, withoutStarWords } from './read-stars.ts';
import { without } from './reading.ts';
import { asLabel, fold, quoteOf, slice, type Text, typedText } from './text.ts';
import { findType } from './type-words.ts';
import { readBounds, readOptions } from './values.ts';
import { anyOf, NO, OPTIONAL_WORDS, REQUIRED_WORDS, words, YES } from './words.ts';

/** Types whose name says how to answer, not what is asked: 'a dropdown for size' is about size. */
const SHAPES = <FieldType[]>(
  words('select|radio|checkbox|textarea|text|range|rating|ranking|nps|yes_no|number|file|statement|hidden')
);

/** The type a label's words suggest when none is named. */
const BY_CONCEPT: Record<string, FieldType> = {
  '#phone': 'phone',
  '#email': 'email',
  '#birthdate': 'date',
  '#date': 'date',
  '#website': 'url',
  '#photo': 'file',
  '#resume': 'file',
  '#comments': 'textarea',
  '#message': 'textarea',
  '#notes': 'textarea',
  '#feedback': 'textarea',
  '#age': 'number',
  '#quantity': 'number',
  '#guests': 'number',
  '#rating': 'range',
  '#consent': 'checkbox',
};

const RECOMMEND = /\b(?:recommend|recommander|empfehlen|recomendar|raccomandare|consigliare)\b/;
const TEXT_NUMBERS =
  /\b(?:policy|account|card|order|reference|ref|membership|member|vat|tax|invoice|id|passport|licen[cs]e|registration|booking|ticket|tracking|serial|customer|student|employee)\s+(?:number|no|nr|#|numero|nummer)\b/;

function guessType(label: string, hasOptions: boolean, hasBounds: boolean): FieldType {
  const folded = fold(label);
  if (TEXT_NUMBERS.test(folded)) return 'text';
  if (/\b(?:time|heure|uhrzeit|hora|orario)\b/.test(folded) && !/\b(?:date|how many|times)\b/.test(folded))
    return 'time';
  if (/\b(?:upload|attach|attachment|document|fichier|datei|archivo|allegato|arquivo)\b/.test(folded))
    return 'file';
  if (
    /\b(?:accept|agree|consent|terms|privacy|opt[ -]in|gdpr|j'accepte|akzeptiere|acepto|accetto|aceito)\b/.test(
      folded,
    ) &&
    !hasOptions
  )
    return 'checkbox';
  // 'Would you recommend us?' is asked on the usual 0 to 10 scale.
  if (RECOMMEND.test(folded) && !hasOptions) return 'range';
  if (hasOptions) return 'radio';
  if (hasBounds) return /\b(?:rate|rating|scale|satisf|stars?|score)\b/.test(folded) ? 'range' : 'number';
  for (const concept of conceptsIn(folded)) {
    const type = BY_CONCEPT[concept.tag];
    if (type) return type;
  }
  if (
    /\b(?:how many|number of|amount|count|quantity|combien|wie viele|anzahl|cuantos|cuantas|quanti|quante|quantos|quantas)\b/.test(
      folded,
    )
  )
    return 'number';
  if (/^(?:do|does|did|are|is|will|would|have|has|can|could|should)\s+(?:you|they|we|it)\b/.test(folded))
    return 'yes_no';
  if (
    /\b(?:why|describe|explain|details|tell us|anything else|comments?|feedback|description|pourquoi|warum|por que|perche|porque)\b/.test(
      folded,
    )
  )
    return 'textarea';
  return 'text';
}

const LEAD = new RegExp(
  `^(?:(?:${anyOf(words('a|an|the|new|another|one more|extra|additional|second|field|question|for|to ask|asking', 'asking for|asking about|that asks|which asks|about|called|named|labelled|labeled|titled|where', 'where people|where they|so people can|so they can|to enter|to give|to provide|un|une|nouveau', 'nouvelle|champ|pour|le|la|ein|eine|einen|neues|neue|feld|fur|frage|nach|un|una|nuevo|nueva|campo', 'para|pregunta|el|uno|nuovo|nuova|per|domanda|il|um|uma|novo|nova|pergunta|o|sobre|them|people', 'respondents|guests|users|customers|applicants|attendees|everyone|visitors', 'sur|sur le|sur la|sur les|zu|zum|zur|su|sul|sulla|sullo|over|of|of these|of the'))})\\s+)+`,
);
const TRAIL = new RegExp(
  `(?:\\s+${anyOf(words('field|question|box|input|feld|champ|campo|domanda|pergunta|pregunta|frage|too|as well|also|hinzu|dazu|ein'))})+$`,
);

/** Asking words put to the respondent: 'whether they would recommend us' → 'Would you recommend us?'. */
function asQuestion(label: string): string {
  const m = /^(?:whether|if)\s+(\w+)\s+(would|will|are|have|can|do|did|is|could|should)\s+(.*)$/i.exec(label);
  const you = (s: string) =>
    s
      .replace(/\bthey're\b/gi, "you're")
      .replace(/\bthey\b/gi, 'you')
      .replace(/\btheir\b/gi, 'your')
      .replace(/\bthem\b/gi, 'you')
      .replace(/\bthemselves\b/gi, 'yourself');
  if (m) {
    const verb = (m[2] as string).charAt(0).toUpperCase() + (m[2] as string).slice(1);
    return `${verb} ${you(m[1] as string)} ${you(m[3] as string)}?`.replace(/\s+\?$/, '?');
  }
  return you(label.replace(/^(?:whether|if)\s+/i, ''));
}

/**
 * A new field from the words that describe it: 'a phone number field', "a 'Policy number' field",
 * 't-shirt size (S, M, L, XL)', 'a dropdown for size with Small, Medium and Large', 'a checkbox to
 * accept the privacy policy', 'a question asking how likely they are to recommend us from 0 to 10'.
 */
export function draftField(text: Text): NewField | null {
  let rest = text;
  let options: string[] | undefined;
  const listed =
    /\(([^()]+)\)/.exec(rest.folded) ??
    new RegExp(
      `(?:\\s(?:${anyOf(words('with the options|with options|with the choices|with choices|with|offering|containing|listing', 'avec|mit|con|com'))})|\\s*:)\\s+(.+)$`,
    ).exec(rest.folded);
  if (listed) {
    const start = listed.index + listed[0].indexOf(listed[1] as string);
    const found = readOptions(slice(rest, start, start + (listed[1] as string).length));
    if (found && found.length >= 2) {
      options = found;
      rest = slice(rest, 0, listed.index);
    }
  }
  const bounds = readBounds(rest.folded);
  if (bounds)
    rest = without(
      rest,
      String.raw`(?:from|between|on a scale of|scale of|de|von|da|entre)?\s*-?\d+\s*(?:to|-|–|and|a|bis|y|e)\s*-?\d+|(?:at most|at least|up to|max|min)\s+\d+`,
    );
  const required =
    new RegExp(anyOf(REQUIRED_WORDS)).test(rest.folded) &&
    !new RegExp(anyOf(OPTIONAL_WORDS)).test(rest.folded);
  rest = without(rest, anyOf([...REQUIRED_WORDS, ...OPTIONAL_WORDS]));
  // 'a 10-star rating', 'a rating with half stars': stars make a rating a star rating, not a
  // scale ('do you prefer a 5 star hotel' keeps its words).
  let named = findType(rest.folded);
  let type: FieldType | undefined;
  const unstarred = readStarWords(rest.folded) ? withoutStarWords(rest) : undefined;
  const rated = unstarred && findType(unstarred.folded);
  if (unstarred && (rated?.type === 'range' || rated?.type === 'rating')) {
    rest = unstarred;
    named = rated;
    type = 'rating';
  }
  if (named) {
    type ??= named.type;
    if (SHAPES.includes(named.type))
      rest = without(rest, anyOf([rest.folded.slice(named.index, named.index + named.length)]));
    // 'a 5-star rating for the food' asks about the food: its stars are read apart (starsOfDraft).
    if (named.type === 'rating') rest = without(rest, String.raw`\b\d+\s*-?\s*(?=\s|$)`);
  }
  const quoted = /⟦(\d+)⟧/.exec(rest.folded);
  let label: string;
  if (quoted) label = quoteOf(rest, quoted[0]) ?? '';
  else {
    const lead = LEAD.exec(rest.folded);
    const core = slice(rest, lead ? lead[0].length : 0);
    const trail = TRAIL.exec(core.folded);
    const words = asQuestion(typedText(core, 0, trail ? trail.index : core.folded.length));
    // 'their date of birth' is asked as 'Date of birth'.
    label = asLabel(
      /\?$/.test(words)
        ? words
        : words.replace(
            /^(?:your|their|his|her|my|our|votre|leur|ihre|ihr|su|sus|il loro|la loro|seu|sua)\s+/i,
            '',
          ),
    );
  }
  // 'a ranking question': the words name only the type.
  if (/^(?:question|field|frage|feld|champ|campo|domanda|pregunta|pergunta)$/i.test(label)) label = '';
  if (!label && type)
    label = asLabel(named ? text.folded.slice(named.index, named.index + named.length) : type);
  if (!label) return null;
  type ??= guessType(label, options !== undefined, bounds !== undefined);
  if (type === 'radio' && options?.length === 2) {
    const [a = '', b = ''] = options.map(fold);
    if (YES.includes(a) && NO.includes(b)) {
      type = 'yes_no';
      options = undefined;
    }
  }
  const choice = type === 'radio' || type === 'select' || type === 'checkbox' || type === 'ranking';
  if (type === 'checkbox' && !options) options = [label];
  const numeric = type === 'number' || type === 'range';
  const scale =
    type === 'range' && !bounds
      ? RECOMMEND.test(fold(label))
        ? { min: 0, max: 10 }
        : { min: 1, max: 5 }
      : bounds;
  return starsOfDraft(text, {
    label,
    type,
    required,
    ...(choice && options ? { options } : {}),
    ...(numeric && scale?.min !== undefined ? { min: scale.min } : {}),
    ...(numeric && scale?.max !== undefined ? { max: scale.max } : {}),
  });
}
