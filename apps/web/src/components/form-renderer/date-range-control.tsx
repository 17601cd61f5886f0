import { DATE_RANGE_PARTS, type DateRangePart, dateRangePartName } from '@formsmith/core/fields/date-range';
import { isRecord } from '@formsmith/core/fields/read';
import type { FieldOf } from '@formsmith/core/forms/field';
import { controlClasses } from '../ui/input.tsx';
import { useChrome } from './chrome-context.ts';
import type { ControlAttributes, FieldValue } from './values.ts';

type DateRangeControlProps = {
  field: FieldOf<'date_range'>;
  value: FieldValue;
  common: ControlAttributes;
  onChange: (value: FieldValue) => void;
};

/**
 * A start and an end date: two native date inputs side by side (one above the other on a phone),
 * each posted under a name of its own (`id[start]`, `id[end]`), so the page without JavaScript
 * reads them the same way. Nothing is preselected; the end's picker starts from the start picked.
 */
export function DateRangeControl(props: DateRangeControlProps) {
  const { t } = useChrome();
  const { field, common } = props;
  const { minDate, maxDate } = field.validation;
  const dates: Partial<Record<DateRangePart, string>> = {};
  for (const part of DATE_RANGE_PARTS) {
    const text = isRecord(props.value) ? (props.value as Record<string, unknown>)[part] : undefined;
    if (typeof text === 'string') dates[part] = text;
  }
  const labels: Record<DateRangePart, string> = {
    start: field.startLabel || t('field.dateRangeStart'),
    end: field.endLabel || t('field.dateRangeEnd'),
  };
  const bounds: Record<DateRangePart, { min?: string; max?: string }> = {
    start: { min: minDate, max: maxDate },
    end: { min: dates.start || minDate, max: maxDate },
  };
  return (
    <div className="grid gap-3 sm:grid-cols-2" aria-describedby={common['aria-describedby']}>
      {DATE_RANGE_PARTS.map((part, i) => {
        const inputId = `${common.id}-${i}`;
        return (
          <div key={part} className="min-w-0 space-y-1">
            <label htmlFor={inputId} className="block text-sm text-slate-700 dark:text-slate-300">
              {labels[part]}
            </label>
            <input
              id={inputId}
              name={dateRangePartName(field.id, part)}
              type="date"
              disabled={common.disabled}
              aria-invalid={common['aria-invalid']}
              aria-describedby={common['aria-describedby']}
              required={common['aria-required']}
              className={`${controlClasses} h-10 w-full`}
              min={bounds[part].min}
              max={bounds[part].max}
              value={dates[part] ?? ''}
              onChange={(e) => props.onChange({ ...dates, [part]: e.target.value })}
            />
          </div>
        );
      })}
    </div>
  );
}
