import { answerChoices } from '../fields/options.ts';
import type { RuleCondition } from '../forms/edit-patch.ts';
import type { FormField } from '../forms/field.ts';
import type { LogicOperator } from '../logic/definition.ts';
import { type Context, type Doubt, doubtAbout, listOf, quote } from './reading.ts';
import { findField } from './references.ts';
import { fold, quoteOf, slice, type Text, typedText } from './text.ts';
import { NUMBER, readNumber } from './values.ts';
import { anyOf, NO, words, YES } from './words.ts';

/** A condition read: the question, the comparison, and the value as the owner wrote it. */
export type Condition = RuleCondition & { words: string };

const PEOPLE = String.raw`(?:(?:the\s+|les\s+|la\s+|los\s+|las\s+|le\s+|gli\s+|os\s+|as\s+|alle\s+|die\s+)?(?:people|those|anyone|anybody|respondents?|guests?|users?|customers?|applicants?|attendees?|visitors?|everyone|everybody|someone|somebody|persons?|participants?|folks|ones|personnes|gens|ceux|celles|invites|quiconque|leute|personen|gaste|teilnehmer|diejenigen|personas|gente|invitados|aquellos|persone|ospiti|quelli|coloro|pessoas|convidados|aqueles|aquelas)\s+)?`;
const ANSWER_VERB = `(?:answer(?:s|ed)?|say(?:s)?|said|pick(?:s|ed)?|choose(?:s)?|chose|select(?:s|ed)?|tick(?:s|ed)?|check(?:s|ed)?|respond(?:s|ed)?|repl(?:y|ies|ied)|put|enter(?:s|ed)?|give(?:s)?|gave|mark(?:s|ed)?|click(?:s|ed)?|repondent|repond|choisissent|choisit|disent|dit|cochent|coche|selectionnent|antworten|antwortet|wahlen|wahlt|sagen|sagt|ankreuzen|responden|responde|contestan|contesta|eligen|elige|dicen|dice|marcan|marca|seleccionan|selecciona|rispondono|risponde|scelgono|sceglie|dicono|selezionano|seleziona|respondem|escolhem|escolhe|dizem|diz|marcam|selecionam|seleciona)`;
const TO = `(?:to|for|on|in|at|as|under|a|au|aux|pour|bei|auf|a|en|para|al|alla|ao|na|no|em)`;
const WHO = `(?:who|that|qui|die|der|wer|que|quienes|quien|chi|che|quem)`;

const COMPARE: [string, LogicOperator][] = [
  [
    String.raw`(?:is\s+)?(?:more than|greater than|over|above|bigger than|higher than|older than|>|plus de|superieur a|mehr als|grosser als|uber|mas de|mayor que|piu di|maggiore di|mais de|maior que)`,
    'greater_than',
  ],
  [
    String.raw`(?:is\s+)?(?:less than|fewer than|under|below|smaller than|lower than|younger than|<|moins de|inferieur a|weniger als|kleiner als|unter|menos de|menor que|meno di|minore di)`,
    'less_than',
  ],
  [
    String.raw`(?:is\s+)?(?:at least|>=|no less than|au moins|mindestens|al menos|almeno|pelo menos)`,
    'greater_or_equal',
  ],
  [
    String.raw`(?:is\s+)?(?:at most|<=|no more than|au plus|hochstens|como maximo|al massimo|no maximo)`,
    'less_or_equal',
  ],
];
const EMPTY =
  /\b(?:is|was|are)?\s*(?:empty|blank|left blank|left empty|not answered|unanswered|skipped|vide|leer|vacio|vuoto|vazio)$/;
const FILLED =
  /\b(?:is|was|are)?\s*(?:answered|filled(?: in| out)?|not empty|given|provided|rempli|ausgefullt|respondido|compilato|preenchido)$/;
const IS = `(?:is|was|are|equals|is equal to|=|==|est|ist|es|e|sea|seja|for|vale|gleich|egal a|igual a|uguale a)`;
const NOT = `(?:not|isn't|isnt|n'est pas|ist nicht|no es|non e|nao e|nicht|no|non|nao|other than|anything but|different from|doesn't equal)`;
const CONTAINS = `(?:contains|includes|has|mentions|contient|enthalt|contiene|include|contem|inclui)`;
const SELECTED = String.raw`(?:is\s+)?(?:selected|chosen|picked|ticked|checked|choisi|coche|gewahlt|ausgewahlt|seleccionado|elegido|scelto|selezionato|selecionado|escolhido)`;

