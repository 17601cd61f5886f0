import { ANALYTICS_RANGES, type AnalyticsRange } from '@formsmith/core/analytics/format';
import { cn } from '../../lib/cn.ts';

const RANGE_LABELS: Record<AnalyticsRange, { short: string; long: string }> = {
  '7d': { short: '7d', long: 'Last 7 days' },
  '30d': { short: '30d', long: 'Last 30 days' },
  '90d': { short: '90d', long: 'Last 90 days' },
  all: { short: 'All', long: 'All time' },
};

/** The time range switch (7d, 30d, 90d, all): a group of toggle buttons. */
export function RangePicker({
  value,
  onChange,
}: {
  value: AnalyticsRange;
  onChange: (range: AnalyticsRange) => void;
}) {
  return (
    <fieldset className="inline-flex rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
      <legend className="sr-only">Time range</legend>
      {ANALYTICS_RANGES.map((range) => (
        <button
          key={range}
          type="button"
          aria-pressed={value === range}
          aria-label={RANGE_LABELS[range].long}
          title={RANGE_LABELS[range].long}
          onClick={() => onChange(range)}
          className={cn(
            'h-8 min-w-11 rounded-md px-3 text-sm font-medium',
            value === range
              ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
              : 'text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
          )}
        >
          {RANGE_LABELS[range].short}
        </button>
      ))}
    </fieldset>
  );
}
