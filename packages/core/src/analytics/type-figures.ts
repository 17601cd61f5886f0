// The per-type figures of the analytics report beyond answer counts: a number's summary and
// histogram, a Net Promoter Score, a yes/no split, a timeline of answered dates, file counts. Each
// is computed from the count of each answer label (what answerLabels names), which the server
// keeps per day (answer_daily_counts) and the owner's browser counts itself for an encrypted
// form: both sides show the same figures from the same labels.
import { numericAnswer } from '../fields/answers.ts';
import { YES_NO_VALUES } from '../fields/constants.ts';
import { dayNumber } from '../fields/date-range.ts';
import type { FormField } from '../forms/field.ts';
import { DAY_MS } from '../time.ts';

/** Types whose answers are numbers: summarised (count, mean, median, min, max) and binned. */
const NUMBER_TYPES = new Set(['number', 'range', 'nps', 'calculated']);

/** Types whose answers are free text: counted, sampled and searched (never the password). */
const TEXT_TYPES = new Set(['text', 'textarea', 'email', 'url', 'phone', 'hidden', 'color']);

/** Whether the field's answers are free text the owner can sample and search on the analytics page. */
export function hasTextAnswers(type: string): boolean {
  return TEXT_TYPES.has(type);
}

/** Whether the field's answers are numbers (figures: summary and histogram). */
export function isNumberType(type: string): boolean {
  return NUMBER_TYPES.has(type);
}

/**
 * A single checkbox (an 'I agree' tick) answers true or false, counted Yes or No: a checkbox
 * question whose counts hold Yes or No that are not among its options.
 */
function isBooleanCheckbox(field: FormField, counts: ReadonlyMap<string, number>): boolean {
  if (field.type !== 'checkbox') return false;
  const values = new Set((field.options ?? []).map((o) => o.value));
  return ['Yes', 'No'].some((v) => !values.has(v) && (counts.get(v) ?? 0) > 0);
}

function filesIn(value: unknown): number {
  const isFile = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (Array.isArray(value)) return value.filter(isFile).length;
  return isFile(value) ? 1 : 0;
}

const HOUR = /^(\d{1,2}):\d{2}/;

/**
 * The labels one answer of a number, yes/no, date, time or file question counts (undefined for
 * other types): a number as its value ('36'), yes/no as stored ('yes'), a date its day
 * ('2026-05-01'), a time its hour ('09:00'), a file answer how many files it holds ('2').
 */
export function answerLabels(field: FormField, value: unknown): string[] | undefined {
  switch (field.type) {
    case 'number':
    case 'range':
    case 'nps':
    case 'calculated': {
      const n = numericAnswer(value);
      return n === undefined ? [] : [String(n)];
    }
    case 'yes_no':
      return (YES_NO_VALUES as readonly unknown[]).includes(value) ? [value as string] : [];
    case 'date': {
      const day = dayNumber(value);
      return day === undefined ? [] : [String(value).trim()];
    }
    case 'time': {
      const match = typeof value === 'string' ? HOUR.exec(value.trim()) : null;
      const hour = match ? Number(match[1]) : Number.NaN;
      return hour >= 0 && hour < 24 ? [`${String(hour).padStart(2, '0')}:00`] : [];
    }
    case 'file': {
      const n = filesIn(value);
      return n > 0 ? [String(n)] : [];
    }
    default:
      return undefined;
  }
}

export type NumberSummary = {
  count: number;
  mean: number | null;
  median: number | null;
  min: number | null;
  max: number | null;
};
/** A bin holds the values from `from` (inclusive) to `to` (exclusive; the last bin includes it). */
export type HistogramBin = { from: number; to: number; count: number };
export type NpsFigures = { promoters: number; passives: number; detractors: number; score: number | null };
export type TimelineUnit = 'day' | 'week' | 'month' | 'year';
export type Timeline = { unit: TimelineUnit; buckets: { start: string; count: number }[] };

const round2 = (n: number) => Math.round(n * 100) / 100;
/** Bin edges are multiples of a decimal step: rounded so 0.1 * 3 reads 0.3. */
const tidy = (n: number) => Number(n.toPrecision(12));

