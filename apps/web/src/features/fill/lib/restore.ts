import { allowsOther, otherTextKey, splitOtherText } from '@formsmith/core/fields/other';
import { phoneCountryKey } from '@formsmith/core/fields/phone-countries';
import { isRecord } from '@formsmith/core/fields/read';
import { matrixValueSchema } from '@formsmith/core/fill-page/state';
import type { FormField } from '@formsmith/core/forms/field';
import type { FieldValues, FileValue } from '../../../components/form-renderer/values.ts';

function isFileValue(value: unknown): value is FileValue {
  return typeof value === 'object' && value !== null && 'upload_id' in value && 'name' in value;
}

/** The controls' values from answers saved earlier (numbers back to text, Other's text to its box, files as uploaded). */
export function restoreValues(
  fields: readonly FormField[],
  start: FieldValues,
  saved: Record<string, unknown>,
): FieldValues {
  const values = { ...start };
  for (const field of fields) {
    if (!Object.hasOwn(saved, field.id)) continue;
    const answer = saved[field.id];
    if (allowsOther(field) && (typeof answer === 'string' || Array.isArray(answer))) {
      const { picked, text } = splitOtherText(field, Array.isArray(answer) ? answer.map(String) : answer);
      values[field.id] = picked;
      values[otherTextKey(field.id)] = text;
    } else if (typeof answer === 'number') values[field.id] = String(answer);
    else if (typeof answer === 'string' || typeof answer === 'boolean') values[field.id] = answer;
    // The files of a field that takes several, each as uploaded.
    else if (field.type === 'file' && Array.isArray(answer)) values[field.id] = answer.filter(isFileValue);
    else if (Array.isArray(answer)) values[field.id] = answer.map(String);
    else if (isFileValue(answer)) values[field.id] = answer;
    else if (field.type === 'address' && isRecord(answer)) {
      // The parts back in their inputs, the country in its picker.
      const { country, ...typed } = answer;
      values[field.id] = Object.fromEntries(
        Object.entries(typed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
      if (typeof country === 'string') values[phoneCountryKey(field.id)] = country;
    } else if (field.type === 'date_range' && isRecord(answer)) {
      // The two dates back in their inputs.
      values[field.id] = Object.fromEntries(
        Object.entries(answer).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
    } else if (field.type === 'matrix') {
      const rows = matrixValueSchema.safeParse(answer);
      if (rows.success) values[field.id] = rows.data;
    }
  }
  return values;
}
