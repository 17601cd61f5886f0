// The field operations of an edit patch: adding, changing, removing and moving fields and their
// options. Each throws EditPatchError when the operation does not fit the form.
import { RATING_MAX_STARS, RATING_MIN_STARS, takesAnswer } from '../fields/constants.ts';
import { applicableRules } from '../fields/editor-rules.ts';
import { NAMED_PATTERNS, type PatternName } from '../fields/named-patterns.ts';
import { fallbackOptions, isChoiceType, optionValueFromLabel } from '../fields/options.ts';
import { LIMITS } from '../limits.ts';
import type { LogicRule } from '../logic/definition.ts';
import { type EditableForm, EditPatchError, type FieldChanges, type NewField } from './edit-patch.ts';
import { type FieldOption, type FieldType, type FormField, fieldSchema, optionsOf } from './field.ts';

export function fail(message: string): never {
  throw new EditPatchError(message);
}

/** Text compared as people read it: case, accents and surrounding spaces aside. */
export function sameText(a: string, b: string): boolean {
  const fold = (s: string) =>
    s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  return fold(a) === fold(b);
}

export function fieldOf(form: EditableForm, id: string): FormField {
  return form.fields.find((f) => f.id === id) ?? fail(`The form has no field '${id}'.`);
}

/** The id a field added next gets when the patch does not name one. */
export function nextFieldId(fields: FormField[]): string {
  const used = new Set(fields.map((field) => field.id));
  let n = fields.length + 1;
  while (used.has(`field_${n}`)) n++;
  return `field_${n}`;
}

export function insertAfter(fields: FormField[], field: FormField, after: string | null | undefined) {
  if (after === undefined) return [...fields, field];
  if (after === null) return [field, ...fields];
  const index = fields.findIndex((f) => f.id === after);
  if (index < 0) fail(`The form has no field '${after}' to place it after.`);
  return [...fields.slice(0, index + 1), field, ...fields.slice(index + 1)];
}

/** Options for labels; one that keeps its label keeps its id and value, so stored answers still match. */
function toOptions(labels: string[], previous: FieldOption[] = []): FieldOption[] {
  if (labels.length > LIMITS.maxOptions) fail(`A field can have at most ${LIMITS.maxOptions} options.`);
  const taken = new Set<string>();
  const ids = new Set(previous.map((o) => o.id));
  let n = 0;
  return labels.map((label) => {
    const kept = previous.find((option) => option.label === label);
    const value = kept?.value ?? optionValueFromLabel(label, taken);
    taken.add(value);
    let id = kept?.id;
    while (id === undefined || (!kept && ids.has(id))) id = `option_${++n}`;
    ids.add(id);
    return { ...kept, id, label, value };
  });
}

type Rules = Omit<
  FieldChanges,
  'label' | 'type' | 'options' | 'placeholder' | 'helpText' | 'expression' | 'stars' | 'halfStars'
>;

/** The field's rules with the changes made; refuses a rule its type does not carry. */
function withRules(type: FieldType, label: string, current: Record<string, unknown>, changes: Rules) {
  const applies = applicableRules(type);
  const next: Record<string, unknown> = { ...current };
  const set = (key: string, value: unknown, allowed: boolean, what: string) => {
    if (value === undefined) return;
    if (!allowed && value !== null) fail(`'${label}' is a ${type} question: it takes no ${what}.`);
    next[key] = value ?? undefined;
  };
  set('min', changes.min, applies.value, 'lowest value');
  set('max', changes.max, applies.value, 'highest value');
  set('minLength', changes.minLength, applies.length, 'length limit');
  set('maxLength', changes.maxLength, applies.length, 'length limit');
  set('accept', changes.accept, type === 'file', 'file types');
  set('maxFileSize', changes.maxFileSize, type === 'file', 'file size limit');
  set('maxFiles', changes.maxFiles, type === 'file', 'file count limit');
  set('maxTotalSize', changes.maxTotalSize, type === 'file', 'total file size limit');
  if (changes.pattern !== undefined) {
    if (changes.pattern !== null && !applies.pattern)
      fail(`'${label}' is a ${type} question: it takes no pattern.`);
    const named = changes.pattern === null ? undefined : NAMED_PATTERNS[changes.pattern as PatternName];
    next.pattern = named?.pattern;
    next.customError = named?.message;
  }
  if (changes.required !== undefined) {
    if (changes.required && !takesAnswer(type)) fail(`'${label}' takes no answer, so it cannot be required.`);
    next.required = changes.required;
  }
  const { min, max, minLength, maxLength } = next as Record<string, number | undefined>;
  if (min !== undefined && max !== undefined && min > max)
    fail(`'${label}': the lowest value is above the highest.`);
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength)
    fail(`'${label}': the shortest length is above the longest.`);
  if (typeof next.maxFileSize === 'number' && next.maxFileSize > LIMITS.uploadMaxBytes)
    fail(`'${label}': files can be at most ${LIMITS.uploadMaxBytes / 1024 / 1024} MB.`);
  if (typeof next.maxFiles === 'number' && (next.maxFiles < 1 || next.maxFiles > LIMITS.uploadMaxFiles))
    fail(`'${label}': a question takes 1 to ${LIMITS.uploadMaxFiles} files.`);
  return next;
}

