// Short builders for the gallery's templates, so that each template reads as its questions and
// not as JSON. They make canonical fields; the template test parses every one with the field
// schema and the logic check.
import { optionValueFromLabel } from '../fields/options.ts';
import type { FieldOf, FieldOption, FormField } from '../forms/field.ts';
import type { FormLogic, LogicCondition, LogicRule } from '../logic/definition.ts';

/** A field before the template gives it its position. */
export type DraftField = FormField extends infer F
  ? F extends FormField
    ? Omit<F, 'position'>
    : never
  : never;

/** What most questions may carry besides their label. */
type Extras = { required?: boolean; placeholder?: string; help?: string };

function base(id: string, label: string, extras: Extras = {}) {
  return {
    id,
    label,
    ...(extras.placeholder === undefined ? {} : { placeholder: extras.placeholder }),
    ...(extras.help === undefined ? {} : { helpText: extras.help }),
  };
}

type TextType = 'text' | 'textarea' | 'email' | 'phone' | 'url';
type TextExtras = Extras & { maxLength?: number };

function typed<T extends TextType>(type: T) {
  return (id: string, label: string, extras: TextExtras = {}): DraftField =>
    ({
      ...base(id, label, extras),
      type,
      validation: {
        required: extras.required === true,
        ...(extras.maxLength === undefined ? {} : { maxLength: extras.maxLength }),
      },
    }) as DraftField;
}

export const shortText = typed('text');
export const longText = typed('textarea');
export const email = typed('email');
export const phone = typed('phone');
export const link = typed('url');

type NumberExtras = Extras & { min?: number; max?: number; step?: number };

export function number(id: string, label: string, extras: NumberExtras = {}): DraftField {
  const { min, max, step } = extras;
  return {
    ...base(id, label, extras),
    type: 'number',
    validation: {
      required: extras.required === true,
      ...(min === undefined ? {} : { min }),
      ...(max === undefined ? {} : { max }),
      ...(step === undefined ? {} : { step }),
    },
  };
}

/** A 1 to `max` rating scale whose help text names its ends. */
export function rating(id: string, label: string, extras: Extras & { max?: number } = {}): DraftField {
  const max = extras.max ?? 5;
  return {
    ...base(id, label, { help: `1 = very poor, ${max} = excellent`, ...extras }),
    type: 'range',
    validation: { required: extras.required === true, min: 1, max, step: 1 },
  };
}

export function date(id: string, label: string, extras: Extras = {}): DraftField {
  return { ...base(id, label, extras), type: 'date', validation: { required: extras.required === true } };
}

export function time(id: string, label: string, extras: Extras = {}): DraftField {
  return { ...base(id, label, extras), type: 'time', validation: { required: extras.required === true } };
}

export function yesNo(id: string, label: string, extras: Extras = {}): DraftField {
  return { ...base(id, label, extras), type: 'yes_no', validation: { required: extras.required === true } };
}

export function nps(id: string, label: string, extras: Extras = {}): DraftField {
  return {
    ...base(id, label, extras),
    type: 'nps',
    validation: { required: extras.required === true },
    lowLabel: 'Not at all likely',
    highLabel: 'Extremely likely',
  };
}

/** Files: accepted types (MIME types or extensions) and a size limit in megabytes. */
export function upload(
  id: string,
  label: string,
  extras: Extras & { accept: string[]; maxMegabytes: number },
): DraftField {
  return {
    ...base(id, label, extras),
    type: 'file',
    validation: {
      required: extras.required === true,
      accept: extras.accept,
      maxFileSize: extras.maxMegabytes * 1024 * 1024,
    },
  };
}

/** An option as written in a template: its label, or its label with quiz points and mark. */
type OptionInput = string | { label: string; points?: number; correct?: boolean };

