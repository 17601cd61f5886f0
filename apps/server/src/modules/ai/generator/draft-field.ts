import { fallbackOptions, isChoiceType, newFieldOptions } from '@formsmith/core/fields/options';
import { type FieldOption, type FormField, fieldSchema } from '@formsmith/core/forms/field';
import { slugifyValue } from './text-utils.ts';
import type { FieldDraft } from './types.ts';

const PLACEHOLDERS: Partial<Record<FieldDraft['type'], string>> = {
  email: 'name@example.com',
  url: 'https://',
};

function toOptions(labels: string[]): FieldOption[] {
  const seen = new Set<string>();
  return labels.map((label, index) => {
    let value = slugifyValue(label, index);
    // Values must stay unique even when two labels fold to the same slug.
    while (seen.has(value)) value = `${value}_${index + 1}`;
    seen.add(value);
    return { id: `option_${index + 1}`, label, value };
  });
}

/** The draft as a canonical field (`field_<n>` ids); properties its type does not carry are dropped. */
export function fieldFromDraft(draft: FieldDraft, index: number): FormField {
  const options = draft.options?.length ? toOptions(draft.options) : undefined;
  const placeholder = draft.placeholder || PLACEHOLDERS[draft.type];
  return fieldSchema.parse({
    id: `field_${index + 1}`,
    type: draft.type,
    label: draft.label,
    position: index,
    ...(placeholder ? { placeholder } : {}),
    ...(draft.helpText ? { helpText: draft.helpText } : {}),
    ...(draft.lowLabel ? { lowLabel: draft.lowLabel, highLabel: draft.highLabel } : {}),
    validation: Object.fromEntries(
      Object.entries({
        required: draft.required,
        min: draft.min,
        max: draft.max,
        step: draft.step,
        maxFiles: draft.maxFiles,
      }).filter(([, value]) => value !== undefined),
    ),
    options:
      options ??
      (isChoiceType(draft.type) || draft.type === 'ranking'
        ? fallbackOptions()
        : // Pictures nobody named: the three an added picture choice starts with in the editor.
          draft.type === 'picture_choice'
          ? newFieldOptions()
          : undefined),
    ...(draft.multiple ? { multiple: true } : {}),
    // A matrix's rows are the items listed; its columns the scale they are rated on.
    ...(draft.type === 'matrix'
      ? { rows: options ?? fallbackOptions(), columns: toOptions(draft.columns ?? ['Yes', 'No']) }
      : {}),
    ...(draft.stars !== undefined ? { stars: draft.stars } : {}),
    ...(draft.halfStars ? { halfStars: true } : {}),
  });
}
