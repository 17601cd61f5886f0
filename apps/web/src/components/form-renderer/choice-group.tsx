import { type FieldValue, textList } from './values.ts';

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
  const selected = textList(input.value);
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

const CHOICE_BOX =
  'h-5 w-5 shrink-0 border-slate-400 accent-brand-600 focus-visible:outline-none dark:border-slate-500';

/** One option's own radio or checkbox, as a plain row and a picture card both draw it. */
export function ChoiceInput(props: {
  id: string;
  kind: 'radio' | 'checkbox';
  name: string;
  value: string;
  disabled: boolean | undefined;
  checked: boolean;
  toggle: (value: string, checked: boolean) => void;
}) {
  return (
    <input
      id={props.id}
      type={props.kind}
      name={props.name}
      value={props.value}
      disabled={props.disabled}
      checked={props.checked}
      onChange={(e) => props.toggle(props.value, e.target.checked)}
      className={CHOICE_BOX}
    />
  );
}