/** The value an answer of the field is compared with, from the words the owner used. */
function answerValue(
  field: FormField,
  words: Text,
  negated: boolean,
): { value: string; negated: boolean } | Doubt {
  const raw = quoteOf(words, words.folded) ?? typedText(words);
  const folded = fold(raw).replace(/[.!?]+$/, '');
  const choices = answerChoices(field);
  if (field.type === 'yes_no') {
    if (YES.includes(folded)) return { value: 'yes', negated };
    if (NO.includes(folded)) return { value: 'no', negated };
    return { doubt: `${quote(field)} is answered Yes or No, not '${raw}'.` };
  }
  if (choices && field.type !== 'nps') {
    const choice =
      choices.find((c) => fold(c.label) === folded) ??
      choices.find((c) => fold(c.label).startsWith(folded) && folded.length >= 3);
    if (!choice)
      return {
        doubt: `${quote(field)} has no answer '${raw}'; its options are ${listOf(
          choices.map((c) => `'${c.label}'`),
          'and',
        )}.`,
      };
    return { value: choice.label, negated };
  }
  if (['number', 'range', 'nps'].includes(field.type) && readNumber(folded) === undefined)
    return {
      doubt: `${quote(field)} is answered with a number, not '${raw}'.`,
    };
  return {
    value: readNumber(folded) !== undefined ? String(readNumber(folded)) : raw,
    negated,
  };
}

function compare(field: FormField, operator: LogicOperator, value: Text, negated = false): Condition | Doubt {
  if (operator !== 'equals') {
    const n = readNumber(fold(typedText(value)));
    if (n === undefined)
      return {
        doubt: `'${typedText(value)}' is not a number to compare ${quote(field)} with.`,
      };
    return {
      field: field.id,
      operator,
      value: String(n),
      words: `${field.label} ${operator.replace(/_/g, ' ')} ${n}`,
    };
  }
  const read = answerValue(field, value, negated);
  if ('doubt' in read) return read;
  return {
    field: field.id,
    operator: read.negated ? 'not_equals' : 'equals',
    value: read.value,
    words: `${field.label} is ${read.negated ? 'not ' : ''}${read.value}`,
  };
}

function named(text: Text, context: Context): FormField | Doubt {
  const found = findField(text, context.refs);
  return found.kind === 'field' ? found.field : doubtAbout(found, 'Which question the rule reads');
}

/**
 * A condition in the owner's words: 'people who answer No to 'Attending?'', 'Attending is Yes',
 * 'age is more than 17', 'the company is empty', 'Other is selected in Subject'.
 */
export function readCondition(text: Text, context: Context, negated = false): Condition | Doubt {
  const t = text.folded.replace(/[?,.]+$/, '');
  const part = (m: RegExpExecArray, n: number) => {
    const [start, end] = (m.indices as RegExpIndicesArray)[n] as [number, number];
    return slice(text, start, end);
  };
  const who = new RegExp(
    `^${PEOPLE}(?:${WHO}\\s+)?(?:(don'?t|do not|didn'?t|did not|won'?t|ne|n')\\s+)?${ANSWER_VERB}\\s+(.+?)\\s+${TO}\\s+(.+)$`,
    'd',
  ).exec(t);
  if (who) {
    const field = named(part(who, 3), context);
    if ('doubt' in field) return field;
    return compare(field, 'equals', part(who, 2), negated !== !!who[1]);
  }
  const german = new RegExp(
    `^${PEOPLE}(?:wer|die|diejenigen die)?\\s*(?:bei|auf)\\s+(.+?)\\s+(\\S+)\\s+${ANSWER_VERB}$`,
    'd',
  ).exec(t);
  if (german) {
    const field = named(part(german, 1), context);
    if ('doubt' in field) return field;
    return compare(field, 'equals', part(german, 2), negated);
  }
  const selected = new RegExp(
    `^(.+?)\\s+${SELECTED}(?:\\s+(?:in|for|as|on|dans|bei|en|in|em)\\s+(.+))?$`,
  ).exec(t);
  if (selected) return optionSelected(text, selected, context, negated);
  if (EMPTY.test(t) || FILLED.test(t)) {
    const m = (EMPTY.exec(t) ?? FILLED.exec(t)) as RegExpExecArray;
    const field = named(slice(text, 0, m.index), context);
    if ('doubt' in field) return field;
    const empty = EMPTY.test(t) !== negated;
    return {
      field: field.id,
      operator: empty ? 'is_empty' : 'is_not_empty',
      words: `${field.label} is ${empty ? 'empty' : 'answered'}`,
    };
  }
  for (const [words, operator] of COMPARE) {
    const m = new RegExp(`^(.+?)\\s+${words}\\s+${NUMBER}$`).exec(t);
    if (!m) continue;
    const field = named(slice(text, 0, (m[1] as string).length), context);
    if ('doubt' in field) return field;
    return compare(field, operator, slice(text, t.length - (m[2] as string).length));
  }
  const contains = new RegExp(`^(.+?)\\s+${CONTAINS}\\s+(.+)$`).exec(t);
  if (contains) {
    const field = named(slice(text, 0, (contains[1] as string).length), context);
    if ('doubt' in field) return field;
    const value = typedText(slice(text, t.length - (contains[2] as string).length));
    return {
      field: field.id,
      operator: negated ? 'not_contains' : 'contains',
      value,
      words: `${field.label} contains ${value}`,
    };
  }
  const is = new RegExp(`^(.+?)\\s+${IS}\\s+(?:(${NOT})\\s+)?(.+)$`).exec(t);
  if (is) {
    const fieldText = slice(text, 0, (is[1] as string).length);
    const found = findField(fieldText, context.refs);
    if (found.kind === 'field')
      return compare(
        found.field,
        'equals',
        slice(text, t.length - (is[3] as string).length),
        negated !== !!is[2],
      );
  }
  return optionMentioned(text, context, negated) ?? yesNoWords(text, context, negated);
}