/** Value and count pairs, ascending; labels that are not numbers are left out. */
function numberCounts(counts: ReadonlyMap<string, number>): [number, number][] {
  const pairs: [number, number][] = [];
  for (const [label, count] of counts) {
    const n = Number(label);
    if (label.trim() !== '' && Number.isFinite(n) && count > 0) pairs.push([n, count]);
  }
  return pairs.sort((a, b) => a[0] - b[0]);
}

/** Count, mean, median (the middle value, or the mean of the two middle ones), min and max. */
export function numberSummary(counts: ReadonlyMap<string, number>): NumberSummary {
  const pairs = numberCounts(counts);
  const count = pairs.reduce((t, [, n]) => t + n, 0);
  if (count === 0) return { count: 0, mean: null, median: null, min: null, max: null };
  const sum = pairs.reduce((t, [v, n]) => t + v * n, 0);
  const at = (index: number) => {
    let seen = 0;
    for (const [v, n] of pairs) {
      seen += n;
      if (index < seen) return v;
    }
    return pairs[pairs.length - 1]![0];
  };
  const median = count % 2 === 1 ? at((count - 1) / 2) : (at(count / 2 - 1) + at(count / 2)) / 2;
  return {
    count,
    mean: round2(sum / count),
    median: round2(median),
    min: pairs[0]![0],
    max: pairs[pairs.length - 1]![0],
  };
}

/** At most this many bins: a chart a phone still shows whole. */
export const MAX_BINS = 12;

/**
 * Bins over the answered values: one per whole number when they are whole numbers spanning at
 * most MAX_BINS (a 0 to 10 scale, a slider), else about ten of a round width (1, 2 or 5 times a
 * power of ten) starting at a multiple of it. Empty without answers.
 */
export function histogram(counts: ReadonlyMap<string, number>): HistogramBin[] {
  const pairs = numberCounts(counts);
  if (pairs.length === 0) return [];
  const min = pairs[0]![0];
  const max = pairs[pairs.length - 1]![0];
  if (min === max) return [{ from: min, to: tidy(min + 1), count: pairs[0]![1] }];
  let width: number;
  if (pairs.every(([v]) => Number.isInteger(v)) && max - min < MAX_BINS) width = 1;
  else {
    const raw = (max - min) / 10;
    const magnitude = 10 ** Math.floor(Math.log10(raw));
    width = [1, 2, 5, 10].map((m) => m * magnitude).find((w) => w >= raw) ?? 10 * magnitude;
  }
  const start = tidy(Math.floor(min / width) * width);
  const n = Math.min(MAX_BINS, Math.floor(tidy((max - start) / width)) + 1);
  const bins = Array.from({ length: n }, (_, i) => ({
    from: tidy(start + i * width),
    to: tidy(start + (i + 1) * width),
    count: 0,
  }));
  for (const [v, count] of pairs) {
    const i = Math.max(0, Math.min(n - 1, Math.floor(tidy((v - start) / width))));
    bins[i]!.count += count;
  }
  return bins;
}

/** Promoters answer 9 or 10, passives 7 or 8, detractors 0 to 6; the score is % promoters − % detractors. */
export function npsFigures(counts: ReadonlyMap<string, number>): NpsFigures {
  let promoters = 0;
  let passives = 0;
  let detractors = 0;
  for (const [v, n] of numberCounts(counts)) {
    if (v >= 9 && v <= 10) promoters += n;
    else if (v >= 7 && v < 9) passives += n;
    else if (v >= 0 && v < 7) detractors += n;
  }
  const total = promoters + passives + detractors;
  return {
    promoters,
    passives,
    detractors,
    score: total > 0 ? Math.round(((promoters - detractors) / total) * 100) : null,
  };
}

/** At most this many buckets are filled in between the first and the last date (else only dates answered). */
const MAX_TIMELINE_BUCKETS = 200;

