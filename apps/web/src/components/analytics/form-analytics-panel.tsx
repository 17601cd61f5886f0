import type { AnalyticsRange } from '@formsmith/core/analytics/format';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { Alert, Spinner } from '../ui/feedback.tsx';
import { AnalyticsReport } from './analytics-report.tsx';
import { emptyAnalytics, useFormAnalytics } from './api/get-form-analytics.ts';
import { RangePicker } from './range-picker.tsx';

export const NO_ANALYTICS_MESSAGE = 'No analytics data available for this form yet.';
export const ANALYTICS_FAILED_MESSAGE = 'Unable to load analytics. Please try again later.';

export type FormAnalyticsPanelProps = {
  formId: number;
  range: AnalyticsRange;
  onRangeChange: (range: AnalyticsRange) => void;
  /** Shown under the range picker, above the report: figures of the same range computed elsewhere. */
  children?: ReactNode;
};

/**
 * The Analytics tab of the submissions page (render it lazily, only when the tab is opened).
 * No data yet (or a 404): the no-data message over a zeroed report; any other failure: the error text.
 */
export function FormAnalyticsPanel({ formId, range, onRangeChange, children }: FormAnalyticsPanelProps) {
  const query = useFormAnalytics(formId, range);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const header = (
    <>
      <div className="flex justify-end">
        <RangePicker value={range} onChange={onRangeChange} />
      </div>
      {children}
    </>
  );
  if (query.isPending) {
    return (
      <div className="space-y-4">
        {header}
        <div className="flex justify-center py-12">
          <Spinner label="Loading analytics" />
        </div>
      </div>
    );
  }
  if (query.isError && !notFound) {
    return (
      <div className="space-y-4">
        {header}
        <Alert tone="error">{ANALYTICS_FAILED_MESSAGE}</Alert>
      </div>
    );
  }
  const analytics = query.data ?? emptyAnalytics(formId);
  const empty =
    analytics.total_submissions === 0 && analytics.total_views === 0 && analytics.funnel.started === 0;
  return (
    <div className="space-y-4">
      {header}
      {empty && <Alert tone="info">{NO_ANALYTICS_MESSAGE}</Alert>}
      <AnalyticsReport analytics={analytics} weekly={range === '90d'} />
    </div>
  );
}
