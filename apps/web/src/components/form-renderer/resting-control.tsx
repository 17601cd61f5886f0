import { ANSWERED_NAME, shownValueName } from '@formsmith/core/fill-page/state';
import { type FieldOf, rulesOf } from '@formsmith/core/forms/field';
import type { KeyboardEvent } from 'react';
import { cn } from '../../lib/cn.ts';
import { useChrome } from './chrome-context.ts';
import { type ControlAttributes, type FieldValue, restingValue } from './values.ts';

type RestingControlProps = {
  field: FieldOf<'range' | 'color'>;
  id: string;
  value: FieldValue;
  common: ControlAttributes;
  onChange: (value: FieldValue) => void;
};

// Keys that move a slider: pressed on its thumb, they answer with the value it shows, moved or not.
const SLIDER_KEYS = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Enter',
  ' ',
]);

/**
 * A slider or a colour picker: controls that always show a value. Until the respondent moves the
 * control, clicks or presses a key on the slider's thumb, or ticks the box beside it, the answer
 * is empty (the control shows its resting value, dimmed, and 'Not answered'); unticking the box
 * takes the answer back. Without JavaScript the box and the drawn position travel with the post
 * (see ANSWERED_NAME), so the server reads the same answer.
 */
export function RestingControl(props: RestingControlProps) {
  const { field, common } = props;
  const { t } = useChrome();
  const answered = typeof props.value === 'string' && props.value !== '';
  const shown = answered ? (props.value as string) : restingValue(field);
  const confirm = (current: string) => {
    if (!answered) props.onChange(current);
  };
  const boxId = `${props.id}-answered`;
  const dim = !answered && 'opacity-50';
  const ends = field.type === 'range' && (field.lowLabel || field.highLabel) ? field : undefined;
  const endsId = `${props.id}-ends`;
  const describedBy = [common['aria-describedby'], ends && endsId].filter(Boolean).join(' ') || undefined;

  const control =
    field.type === 'range' ? (
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <input
            {...common}
            aria-describedby={describedBy}
            type="range"
            className={cn('h-10 w-full accent-brand-600', dim)}
            min={rulesOf(field).min ?? 0}
            max={rulesOf(field).max ?? 100}
            step={rulesOf(field).step ?? 1}
            value={shown}
            onChange={(e) => props.onChange(e.target.value)}
            onPointerUp={(e) => confirm(e.currentTarget.value)}
            onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
              if (SLIDER_KEYS.has(e.key)) confirm(e.currentTarget.value);
            }}
          />
          {ends && (
            // Under the two ends of the track; the numbers they stand for are read, not shown.
            <p
              id={endsId}
              className="-mt-1.5 flex justify-between gap-4 text-xs text-slate-600 dark:text-slate-400"
            >
              <span>
                <span className="sr-only">{rulesOf(ends).min ?? 0}: </span>
                {ends.lowLabel}
              </span>
              <span className="text-end">
                <span className="sr-only">{rulesOf(ends).max ?? 100}: </span>
                {ends.highLabel}
              </span>
            </p>
          )}
        </div>
        <output
          htmlFor={props.id}
          className={cn(
            'flex h-10 shrink-0 items-center justify-end text-sm tabular-nums',
            answered ? 'min-w-10' : 'text-slate-600 dark:text-slate-400',
          )}
        >
          {answered ? shown : t('field.notAnswered')}
        </output>
      </div>
    ) : (
      <div className="flex items-center gap-3">
        <input
          {...common}
          type="color"
          className={cn(
            'h-10 w-20 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-900',
            dim,
          )}
          value={shown}
          onChange={(e) => props.onChange(e.target.value)}
        />
        {!answered && (
          <span className="text-sm text-slate-600 dark:text-slate-400">{t('field.notAnswered')}</span>
        )}
      </div>
    );

  return (
    <div className="space-y-1.5">
      {control}
      <div className="flex items-center gap-2">
        <input
          id={boxId}
          type="checkbox"
          name={ANSWERED_NAME}
          value={field.id}
          checked={answered}
          disabled={common.disabled}
          onChange={(e) => props.onChange(e.target.checked ? shown : '')}
          className="h-4 w-4 rounded border-slate-400 accent-brand-600 dark:border-slate-500"
        />
        <label htmlFor={boxId} className="text-sm text-slate-700 dark:text-slate-300">
          {t('field.answerThis')}
        </label>
      </div>
      <input type="hidden" name={shownValueName(field.id)} value={shown} />
    </div>
  );
}
