import { type FormAnalytics, formAnalyticsSchema } from '@formsmith/core/analytics/api';
import { type AnalyticsRange, rangeStartDate } from '@formsmith/core/analytics/format';
import { DAY_MS } from '@formsmith/core/time';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/analytics/forms/:id?start_date=. */
export async function getFormAnalytics(formId: number, range: AnalyticsRange): Promise<FormAnalytics> {
  return apiRequest(`/analytics/forms/${formId}`, formAnalyticsSchema, {
    query: { start_date: rangeStartDate(range, new Date()) },
  });
}

export const analyticsKeys = {
  all: ['analytics'] as const,
  form: (formId: number, range: AnalyticsRange) => ['analytics', 'form', formId, range] as const,
};

export const formAnalyticsQueryOptions = (formId: number, range: AnalyticsRange) =>
  queryOptions({
    queryKey: analyticsKeys.form(formId, range),
    queryFn: () => getFormAnalytics(formId, range),
  });

export function useFormAnalytics(formId: number, range: AnalyticsRange) {
  return useQuery(formAnalyticsQueryOptions(formId, range));
}

/** The empty report shown before any data: a 30-day period ending today, zero submissions, no averages. */
export function emptyAnalytics(formId: number, now = new Date()): FormAnalytics {
  const days = Array.from({ length: 30 }, (_, i) => ({
    date: new Date(now.getTime() - (29 - i) * DAY_MS).toISOString().slice(0, 10),
    count: 0,
  }));
  return {
    formId,
    period_start: days[0]!.date,
    period_end: days[29]!.date,
    total_submissions: 0,
    total_views: 0,
    avg_completion_time: null,
    bounce_rate: null,
    metrics: { daily_submissions: days },
    field_analytics: [],
    funnel: { views: 0, started: 0, steps: [], completed: 0 },
    paths: { pages: [], endings: [] },
  };
}
