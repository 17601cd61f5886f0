import { DAY_MS } from '../time.ts';

/** Pure formatting of analytics figures for the dashboard. */

function oneDecimal(n: number): string {
  const rounded = Math.round(n * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/** 999 -> '999', 1000 -> '1K', 1540 -> '1.5K', 2_300_000 -> '2.3M' (K from 1,000, M from 1,000,000). */
export function formatCompactNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const sign = value < 0 ? '-' : '';
  const n = Math.abs(value);
  if (n >= 1_000_000) return `${sign}${oneDecimal(n / 1_000_000)}M`;
  // 999,950 rounds to 1000.0K: show it as 1M instead.
  if (n >= 1_000) return n / 1_000 >= 999.95 ? `${sign}1M` : `${sign}${oneDecimal(n / 1_000)}K`;
  return `${sign}${oneDecimal(n)}`;
}

/** A percentage for display: rounded, never below 0 nor above 100. */
export function capPercent(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.round(percent)));
}

/** Bounce rate (0 to 1) as a capped, rounded percentage; null stays null. */
export function bouncePercent(rate: number | null | undefined): number | null {
  return rate === null || rate === undefined ? null : capPercent(rate * 100);
}

/** Submissions per view as a capped, rounded percentage; null without views. */
export function completionPercent(submissions: number, views: number): number | null {
  return views > 0 ? capPercent((submissions / views) * 100) : null;
}

/** Seconds for display: one decimal at most ('12.5s'); null is shown as a dash. */
export function formatSeconds(seconds: number | null | undefined): string {
  return seconds === null || seconds === undefined || !Number.isFinite(seconds)
    ? '—'
    : `${oneDecimal(seconds)}s`;
}

export type DailyCount = { date: string; count: number };

/**
 * Groups consecutive days into weeks of 7 starting at the first day of the range (the 90-day
 * view). Each bucket is labelled with its first date and sums its days; the last may be short.
 */
export function groupWeekly(days: readonly DailyCount[]): DailyCount[] {
  const weeks: DailyCount[] = [];
  days.forEach((day, i) => {
    if (i % 7 === 0) weeks.push({ date: day.date, count: 0 });
    weeks[weeks.length - 1]!.count += day.count;
  });
  return weeks;
}

/** Share of a slice in a pie, 0 to 1; slices under 5% carry no label (they would overlap). */
export const PIE_LABEL_MIN_SHARE = 0.05;

export function shouldLabelSlice(count: number, total: number): boolean {
  return total > 0 && count / total >= PIE_LABEL_MIN_SHARE;
}

export const ANALYTICS_RANGES = ['7d', '30d', '90d', 'all'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = '30d';

const RANGE_DAYS: Record<Exclude<AnalyticsRange, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** The start_date (UTC 'YYYY-MM-DD') for a range ending today, inclusive; undefined for 'all'. */
export function rangeStartDate(range: AnalyticsRange, now: Date): string | undefined {
  if (range === 'all') return undefined;
  const start = new Date(now.getTime() - (RANGE_DAYS[range] - 1) * DAY_MS);
  return start.toISOString().slice(0, 10);
}
