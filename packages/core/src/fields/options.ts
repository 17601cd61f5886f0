import type { FieldOption, FieldType, FormField } from '../forms/field.ts';
import { CHOICE_TYPES, NPS_MAX, NPS_MIN } from './constants.ts';
import { ratingSteps } from './rating.ts';
import {
  asBoolean,
  asNonEmptyString,
  asNumber,
  asString,
  isRecord,
  pick,
  readKey,
  type UnknownRecord,
} from './read.ts';

/** True for select, radio and checkbox. */
export function isChoiceType(type: FieldType): boolean {
  return (CHOICE_TYPES as readonly FieldType[]).includes(type);
}

/** An answer a field offers to pick, as stored (`value`) and as shown (`label`). */
export type AnswerChoice = { label: string; value: string };

/**
 * The answers a field offers to pick: a choice field's options, Yes and No, or the NPS scale's
 * 0 to 10; undefined for types whose answer is typed.
 */
export function answerChoices(field: FormField): AnswerChoice[] | undefined {
  if (field.type === 'yes_no') {
    return [
      { label: 'Yes', value: 'yes' },
      { label: 'No', value: 'no' },
    ];
  }
  if (field.type === 'nps') {
    return Array.from({ length: NPS_MAX - NPS_MIN + 1 }, (_, i) => String(NPS_MIN + i)).map((n) => ({
      label: n,
      value: n,
    }));
  }
  if (field.type === 'rating') return ratingSteps(field).map((n) => ({ label: String(n), value: String(n) }));
  return 'options' in field ? field.options : undefined;
}

/** The option a choice field without options gets, so that it can still be answered. */
export function fallbackOptions(): FieldOption[] {
  return [{ id: 'option1', label: 'Option', value: 'option1' }];
}

/** The three options a newly added choice field gets in the editor. */
export function newFieldOptions(): FieldOption[] {
  return [1, 2, 3].map((n) => ({ id: `option_${n}`, label: `Option ${n}`, value: `option_${n}` }));
}

function optionFrom(
  raw: unknown,
  index: number,
): Omit<FieldOption, 'id'> & { id?: string; image?: string; alt?: string } {
  const plain = asNonEmptyString(raw);
  if (plain !== undefined) return { label: plain, value: plain };
  if (!isRecord(raw)) return { label: `Option ${index + 1}`, value: `option_${index + 1}` };
  const label = asNonEmptyString(pick(raw, 'label', 'text', 'name', 'title'));
  const value = asString(pick(raw, 'value', 'key'));
  const id = asNonEmptyString(readKey(raw, 'id'));
  const finalLabel = label ?? asNonEmptyString(value) ?? `Option ${index + 1}`;
  const option = { id, label: finalLabel, value: value !== undefined && value !== '' ? value : finalLabel };
  const points = asNumber(readKey(raw, 'points'));
  const correct = asBoolean(pick(raw, 'correct', 'is_correct', 'isCorrect'));
  // A picture choice's picture and alt text (other types' schemas drop them).
  const image = asNonEmptyString(readKey(raw, 'image'));
  const alt = asString(readKey(raw, 'alt'));
  return {
    ...option,
    ...(image !== undefined ? { image } : {}),
    ...(alt !== undefined ? { alt } : {}),
    ...(points !== undefined ? { points } : {}),
    ...(correct !== undefined ? { correct } : {}),
  };
}

/** The first non-empty option list among options, validation_rules.options, enum and choices. */
function rawOptionList(raw: UnknownRecord, rules: UnknownRecord | undefined): unknown[] {
  const candidates = [
    readKey(raw, 'options'),
    rules ? readKey(rules, 'options') : undefined,
    readKey(raw, 'enum'),
    readKey(raw, 'choices'),
  ];
  for (const candidate of candidates) {
    if (Array.isArray(candidate) && candidate.length > 0) return candidate;
    // Some providers send "a, b, c" or one option per line.
    if (typeof candidate === 'string' && candidate.trim() !== '') {
      return candidate.split(/\r?\n|,/).filter((part) => part.trim() !== '');
    }
  }
  return [];
}

/** Options of a field from any of the shapes clients and AI providers send; ids are unique within the field. */
export function normalizeOptions(
  raw: UnknownRecord,
  rules: UnknownRecord | undefined,
): (FieldOption & { image?: string; alt?: string })[] {
  const used = new Set<string>();
  return rawOptionList(raw, rules).map((item, index) => {
    const option = optionFrom(item, index);
    let id = option.id ?? `option_${index + 1}`;
    for (let n = 2; used.has(id); n += 1) id = `${option.id ?? `option_${index + 1}`}_${n}`;
    used.add(id);
    return { ...option, id };
  });
}

const OPTION_VALUE_MAX = 60;

function slugOf(label: string): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, OPTION_VALUE_MAX)
    .replace(/_+$/, '');
  return slug || 'option';
}

/** The value an option label gives ('Extra large' → 'extra_large'), unique among `taken`. */
export function optionValueFromLabel(label: string, taken: ReadonlySet<string>): string {
  const base = slugOf(label);
  let value = base;
  for (let n = 2; taken.has(value); n += 1) value = `${base}_${n}`;
  return value;
}

/** True when `value` is what the editor generated for `label` (or a placeholder), not typed by hand. */
export function isGeneratedValue(value: string, label: string): boolean {
  if (value === '' || /^option_?\d+$/.test(value)) return true;
  const base = slugOf(label);
  return value === base || new RegExp(`^${base}_\\d+$`).test(value);
}

/**
 * The options after option `index` is relabelled. Its value follows the label while it was
 * generated and the form has no answers yet (`keepValues`); stored answers hold values, so once
 * there are any the value stays.
 */
export function relabelOption(input: {
  options: FieldOption[];
  index: number;
  label: string;
  keepValues: boolean;
}): FieldOption[] {
  const { options, index, label } = input;
  return options.map((option, i) => {
    if (i !== index) return option;
    if (input.keepValues || !isGeneratedValue(option.value, option.label)) return { ...option, label };
    const taken = new Set(options.filter((_, j) => j !== index).map((o) => o.value));
    return { ...option, label, value: optionValueFromLabel(label, taken) };
  });
}