const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The first day of the unit holding `day` (days since 1970-01-01; weeks start on Monday). */
function bucketStart(day: number, unit: TimelineUnit): number {
  const date = new Date(day * DAY_MS);
  switch (unit) {
    case 'day':
      return day;
    case 'week':
      // 1970-01-01 was a Thursday: Monday is three days before.
      return day - ((((day + 3) % 7) + 7) % 7);
    case 'month':
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS;
    case 'year':
      return Date.UTC(date.getUTCFullYear(), 0, 1) / DAY_MS;
  }
}

function nextBucket(start: number, unit: TimelineUnit): number {
  const date = new Date(start * DAY_MS);
  switch (unit) {
    case 'day':
      return start + 1;
    case 'week':
      return start + 7;
    case 'month':
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY_MS;
    case 'year':
      return Date.UTC(date.getUTCFullYear() + 1, 0, 1) / DAY_MS;
  }
}

/**
 * How many answers fall on each day, week, month or year of the answered dates: by day when they
 * span a month at most, by week up to half a year, by month up to ten years, else by year. Every
 * bucket between the first and the last is listed (zeros too), unless there would be more than 200.
 */
export function dateTimeline(counts: ReadonlyMap<string, number>): Timeline {
  const days: [number, number][] = [];
  for (const [label, count] of counts) {
    const day = dayNumber(label);
    if (day !== undefined && count > 0) days.push([day, count]);
  }
  days.sort((a, b) => a[0] - b[0]);
  if (days.length === 0) return { unit: 'day', buckets: [] };
  const span = days[days.length - 1]![0] - days[0]![0];
  const unit: TimelineUnit = span <= 31 ? 'day' : span <= 183 ? 'week' : span <= 3660 ? 'month' : 'year';
  const byStart = new Map<number, number>();
  for (const [day, count] of days) {
    const start = bucketStart(day, unit);
    byStart.set(start, (byStart.get(start) ?? 0) + count);
  }
  const first = bucketStart(days[0]![0], unit);
  const last = bucketStart(days[days.length - 1]![0], unit);
  const starts: number[] = [];
  for (let s = first; s <= last && starts.length <= MAX_TIMELINE_BUCKETS; s = nextBucket(s, unit))
    starts.push(s);
  const filled = starts.length <= MAX_TIMELINE_BUCKETS ? starts : [...byStart.keys()].sort((a, b) => a - b);
  return { unit, buckets: filled.map((s) => ({ start: dayText(s), count: byStart.get(s) ?? 0 })) };
}

/** The extra figures of a field, from the count of each of its answer labels. */
export type TypeFigures = {
  summary?: NumberSummary;
  histogram?: HistogramBin[];
  nps?: NpsFigures;
  split?: { yes: number; no: number };
  timeline?: Timeline;
  files?: { submissions: number; files: number };
};

/**
 * What a field's answers show beyond their counts, by type: numbers a summary and a histogram
 * (NPS its score too), yes/no questions and single checkboxes a split, dates a timeline, files how
 * many submissions sent files and how many. Nothing for other types.
 */
export function typeFiguresOf(field: FormField, counts: ReadonlyMap<string, number>): TypeFigures {
  if (NUMBER_TYPES.has(field.type)) {
    const figures: TypeFigures = { summary: numberSummary(counts), histogram: histogram(counts) };
    if (field.type === 'nps') figures.nps = npsFigures(counts);
    return figures;
  }
  if (field.type === 'yes_no' || isBooleanCheckbox(field, counts)) {
    const [yes, no] = field.type === 'yes_no' ? YES_NO_VALUES : (['Yes', 'No'] as const);
    return { split: { yes: counts.get(yes) ?? 0, no: counts.get(no) ?? 0 } };
  }
  if (field.type === 'date') return { timeline: dateTimeline(counts) };
  if (field.type === 'file') {
    let submissions = 0;
    let files = 0;
    for (const [label, n] of counts) {
      const k = Number(label);
      if (Number.isInteger(k) && k > 0) {
        submissions += n;
        files += k * n;
      }
    }
    return { files: { submissions, files } };
  }
  return {};
}

/** Whether the labels of this type stand in for the answer distribution (a date's days, a file's counts). */
export function replacesDistribution(type: string): boolean {
  return type === 'date' || type === 'file';
}
