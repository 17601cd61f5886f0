import type { FormField } from '../forms/field.ts';

/**
 * The field as the respondent is asked it on their path: required when its own setting or a
 * logic rule's 'require' says so (the run's `required`). The public page shows and checks fields
 * through this, and the server validates a submit through it, so both refuse the same answers.
 */
export function askedField(field: FormField, required: ReadonlySet<string>): FormField {
  if (field.validation.required || !required.has(field.id)) return field;
  return { ...field, validation: { ...field.validation, required: true } } as FormField;
}
