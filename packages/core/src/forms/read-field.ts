// The door for fields: alternative key names, legacy shapes and AI output are read here, once,
// into the canonical field. Nothing behind the door reads aliases.
import { ADDRESS_PARTS, CONDITION_OPERATORS, FIELD_TYPES, takesAnswer } from '../fields/constants.ts';
import { newMatrixColumns, newMatrixRows } from '../fields/matrix.ts';
import { fallbackOptions, isChoiceType, newFieldOptions, normalizeOptions } from '../fields/options.ts';
import {
  asBoolean,
  asNonEmptyString,
  asNumber,
  asString,
  isRecord,
  pick,
  readKey,
  type UnknownRecord,
} from '../fields/read.ts';
import {
  type Condition,
  type ConditionalLogic,
  type FieldType,
  type FieldValidation,
  type FormField,
  fieldSchema,
} from './field.ts';

/** Names other tools use for our types. Anything else unknown becomes text. */
const TYPE_ALIASES: Record<string, FieldType> = {
  dropdown: 'select',
  paragraph: 'textarea',
  long_text: 'textarea',
  longtext: 'textarea',
  short_text: 'text',
  string: 'text',
  multiple_choice: 'radio',
  checkboxes: 'checkbox',
  tel: 'phone',
  telephone: 'phone',
  integer: 'number',
  slider: 'range',
  net_promoter_score: 'nps',
  yesno: 'yes_no',
  boolean: 'yes_no',
  heading: 'statement',
  grid: 'matrix',
  likert: 'matrix',
  matrix_radio: 'matrix',
  matrix_checkbox: 'matrix',
  star_rating: 'rating',
  stars: 'rating',
  rank: 'ranking',
  rank_order: 'ranking',
  image_choice: 'picture_choice',
  picture: 'picture_choice',
};

function knownType(value: unknown): FieldType | undefined {
  const name = asNonEmptyString(value)?.toLowerCase();
  if (!name) return undefined;
  if ((FIELD_TYPES as readonly string[]).includes(name)) return name as FieldType;
  return TYPE_ALIASES[name.replace(/[\s-]+/g, '_')];
}

/** field_type wins over type; unknown types fall back to text. */
export function normalizeFieldType(raw: UnknownRecord): FieldType {
  return (
    knownType(readKey(raw, 'field_type')) ??
    knownType(readKey(raw, 'fieldType')) ??
    knownType(readKey(raw, 'type')) ??
    'text'
  );
}

function nonNegative(value: unknown): number | undefined {
  const n = asNumber(value);
  return n !== undefined && n >= 0 ? Math.floor(n) : undefined;
}

function stringList(value: unknown): string[] | undefined {
  if (typeof value === 'string') {
    const parts = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    return parts.length > 0 ? parts : undefined;
  }
  if (!Array.isArray(value)) return undefined;
  const parts = value.map(asNonEmptyString).filter((part): part is string => part !== undefined);
  return parts.length > 0 ? parts : undefined;
}

function normalizeValidation(raw: UnknownRecord, rules: UnknownRecord): FieldValidation {
  const from = (...keys: string[]) => pick(rules, ...keys) ?? pick(raw, ...keys);
  const required = asBoolean(pick(raw, 'is_required', 'isRequired')) ?? asBoolean(from('required')) ?? false;
  const validation: FieldValidation = { required };
  const minLength = nonNegative(from('minLength', 'min_length', 'minlength'));
  const maxLength = nonNegative(from('maxLength', 'max_length', 'maxlength'));
  const min = asNumber(from('min', 'minimum', 'min_value', 'minValue'));
  const max = asNumber(from('max', 'maximum', 'max_value', 'maxValue'));
  const step = asNumber(from('step'));
  const pattern = asString(from('pattern', 'regex'));
  const customError = asNonEmptyString(from('customError', 'custom_error', 'error_message', 'errorMessage'));
  const accept = stringList(from('accept', 'accepted_types', 'acceptedTypes'));
  const maxFileSize = nonNegative(from('maxFileSize', 'max_file_size'));
  const maxFiles = nonNegative(from('maxFiles', 'max_files'));
  const maxTotalSize = nonNegative(from('maxTotalSize', 'max_total_size'));
  const minDate = asNonEmptyString(from('minDate', 'min_date', 'earliest'));
  const maxDate = asNonEmptyString(from('maxDate', 'max_date', 'latest'));
  const minDays = nonNegative(from('minDays', 'min_days'));
  const maxDays = nonNegative(from('maxDays', 'max_days'));
  if (minLength !== undefined) validation.minLength = minLength;
  if (maxLength !== undefined) validation.maxLength = maxLength;
  if (min !== undefined) validation.min = min;
  if (max !== undefined) validation.max = max;
  if (step !== undefined && step > 0) validation.step = step;
  if (pattern !== undefined && pattern !== '') validation.pattern = pattern;
  if (customError !== undefined) validation.customError = customError;
  if (accept !== undefined) validation.accept = accept;
  if (maxFileSize !== undefined) validation.maxFileSize = maxFileSize;
  if (maxFiles !== undefined) validation.maxFiles = maxFiles;
  if (maxTotalSize !== undefined) validation.maxTotalSize = maxTotalSize;
  if (minDate !== undefined) validation.minDate = minDate.trim();
  if (maxDate !== undefined) validation.maxDate = maxDate.trim();
  if (minDays !== undefined) validation.minDays = minDays;
  if (maxDays !== undefined) validation.maxDays = maxDays;
  return validation;
}

