import { type FieldPatch, type FieldType, type FormField, fieldSchema } from '../forms/field.ts';
import { isChoiceType } from './options.ts';

/** A minimal valid field for tests; properties its type does not carry are dropped. */
export function makeField(
  type: FieldType,
  overrides: FieldPatch & { id?: string; position?: number } = {},
): FormField {
  return fieldSchema.parse({
    id: `f_${type}`,
    label: type,
    position: 0,
    ...(isChoiceType(type) ? { options: [] } : {}),
    ...overrides,
    type,
    validation: { required: false, ...overrides.validation },
  });
}