type StarProps = { stars?: number; halfStars?: boolean };

/**
 * A star rating's count and half stars with the changes made; refuses them on another type and
 * refuses a count outside 1 to 10 (the form would not save it), rather than bending it into range.
 */
function withStars(
  type: FieldType,
  label: string,
  current: StarProps,
  changes: { stars?: number | null; halfStars?: boolean },
): StarProps {
  const asked = (changes.stars !== undefined && changes.stars !== null) || changes.halfStars === true;
  if (type !== 'rating') {
    if (asked) fail(`'${label}' is a ${type} question: only a star rating has stars.`);
    return {};
  }
  const stars = changes.stars === undefined ? current.stars : (changes.stars ?? undefined);
  if (
    stars !== undefined &&
    (!Number.isInteger(stars) || stars < RATING_MIN_STARS || stars > RATING_MAX_STARS)
  )
    fail(
      `'${label}' cannot have ${stars} stars: a star rating has ${RATING_MIN_STARS} to ${RATING_MAX_STARS} whole stars.`,
    );
  const halfStars = changes.halfStars === undefined ? current.halfStars : changes.halfStars || undefined;
  return { stars, halfStars };
}

/** Types whose field holds a list of options: the choices, a ranking, a picture choice. */
const listsOptions = (type: FieldType) =>
  isChoiceType(type) || type === 'ranking' || type === 'picture_choice';

/** A matrix's rows and columns are set in the editor; an edit cannot make one up. */
function refuseMatrix(type: FieldType, label: string): void {
  if (type === 'matrix')
    fail(
      `'${label}' cannot become a grid here: add a matrix in the editor, where its rows and columns are set.`,
    );
}

export function addField(form: EditableForm, spec: NewField, after: string | null | undefined): FormField[] {
  const { fields } = form;
  if (fields.length >= LIMITS.maxFields) fail(`A form can have at most ${LIMITS.maxFields} fields.`);
  if (spec.id !== undefined && fields.some((f) => f.id === spec.id))
    fail(`The form already has a field '${spec.id}'.`);
  if (spec.options && !listsOptions(spec.type)) fail(`A ${spec.type} question has no options.`);
  refuseMatrix(spec.type, spec.label);
  if (spec.expression !== undefined && spec.type !== 'calculated')
    fail(`A ${spec.type} question has no calculation.`);
  if (spec.type === 'calculated' && !spec.expression?.trim())
    fail(`The calculation '${spec.label}' needs an expression.`);
  const base = spec.type === 'range' ? { required: false, min: 0, max: 10 } : { required: false };
  const validation = withRules(spec.type, spec.label, base, {
    ...spec,
    required: spec.required && takesAnswer(spec.type) && spec.type !== 'calculated',
  });
  const field = fieldSchema.parse({
    id: spec.id ?? nextFieldId(fields),
    type: spec.type,
    label: spec.label,
    position: 0,
    ...(spec.placeholder ? { placeholder: spec.placeholder } : {}),
    ...(spec.helpText ? { helpText: spec.helpText } : {}),
    validation,
    ...(listsOptions(spec.type)
      ? { options: spec.options?.length ? toOptions(spec.options) : fallbackOptions() }
      : {}),
    ...(spec.type === 'calculated' ? { expression: spec.expression, showResult: true } : {}),
    ...withStars(spec.type, spec.label, {}, spec),
  });
  return insertAfter(fields, field, after);
}

