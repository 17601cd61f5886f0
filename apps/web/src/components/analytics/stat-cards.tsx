import type { FormAnalytics } from '@formsmith/core/analytics/api';
import {
  bouncePercent,
  completionPercent,
  formatCompactNumber,
  formatSeconds,
} from '@formsmith/core/analytics/format';

function Stat({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900 dark:text-white">{value}</dd>
      <dd className="mt-1 text-xs text-slate-600 dark:text-slate-400">{hint}</dd>
    </div>
  );
}

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

/** The four headline figures: totals compact, rates as capped percentages, time in seconds. */
export function StatCards({ analytics }: { analytics: FormAnalytics }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat
        label="Total submissions"
        value={formatCompactNumber(analytics.total_submissions)}
        hint={`${formatCompactNumber(analytics.total_views)} views`}
      />
      <Stat
        label="Completion rate"
        value={percent(completionPercent(analytics.total_submissions, analytics.total_views))}
        hint="Submissions per view"
      />
      <Stat
        label="Bounce rate"
        value={percent(bouncePercent(analytics.bounce_rate))}
        hint="Views without a submission"
      />
      <Stat
        label="Avg. completion time"
        value={formatSeconds(analytics.avg_completion_time)}
        hint="From opening to submitting"
      />
    </dl>
  );
}
