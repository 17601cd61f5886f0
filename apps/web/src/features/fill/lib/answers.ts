import type { FormField } from '@formsmith/core/forms/field';
import type { FieldValue, FieldValues } from '../../../components/form-renderer/values.ts';

/** What the server takes for a control's value: numbers as numbers, the rest as held. */
export function answerOf(field: FormField, value: FieldValue): unknown {
  if (
    (field.type === 'number' || field.type === 'range' || field.type === 'nps') &&
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
    if (Object.hasOwn(values, field.id)) answers[field.id] = answerOf(field, values[field.id] ?? null);
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
  for (const field of fields)
    if (sent.has(field.id)) data[field.id] = answerOf(field, values[field.id] ?? null);
  return data;
}
