import { isPicturePath } from '@formsmith/core/fields/picture-choice';
import type { FieldOf } from '@formsmith/core/forms/field';
import { ChoiceInput, choiceGroup } from './choice-group.tsx';
import type { ControlAttributes, FieldValue } from './values.ts';

type PictureChoiceControlProps = {
  field: FieldOf<'picture_choice'>;
  id: string;
  value: FieldValue;
  common: ControlAttributes;
  describedBy: string | undefined;
  invalid: boolean;
  onChange: (value: FieldValue) => void;
};

// Each card is a label around a real radio or checkbox: arrows move between radios, Space ticks a
// checkbox, and without JavaScript the inputs post as they are. The card is the whole target (far
// over 44 px); the focus ring is on the card, as the input inside it has the focus.
const CARD =
  'relative flex min-h-11 cursor-pointer flex-col overflow-hidden rounded-lg border-2 border-slate-300 bg-white text-sm text-slate-800 select-none hover:border-brand-500 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-500 has-focus-visible:ring-offset-2 has-disabled:cursor-not-allowed has-disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-950 dark:has-focus-visible:ring-offset-slate-900';

/** A picture choice: a grid of picture cards, one column on a phone, each a radio or a checkbox. */
export function PictureChoiceControl(props: PictureChoiceControlProps) {
  const { field } = props;
  const kind = field.multiple ? 'checkbox' : 'radio';
  const { toggle, groupAttrs, isChecked } = choiceGroup({
    kind,
    value: props.value,
    invalid: props.invalid,
    required: field.validation.required,
    onChange: props.onChange,
  });
  return (
    <div
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 md:grid-cols-3"
      aria-describedby={props.describedBy}
      {...groupAttrs}
    >
      {field.options.map((o, i) => {
        const optionId = `${props.id}-${i}`;
        const checked = isChecked(o.value);
        return (
          <label key={o.id} htmlFor={optionId} className={CARD} data-picture-option={o.value}>
            {isPicturePath(o.image) && (
              <img
                src={o.image}
                alt={o.alt ?? ''}
                loading="lazy"
                decoding="async"
                className="aspect-[4/3] w-full bg-slate-100 object-cover dark:bg-slate-800"
              />
            )}
            <span className="flex items-center gap-3 px-3 py-2">
              <ChoiceInput
                id={optionId}
                kind={kind}
                name={field.id}
                value={o.value}
                disabled={props.common.disabled}
                checked={checked}
                toggle={toggle}
              />
              <span className="min-w-0 [overflow-wrap:anywhere]">{o.label}</span>
            </span>
          </label>
        );
      })}
    </div>
  );
}
