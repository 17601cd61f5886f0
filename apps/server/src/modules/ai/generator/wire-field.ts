import { slugifyValue } from './text-utils.ts';
import type { FieldDraft, GeneratedField, GeneratedOption } from './types.ts';

const PLACEHOLDERS: Partial<Record<FieldDraft['type'], string>> = {
  email: 'name@example.com',
  url: 'https://',
};

function toOptions(labels: string[]): GeneratedOption[] {
  const seen = new Set<string>();
  return labels.map((label, index) => {
    let value = slugifyValue(label, index);
    // Values must stay unique even when two labels fold to the same slug.
    while (seen.has(value)) value = `${value}_${index + 1}`;
    seen.add(value);
    return { label, value };
  });
}

/** The draft in the snake_case wire shape the API stores (type and field_type, required and is_required). */
export function toWireField(draft: FieldDraft): GeneratedField {
  const field: GeneratedField = {
    label: draft.label,
    type: draft.type,
    field_type: draft.type,
    required: draft.required,
    is_required: draft.required,
    validation_rules: { required: draft.required },
  };
  const placeholder = draft.placeholder ?? PLACEHOLDERS[draft.type];
  if (placeholder) field.placeholder = placeholder;
  if (draft.helpText) field.help_text = draft.helpText;
  if (draft.options && draft.options.length > 0) {
    field.options = toOptions(draft.options);
    field.validation_rules.options = field.options;
  }
  if (draft.min !== undefined) field.min = field.validation_rules.min = draft.min;
  if (draft.max !== undefined) field.max = field.validation_rules.max = draft.max;
  if (draft.step !== undefined) field.validation_rules.step = draft.step;
  return field;
}
