import { addressWithCountry } from '@formsmith/core/fields/address';
import { allowsOther, otherTextKey, withOtherText } from '@formsmith/core/fields/other';
import { phoneCountryKey, phoneWithCountry } from '@formsmith/core/fields/phone-countries';
import type { FormField } from '@formsmith/core/forms/field';
import { type FieldValue, type FieldValues, textList } from '../../../components/form-renderer/values.ts';

/**
 * What the server takes for a field's control: numbers as numbers, Other's text in the place of
 * the Other choice, the rest as held.
 */
export function answerOf(field: FormField, values: FieldValues): unknown {
  const value: FieldValue = values[field.id] ?? null;
  if (allowsOther(field) && (typeof value === 'string' || Array.isArray(value))) {
    const text = values[otherTextKey(field.id)];
    return withOtherText(
      typeof value === 'string' ? value : textList(value),
      typeof text === 'string' ? text : '',
    );
  }
  // The number typed, with the calling code of the country picked (none when typed with its +code).
  if (field.type === 'phone' && typeof value === 'string')
    return phoneWithCountry(values[phoneCountryKey(field.id)], value);
  // The parts typed, with the country picked beside them; the country alone is no answer.
  if (field.type === 'address') return addressWithCountry(field, values[phoneCountryKey(field.id)], value);
  if (
    (field.type === 'number' || field.type === 'range' || field.type === 'nps' || field.type === 'rating') &&
    typeof value === 'string' &&
    value.trim() !== ''
  ) {
    const n = Number(value);
    return Number.isFinite(n) ? n : value;
  }
  return value;
}

/** Every field's answer, as the logic engine and the server read them. */
export function answersOf(fields: readonly FormField[], values: FieldValues): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const field of fields) {
    if (Object.hasOwn(values, field.id)) answers[field.id] = answerOf(field, values);
  }
  return answers;
}

/** The answers the submit sends: the fields in `sent` (the path's), as the server takes them. */
export function sentAnswers(
  fields: readonly FormField[],
  sent: ReadonlySet<string>,
  values: FieldValues,
): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of fields) if (sent.has(field.id)) data[field.id] = answerOf(field, values);
  return data;
}
