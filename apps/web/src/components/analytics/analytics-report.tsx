import type { FormAnalytics } from '@formsmith/core/analytics/api';
import { AnswerDistribution } from './answer-distribution.tsx';
import { longDate } from './chart-palette.ts';
import { DailySubmissionsChart } from './daily-submissions-chart.tsx';
import { FieldAnalyticsChart } from './field-analytics-chart.tsx';
import { FunnelTable } from './funnel-table.tsx';
import { PathsTable } from './paths-table.tsx';
import { StatCards } from './stat-cards.tsx';

/** Everything the analytics object holds, drawn: totals, daily chart, fields, answers. */
export function AnalyticsReport({ analytics, weekly }: { analytics: FormAnalytics; weekly: boolean }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {longDate(analytics.period_start)} – {longDate(analytics.period_end)} (UTC)
      </p>
      <StatCards analytics={analytics} />
      <DailySubmissionsChart days={analytics.metrics.daily_submissions} weekly={weekly} />
      <FunnelTable funnel={analytics.funnel} formId={analytics.formId} />
      <PathsTable paths={analytics.paths} total={analytics.total_submissions} />
      <FieldAnalyticsChart fields={analytics.field_analytics} />
      <AnswerDistribution
        fields={analytics.field_analytics}
        text={{ kind: 'server', formId: analytics.formId, startDate: analytics.period_start }}
      />
    </div>
  );
}