function optionsFrom(inputs: readonly OptionInput[]): FieldOption[] {
  const taken = new Set<string>();
  return inputs.map((input, i) => {
    const option = typeof input === 'string' ? { label: input } : input;
    const value = optionValueFromLabel(option.label, taken);
    taken.add(value);
    return { id: `option_${i + 1}`, value, ...option };
  });
}

function choice<T extends 'radio' | 'select' | 'checkbox'>(type: T) {
  return (id: string, label: string, options: readonly OptionInput[], extras: Extras = {}): DraftField =>
    ({
      ...base(id, label, extras),
      type,
      validation: { required: extras.required === true },
      options: optionsFrom(options),
    }) as FieldOf<T>;
}

export const singleChoice = choice('radio');
export const dropdown = choice('select');
export const multipleChoice = choice('checkbox');

/** A required quiz question: the `right` one of `options` is worth a point, the others none. */
export function quizQuestion(
  id: string,
  label: string,
  quiz: { options: string[]; right: string },
): DraftField {
  const options = quiz.options.map((option) =>
    option === quiz.right ? { label: option, points: 1, correct: true } : { label: option, points: 0 },
  );
  return singleChoice(id, label, options, { required: true });
}

/** A required tick box: the respondent agrees to `statement`. */
export function consent(id: string, statement: string): DraftField {
  return {
    id,
    label: statement,
    type: 'checkbox',
    validation: { required: true },
    options: optionsFrom(['I agree']),
  };
}

/** A heading and its text between questions; it takes no answer. */
export function statement(id: string, heading: string, text: string): DraftField {
  return { id, label: heading, helpText: text, type: 'statement', validation: { required: false } };
}

/** Starts a new page titled `title`; its id names the page in logic. */
export function pageBreak(id: string, title: string): DraftField {
  return { id, label: title, type: 'page_break', validation: { required: false } };
}

export function calculated(
  id: string,
  label: string,
  expression: string,
  extras: Extras & { showResult?: boolean } = {},
): DraftField {
  return {
    ...base(id, label, extras),
    type: 'calculated',
    validation: { required: false },
    expression,
    showResult: extras.showResult ?? true,
  };
}

/** A field respondents never see, filled from the page's URL (`?source=newsletter`). */
export function fromUrl(id: string, label: string): DraftField {
  return { id, label, type: 'hidden', validation: { required: false }, prefill: { fromUrl: true } };
}

// Logic, written as sentences: showWhen('why_not', is('attending', 'no')).

/** The answer to `field` equals `value`. */
export function is(field: string, value: string): LogicCondition {
  return { source: 'field', ref: field, operator: 'equals', value };
}

/** The answer to `field` compares with `value` by `operator`. */
export function answer(field: string, operator: LogicCondition['operator'], value?: string): LogicCondition {
  return { source: 'field', ref: field, operator, ...(value === undefined ? {} : { value }) };
}

/** Show `field` only while the condition holds. */
export function showWhen(field: string, condition: LogicCondition, name?: string): LogicRule {
  return {
    id: `show_${field}`,
    ...(name === undefined ? {} : { name }),
    match: 'all',
    conditions: [condition],
    actions: [{ type: 'show', field }],
  };
}

/** Leaving `page`, finish with `ending` when the condition holds. */
export function endWhen(input: {
  page: string;
  ending: string;
  when: LogicCondition;
  name: string;
}): LogicRule {
  return {
    id: `end_${input.page}_${input.ending}`,
    name: input.name,
    page: input.page,
    match: 'all',
    conditions: [input.when],
    actions: [{ type: 'end', ending: input.ending }],
  };
}

/** Logic with the defaults filled in: only what a template sets needs writing. */
export function logicOf(parts: Partial<FormLogic> = {}): FormLogic {
  return {
    rules: parts.rules ?? [],
    variables: parts.variables ?? [],
    endings: parts.endings ?? [],
    quiz: parts.quiz ?? { enabled: false, passMark: null },
    unreachableAnswers: parts.unreachableAnswers ?? 'drop',
  };
}