export function updateField(field: FormField, changes: FieldChanges): FormField {
  const type = changes.type ?? field.type;
  const previous = optionsOf(field);
  if (changes.options && !listsOptions(type))
    fail(`'${field.label}' is a ${type} question: it has no options.`);
  if (type !== field.type) refuseMatrix(type, field.label);
  if (changes.expression !== undefined && type !== 'calculated')
    fail(`'${field.label}' is not a calculation.`);
  if (type === 'calculated' && field.type !== 'calculated')
    fail(`'${field.label}' cannot become a calculation; add one instead.`);
  let options: FieldOption[] | undefined;
  if (listsOptions(type))
    options = changes.options ? toOptions(changes.options, previous) : (previous ?? fallbackOptions());
  const label = changes.label ?? field.label;
  // A type that takes no answer cannot stay required.
  const current = takesAnswer(type) ? field.validation : { ...field.validation, required: false };
  const validation = withRules(type, label, current, changes);
  return fieldSchema.parse({
    ...field,
    type,
    label,
    ...(changes.placeholder !== undefined ? { placeholder: changes.placeholder || undefined } : {}),
    ...(changes.helpText !== undefined ? { helpText: changes.helpText || undefined } : {}),
    ...(changes.expression !== undefined ? { expression: changes.expression } : {}),
    ...withStars(type, label, field.type === 'rating' ? field : {}, changes),
    validation,
    options,
  });
}

function optionIndex(field: FormField, label: string): number {
  const options = optionsOf(field) ?? fail(`'${field.label}' has no options.`);
  const exact = options.findIndex((o) => o.label === label);
  const index = exact >= 0 ? exact : options.findIndex((o) => sameText(o.label, label));
  if (index < 0) fail(`'${field.label}' has no option '${label}'.`);
  return index;
}

function withOptions(field: FormField, options: FieldOption[]): FormField {
  if (options.length > LIMITS.maxOptions) fail(`A field can have at most ${LIMITS.maxOptions} options.`);
  return fieldSchema.parse({ ...field, options });
}

export function addOptions(field: FormField, labels: string[], after: string | null | undefined): FormField {
  const options = optionsOf(field) ?? fail(`'${field.label}' has no options.`);
  for (const [i, label] of labels.entries()) {
    if (options.some((o) => sameText(o.label, label)) || labels.slice(0, i).some((l) => sameText(l, label)))
      fail(`'${field.label}' already has an option '${label}'.`);
  }
  const added = toOptions([...options.map((o) => o.label), ...labels], options).slice(options.length);
  const at = after === undefined ? options.length : after === null ? 0 : optionIndex(field, after) + 1;
  return withOptions(field, [...options.slice(0, at), ...added, ...options.slice(at)]);
}

/** The field without the options, and the values they had (what the form's logic may compare with). */
export function removeOptions(field: FormField, labels: string[]): { field: FormField; values: string[] } {
  const options = optionsOf(field) ?? fail(`'${field.label}' has no options.`);
  const gone = new Set(labels.map((label) => optionIndex(field, label)));
  if (gone.size >= options.length) fail(`'${field.label}' needs at least one option.`);
  const values = options.filter((_, i) => gone.has(i)).map((o) => o.value);
  const next = withOptions(
    field,
    options.filter((_, i) => !gone.has(i)),
  );
  return {
    field:
      next.defaultValue !== undefined && values.includes(next.defaultValue)
        ? { ...next, defaultValue: undefined }
        : next,
    values,
  };
}

export function renameOption(field: FormField, from: string, to: string): FormField {
  const options = optionsOf(field) ?? fail(`'${field.label}' has no options.`);
  const index = optionIndex(field, from);
  if (options.some((o, i) => i !== index && sameText(o.label, to)))
    fail(`'${field.label}' already has an option '${to}'.`);
  return withOptions(
    field,
    options.map((o, i) => (i === index ? { ...o, label: to } : o)),
  );
}

export function reorderOptions(field: FormField, labels: string[]): FormField {
  const options = optionsOf(field) ?? fail(`'${field.label}' has no options.`);
  const order = labels.map((label) => optionIndex(field, label));
  if (new Set(order).size !== options.length || order.length !== options.length)
    fail(`The new order of '${field.label}' must name each of its options once.`);
  return withOptions(
    field,
    order.map((i) => options[i] as FieldOption),
  );
}

/** Whether a rule reads the answer of the field (any value, or one of `values`). */
export function readsField(rule: LogicRule, id: string, values?: string[]): boolean {
  return rule.conditions.some(
    (c) =>
      c.source === 'field' &&
      c.ref === id &&
      (!values || (c.value !== undefined && values.includes(c.value))),
  );
}