function normalizeCondition(raw: unknown): Condition | undefined {
  if (!isRecord(raw)) return undefined;
  const fieldId = asNonEmptyString(pick(raw, 'fieldId', 'field_id', 'field'));
  const operatorName = asNonEmptyString(readKey(raw, 'operator'))
    ?.toLowerCase()
    .replace(/[\s-]+/g, '_');
  const operator = CONDITION_OPERATORS.find((op) => op === operatorName);
  if (!fieldId || !operator) return undefined;
  const value = asString(readKey(raw, 'value'));
  return value === undefined ? { fieldId, operator } : { fieldId, operator, value };
}

/** Conditional logic in camelCase or snake_case; anything unusable is dropped (null). */
export function normalizeConditionalLogic(raw: unknown): ConditionalLogic | null {
  if (!isRecord(raw)) return null;
  const list = readKey(raw, 'conditions');
  if (!Array.isArray(list)) return null;
  const conditions = list.map(normalizeCondition).filter((c): c is Condition => c !== undefined);
  if (conditions.length === 0) return null;
  const action = readKey(raw, 'action') === 'hide' ? 'hide' : 'show';
  const match = readKey(raw, 'match') === 'any' ? 'any' : 'all';
  return { action, match, conditions };
}

/**
 * A matrix's rows and columns, from `rows`/`columns` (or `questions`/`statements` and
 * `scale`/`choices`), each in any shape options take; `multiple` from the type name or a flag.
 */
function matrixParts(record: UnknownRecord, rulesRaw: unknown) {
  const list = (...keys: string[]) => {
    const raw = pick(record, ...keys);
    return normalizeOptions({ options: raw }, undefined);
  };
  const rows = list('rows', 'questions', 'statements', 'items');
  const fromOptions = normalizeOptions(record, isRecord(rulesRaw) ? rulesRaw : undefined);
  const columnList = list('columns', 'scale', 'answers');
  const columns = columnList.length > 0 ? columnList : fromOptions;
  const typeName = asString(pick(record, 'field_type', 'type'))?.toLowerCase();
  const multiple =
    asBoolean(pick(record, 'multiple', 'multiple_answers', 'allow_multiple', 'allowMultiple')) ??
    typeName === 'matrix_checkbox';
  return {
    rows:
      rows.length > 0
        ? rows.map((r, i) => ({ ...r, id: r.id.startsWith('option_') ? `row_${i + 1}` : r.id }))
        : newMatrixRows(),
    columns: columns.length > 0 ? columns : newMatrixColumns(),
    ...(multiple ? { multiple: true } : {}),
  };
}

/** The label a field gets when it has none: 'Field <n>' (n counts from 1). */
export function defaultFieldLabel(index: number): string {
  return `Field ${index + 1}`;
}

/**
 * Turns one field from an old client, an AI provider or a first-release row into a canonical
 * field; properties its type does not carry are dropped. Never throws; the id is kept when
 * given, else `field_<n>`.
 */
