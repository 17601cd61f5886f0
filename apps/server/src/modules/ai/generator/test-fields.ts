// Lookups the generator's tests share: a field by a fragment of its label, and its option labels.
import { type FormField, optionsOf } from '@formsmith/core/forms/field';

export function fieldLabelled(fields: FormField[], fragment: string): FormField {
  const field = fields.find((f) => f.label.toLowerCase().includes(fragment.toLowerCase()));
  if (!field)
    throw new Error(`no field labelled like '${fragment}' in ${fields.map((f) => f.label).join(', ')}`);
  return field;
}

export const optionLabels = (field: FormField) => optionsOf(field)?.map((o) => o.label);
