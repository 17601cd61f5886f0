import { takesAnswer } from '../fields/constants.ts';
import type { EditOperation } from '../forms/edit-patch.ts';
import type { FormField } from '../forms/field.ts';
import {
  addsQuestion,
  answerable,
  type Doubt,
  fieldsNamed,
  isDoubt,
  listOf,
  quote,
  type Reader,
  splitAt,
  without,
} from './reading.ts';
import type { Text } from './text.ts';
import {
  anyOf,
  EVERY,
  MODALS,
  MOVE_VERBS,
  NEGATIONS,
  OPTIONAL_WORDS,
  REMOVE_VERBS,
  RENAME_VERBS,
  REQUIRED_WORDS,
  SET_VERBS,
  words,
} from './words.ts';

// A verb followed by 'is', 'should'... is a label ('Name isn't required'), not a command.
const LED_BY_OTHERS = new RegExp(
  `^${anyOf([...REMOVE_VERBS, ...RENAME_VERBS, ...MOVE_VERBS].filter((v) => !SET_VERBS.includes(v)))}\\s(?!${anyOf(MODALS)}\\s)`,
);
const REQUIRED = new RegExp(anyOf(REQUIRED_WORDS), 'g');
const OPTIONAL = new RegExp(anyOf(OPTIONAL_WORDS), 'g');
const NEGATION = new RegExp(`${anyOf(NEGATIONS)}|n't\\b`);
const EXCEPT = words(
  'except|except for|but|apart from|other than|besides|save|sauf|a part|ausser|bis auf|excepto',
  'menos|salvo|tranne|eccetto|exceto|fora',
);
const NOISE = anyOf([
  ...SET_VERBS,
  ...MODALS,
  ...NEGATIONS,
  'as',
  'to',
  'a',
  'an',
  'so that',
  'so',
  'sure',
  'that',
  'answer',
  'anymore',
  'any more',
  'any longer',
  'longer',
  'field',
  'question',
  'que',
  'dass',
  'zu',
  'zum',
  'zur',
  'einem',
  'einer',
  'mehr',
  'en',
  'que',
  'che',
  'como',
  'come',
  'de',
  'um',
  'campo',
  'feld',
  'champ',
  'again',
  'please',
  'now',
  'in',
  'people',
  'respondents',
]);

/** Whether the flags of a clause mean required (true), optional (false), or contradict each other (null). */
function polarity(folded: string): boolean | null | undefined {
  const flags = [
    ...[...folded.matchAll(REQUIRED)].map((m) => ({
      at: m.index,
      required: true,
    })),
    ...[...folded.matchAll(OPTIONAL)].map((m) => ({
      at: m.index,
      required: false,
    })),
  ];
  if (flags.length === 0) return undefined;
  const meant = flags.map(({ at, required }) => {
    // 'not required', "shouldn't be mandatory", 'plus obligatoire': a negation in the few words before.
    const window = folded.slice(0, at).split(/\s+/).slice(-6).join(' ');
    return NEGATION.test(window) ? !required : required;
  });
  return meant.every((m) => m === meant[0]) ? (meant[0] as boolean) : null;
}

function every(rest: Text, context: Parameters<Reader>[1]): FormField[] | Doubt | undefined {
  if (!new RegExp(`^${anyOf(EVERY)}`).test(rest.folded)) return undefined;
  const fields = context.form.fields.filter(answerable);
  const except = splitAt(rest, EXCEPT);
  if (!except) return fields;
  const left = fieldsNamed(except.after, context, 'Which questions to leave out');
  if (isDoubt(left)) return left;
  return fields.filter((f) => !left.includes(f));
}

/** 'Make company required', 'Photo consent shouldn't be required', 'Rends le téléphone obligatoire'. */
export const readRequired: Reader = (clause, context) => {
  // A clause led by another verb ('remove the required note') is that verb's.
  if (addsQuestion(clause) || LED_BY_OTHERS.test(clause.folded)) return null;
  const required = polarity(clause.folded);
  if (required === undefined) return null;
  const word = required ? 'required' : 'optional';
  if (required === null) return { doubt: 'The instruction says both required and optional' };
  const rest = without(without(clause, anyOf([...REQUIRED_WORDS, ...OPTIONAL_WORDS])), NOISE);
  const all = every(rest, context);
  if (isDoubt(all)) return all;
  const fields = all ?? fieldsNamed(rest, context, `Which question to make ${word}`);
  if (isDoubt(fields)) return fields;
  if (!all) {
    const display = fields.find((f) => !takesAnswer(f.type));
    if (display)
      return {
        doubt: `${quote(display)} takes no answer, so it cannot be ${word}.`,
      };
  }
  const changing = fields.filter((f) => f.validation.required !== required && answerable(f));
  const operations: EditOperation[] = changing.map((f) => ({
    op: 'update_field',
    id: f.id,
    changes: { required },
  }));
  const named = all
    ? all.length === context.form.fields.filter(answerable).length
      ? 'every question'
      : listOf(all.map(quote), 'and')
    : listOf(fields.map(quote), 'and');
  const summary =
    changing.length === 0
      ? `${named.charAt(0).toUpperCase()}${named.slice(1)} ${fields.length === 1 && !all ? 'is' : 'are'} already ${word}.`
      : `Make ${all && named === 'every question' ? named : listOf(changing.map(quote), 'and')} ${word}.`;
  return { operations, summary, touched: fields.map((f) => f.id) };
};
