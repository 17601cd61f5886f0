import type { FieldType, FormField } from './types.ts';

/** A minimal valid field for tests. */
export function makeField(type: FieldType, overrides: Partial<FormField> = {}): FormField {
  return { id: overrides.id ?? `f_${type}`, type, label: type, validation: {}, position: 0, ...overrides };
}
