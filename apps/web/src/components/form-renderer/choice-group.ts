import type { FieldValue } from './values.ts';

/**
 * What a group of choices (the plain rows and the picture cards) shares: ticking one option
 * answers a radio group with its value and adds it to, or takes it from, a checkbox group's list;
 * a radiogroup carries its own invalid and required state, checkboxes say it on each box.
 */
export function choiceGroup(input: {
  kind: 'radio' | 'checkbox';
  value: FieldValue;
  invalid: boolean;
  required: boolean;
  onChange: (value: FieldValue) => void;
}) {
  const selected = Array.isArray(input.value) ? input.value : [];
  const toggle = (value: string, checked: boolean) => {
    if (input.kind === 'radio') return input.onChange(value);
    input.onChange(
      checked ? [...selected.filter((v) => v !== value), value] : selected.filter((v) => v !== value),
    );
  };
  const groupAttrs =
    input.kind === 'radio'
      ? {
          role: 'radiogroup',
          'aria-invalid': input.invalid || undefined,
          'aria-required': input.required || undefined,
        }
      : { role: 'group' };
  const isChecked = (value: string) =>
    input.kind === 'radio' ? input.value === value : selected.includes(value);
  return { toggle, groupAttrs, isChecked };
}
