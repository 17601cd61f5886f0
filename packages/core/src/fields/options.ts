import type { FieldOption, FieldType } from '../forms/field.ts';
import { CHOICE_TYPES } from './constants.ts';
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

/** The option a choice field without options gets, so that it can still be answered. */
export function fallbackOptions(): FieldOption[] {
  return [{ id: 'option1', label: 'Option', value: 'option1' }];
}

/** The three options a newly added choice field gets in the editor. */
export function newFieldOptions(): FieldOption[] {
  return [1, 2, 3].map((n) => ({ id: `option_${n}`, label: `Option ${n}`, value: `option_${n}` }));
}

function optionFrom(raw: unknown, index: number): Omit<FieldOption, 'id'> & { id?: string } {
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
  return {
    ...option,
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
export function normalizeOptions(raw: UnknownRecord, rules: UnknownRecord | undefined): FieldOption[] {
  const used = new Set<string>();
  return rawOptionList(raw, rules).map((item, index) => {
    const option = optionFrom(item, index);
    let id = option.id ?? `option_${index + 1}`;
    for (let n = 2; used.has(id); n += 1) id = `${option.id ?? `option_${index + 1}`}_${n}`;
    used.add(id);
    return { ...option, id };
  });
}
