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

/**
 * A chart label in lines of at most `width` characters, broken between words where it can, at most
 * `maxLines` of them: the last ends in '…' when the label is longer (the full text then goes in a
 * title and the chart's text alternative).
 */
export function wrapLabel(label: string, width = 16, maxLines = 2): string[] {
  const words = label.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    // A word longer than a line is cut into pieces of a line each.
    for (let piece = word; piece.length > 0; piece = piece.slice(width)) {
      const part = piece.slice(0, width);
      if (line === '') line = part;
      else if (line.length + 1 + part.length <= width) line = `${line} ${part}`;
      else {
        lines.push(line);
        line = part;
      }
    }
  }
  if (line !== '') lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1]!;
  kept[maxLines - 1] = `${last.length >= width ? last.slice(0, width - 1) : last}…`;
  return kept;
}
