import { answerChoices } from '@formsmith/core/fields/options';
import type { FieldOf } from '@formsmith/core/forms/field';
import { useChrome } from './chrome-context.ts';
import type { ControlAttributes, FieldValue } from './values.ts';

type ScaleControlProps = {
  field: FieldOf<'nps' | 'yes_no'>;
  id: string;
  value: FieldValue;
  common: ControlAttributes;
  describedBy: string | undefined;
  invalid: boolean;
  onChange: (value: FieldValue) => void;
};

/**
 * A row of buttons of which one is picked: NPS 0 to 10, or Yes and No. They are radio buttons
 * (a radiogroup: Tab enters it, arrow keys move and pick), drawn as buttons.
 */
export function ScaleControl(props: ScaleControlProps) {
  const { field } = props;
  const { t } = useChrome();
  const words: Record<string, string> = { yes: t('field.yes'), no: t('field.no') };
  // Yes and No are the page's words; the stored answer stays 'yes' or 'no' in every language.
  const choices = (answerChoices(field) ?? []).map((c) =>
    field.type === 'yes_no' ? { ...c, label: words[c.value] ?? c.label } : c,
  );
  const nps = field.type === 'nps';
  return (
    <div
      role="radiogroup"
      aria-describedby={props.describedBy}
      aria-invalid={props.invalid || undefined}
      aria-required={field.validation.required || undefined}
      className={nps ? 'space-y-1.5' : 'max-w-xs'}
    >
      <div className={nps ? 'grid grid-cols-11 gap-1' : 'grid grid-cols-2 gap-2'}>
        {choices.map((choice, i) => (
          <label key={choice.value} className="relative block">
            <input
              id={`${props.id}-${i}`}
              type="radio"
              name={field.id}
              value={choice.value}
              disabled={props.common.disabled}
              checked={String(props.value ?? '') === choice.value}
              onChange={() => props.onChange(choice.value)}
              className="peer sr-only"
            />
            <span className="fs-choice flex h-11 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white text-sm font-medium text-slate-800 tabular-nums select-none peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 hover:border-brand-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:peer-checked:border-brand-500 dark:peer-checked:bg-brand-600 dark:peer-focus-visible:ring-offset-slate-900">
              {choice.label}
            </span>
          </label>
        ))}
      </div>
      {nps && (field.lowLabel || field.highLabel) && (
        <div className="flex justify-between gap-4 text-xs text-slate-600 dark:text-slate-400">
          <span>{field.lowLabel ? t('field.scaleLow', { label: field.lowLabel }) : ''}</span>
          <span className="text-end">
            {field.highLabel ? t('field.scaleHigh', { label: field.highLabel }) : ''}
          </span>
        </div>
      )}
    </div>
  );
}