export function normalizeField(raw: unknown, index: number): FormField {
  const record: UnknownRecord = isRecord(raw) ? raw : {};
  const plainLabel = isRecord(raw) ? undefined : asNonEmptyString(raw);
  const rulesRaw = pick(record, 'validation_rules', 'validationRules');
  const validationRaw = readKey(record, 'validation');
  const rules: UnknownRecord = {
    ...(isRecord(rulesRaw) ? rulesRaw : {}),
    ...(isRecord(validationRaw) ? validationRaw : {}),
  };
  const type = normalizeFieldType(record);
  const field: Record<string, unknown> & { validation: FieldValidation } = {
    id: asNonEmptyString(readKey(record, 'id')) ?? `field_${index + 1}`,
    type,
    label:
      plainLabel ?? asNonEmptyString(pick(record, 'label', 'title', 'question')) ?? defaultFieldLabel(index),
    // A field that takes no answer cannot require one.
    validation: takesAnswer(type) ? normalizeValidation(record, rules) : { required: false },
    position: asNumber(readKey(record, 'position')) ?? index,
  };
  const placeholder = asString(readKey(record, 'placeholder'));
  const helpText = asString(pick(record, 'help_text', 'helpText', 'description'));
  const defaultValue = asString(pick(record, 'default_value', 'defaultValue'));
  const isHidden = asBoolean(pick(record, 'is_hidden', 'isHidden', 'hidden'));
  const isReadOnly = asBoolean(pick(record, 'is_read_only', 'isReadOnly', 'read_only', 'readOnly'));
  const parentId = pick(record, 'parent_id', 'parentId');
  const logic = normalizeConditionalLogic(pick(record, 'conditional_logic', 'conditionalLogic'));
  const imageUrl = asNonEmptyString(pick(record, 'image_url', 'imageUrl'));
  const lowLabel = asNonEmptyString(pick(record, 'low_label', 'lowLabel'));
  const highLabel = asNonEmptyString(pick(record, 'high_label', 'highLabel'));
  const prefill = readKey(record, 'prefill');
  if (placeholder) field.placeholder = placeholder;
  if (helpText) field.helpText = helpText;
  if (defaultValue !== undefined && defaultValue !== '') field.defaultValue = defaultValue;
  if (isHidden) field.isHidden = true;
  if (isReadOnly) field.isReadOnly = true;
  if (parentId !== undefined) field.parentId = asNonEmptyString(parentId) ?? null;
  if (logic) field.conditionalLogic = logic;
  if (imageUrl) field.imageUrl = imageUrl;
  if (lowLabel) field.lowLabel = lowLabel;
  if (highLabel) field.highLabel = highLabel;
  if (isRecord(prefill)) {
    const param = asNonEmptyString(readKey(prefill, 'param'));
    field.prefill = {
      fromUrl: asBoolean(pick(prefill, 'from_url', 'fromUrl')) ?? false,
      ...(param ? { param } : {}),
    };
  }
  if (type === 'calculated') {
    field.expression = asString(readKey(record, 'expression')) ?? '';
    const showResult = asBoolean(pick(record, 'show_result', 'showResult'));
    if (showResult !== undefined) field.showResult = showResult;
  }
  if (type === 'matrix') Object.assign(field, matrixParts(record, rulesRaw));
  if (type === 'rating') {
    const stars = asNumber(pick(record, 'stars', 'max_stars', 'maxStars', 'count'));
    // Kept as given: a count outside 1 to 10 is refused by the save's limits, not changed here.
    if (stars !== undefined) field.stars = stars;
    if (asBoolean(pick(record, 'half_stars', 'halfStars', 'allow_half', 'allowHalf'))) field.halfStars = true;
  }
  if (type === 'ranking') {
    const options = normalizeOptions(record, isRecord(rulesRaw) ? rulesRaw : undefined);
    field.options = options.length > 0 ? options : newFieldOptions();
    const top = asNumber(pick(record, 'rank_top', 'rankTop', 'top'));
    if (top !== undefined && top >= 1) field.rankTop = Math.floor(top);
  }
  if (type === 'picture_choice') {
    const options = normalizeOptions(record, isRecord(rulesRaw) ? rulesRaw : undefined);
    field.options = options.length > 0 ? options : newFieldOptions();
    if (asBoolean(pick(record, 'multiple', 'allow_multiple', 'allowMultiple'))) field.multiple = true;
  }
  if (type === 'address') {
    // Parts that are none are dropped; the schema keeps the rest in the page's order.
    const parts = pick(record, 'parts', 'address_parts');
    if (Array.isArray(parts)) field.parts = ADDRESS_PARTS.filter((p) => parts.includes(p));
    const required = pick(record, 'required_parts', 'requiredParts');
    if (Array.isArray(required)) field.requiredParts = ADDRESS_PARTS.filter((p) => required.includes(p));
  }
  if (type === 'date_range') {
    const startLabel = asNonEmptyString(pick(record, 'start_label', 'startLabel'));
    const endLabel = asNonEmptyString(pick(record, 'end_label', 'endLabel'));
    if (startLabel) field.startLabel = startLabel;
    if (endLabel) field.endLabel = endLabel;
  }
  if (type === 'phone' || type === 'address') {
    // Kept as given (upper-cased): a code the picker does not offer is refused by the save's limits.
    const country = asNonEmptyString(pick(record, 'default_country', 'defaultCountry', 'country'));
    if (country) field.defaultCountry = country.trim().toUpperCase();
  }
  if (isChoiceType(type)) {
    const options = normalizeOptions(record, isRecord(rulesRaw) ? rulesRaw : undefined);
    field.options = options.length > 0 ? options : fallbackOptions();
    const allowOther = asBoolean(pick(record, 'allow_other', 'allowOther', 'has_other', 'other_option'));
    if (allowOther) field.allowOther = true;
  }
  return fieldSchema.parse(field);
}

/**
 * A list of fields in any shape normalizeField reads: ordered by position, positions renumbered
 * 0..n-1, ids made unique. Anything but an array gives no fields.
 */
export function normalizeFields(raw: unknown): FormField[] {
  if (!Array.isArray(raw)) return [];
  const fields = raw
    .map((item, index) => normalizeField(item, index))
    .map((field, index) => ({ field, index }))
    .sort((a, b) => a.field.position - b.field.position || a.index - b.index)
    .map(({ field }) => field);
  const used = new Set<string>();
  return fields.map((field, position) => {
    let id = field.id;
    for (let n = 2; used.has(id); n += 1) id = `${field.id}_${n}`;
    used.add(id);
    return { ...field, id, position };
  });
}