/** 'Other is selected in Subject', 'they tick Vegetarian'. */
function optionSelected(
  text: Text,
  m: RegExpExecArray,
  context: Context,
  negated: boolean,
): Condition | Doubt {
  const t = text.folded.replace(/[?,.]+$/, '');
  const valueText = slice(text, 0, (m[1] as string).length);
  if (m[2]) {
    const field = named(slice(text, t.length - m[2].length), context);
    if ('doubt' in field) return field;
    return compare(field, 'equals', valueText, negated);
  }
  const label = fold(quoteOf(valueText, valueText.folded) ?? typedText(valueText));
  const holders = context.refs.fields.filter(
    (f) => answerChoices(f)?.some((c) => fold(c.label) === label) && f.type !== 'nps',
  );
  if (holders.length !== 1)
    return holders.length > 1
      ? doubtAbout({ kind: 'ambiguous', phrase: label, candidates: holders }, 'Which question the rule reads')
      : { doubt: `No question of this form offers '${label}'.` };
  return compare(holders[0] as FormField, 'equals', valueText, negated);
}

/** 'they are not attending', 'attending', 'not coming': a yes/no question named by its words. */
function yesNoWords(text: Text, context: Context, negated: boolean): Condition | Doubt {
  const t = text.folded.replace(/[?,.]+$/, '');
  const not = new RegExp(
    `(?:^|\\s)${anyOf(words("not|n't|don't|dont|do not|won't|wont|aren't|arent|isn't|pas|nicht|no|non|nao"))}(?:\\s|$)`,
  ).test(t);
  const rest = t
    .replace(
      new RegExp(
        `${anyOf(words("they|they are|they're|theyre|you|you are|someone|someone is|the respondent|the respondent is|is", "are|not|n't|don't|dont|do not|won't|wont|aren't|arent|isn't|will|be"))}`,
        'g',
      ),
      ' ',
    )
    .trim();
  const yesNo = context.refs.fields.filter((f) => f.type === 'yes_no');
  const found = findField(
    {
      ...text,
      folded: rest,
      from: text.from.slice(0, rest.length),
      to: text.to.slice(0, rest.length),
    },
    { ...context.refs, fields: yesNo },
  );
  if (found.kind !== 'field' || rest === '')
    return {
      doubt: `I could not read the condition '${typedText(text)}'. Try e.g. 'when ${yesNo[0]?.label ?? 'Question'} is Yes'.`,
    };
  const no = not !== negated;
  return {
    field: found.field.id,
    operator: 'equals',
    value: no ? 'no' : 'yes',
    words: `${found.field.label} is ${no ? 'no' : 'yes'}`,
  };
}

/**
 * 'They heard about us from a friend': an option named in the condition, of the one choice
 * question it belongs to (or, when several offer it, the one whose label the words echo).
 */
function optionMentioned(text: Text, context: Context, negated: boolean): Condition | Doubt | undefined {
  const t = text.folded;
  const hits = context.refs.fields.flatMap((field) =>
    field.type === 'nps'
      ? []
      : (answerChoices(field) ?? [])
          .filter((c) => field.type !== 'yes_no' && new RegExp(anyOf([fold(c.label)])).test(t))
          .map((choice) => ({ field, choice })),
  );
  const fields = [...new Set(hits.map((h) => h.field))];
  if (fields.length === 0) return undefined;
  const echoed = fields.filter((f) => {
    const found = findField({ ...text, folded: t }, { ...context.refs, fields: [f] });
    return found.kind !== 'missing' || found.near.length > 0;
  });
  const [field] = fields.length === 1 ? fields : echoed;
  if (!field || (fields.length > 1 && echoed.length !== 1))
    return doubtAbout(
      { kind: 'ambiguous', phrase: typedText(text), candidates: fields },
      'Which question the rule reads',
    );
  const choice = hits.find((h) => h.field === field)?.choice as {
    label: string;
  };
  const not = new RegExp(
    `(?:^|\\s)${anyOf(['not', "n't", "don't", 'dont', 'do not', "didn't", 'did not', "won't", "aren't", "isn't", 'pas', 'nicht', 'no', 'non', 'nao'])}(?:\\s|$)`,
  ).test(t);
  const no = not !== negated;
  return {
    field: field.id,
    operator: no ? 'not_equals' : 'equals',
    value: choice.label,
    words: `${field.label} is ${no ? 'not ' : ''}${choice.label}`,
  };
}
