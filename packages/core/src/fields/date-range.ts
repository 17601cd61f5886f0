// Date ranges: a start and an end date, both YYYY-MM-DD, the end not before the start. The answer
// is { start, end }; nothing is preselected, so an answer is only what a person typed. One date
// alone is refused on both sides, as is an end before the start. The owner may bound the dates
// (the earliest start, the latest end) and the range's length in days (from start to end: 1 to
// 4 May is 3 days).
import type { FieldOf } from '../forms/field.ts';
import { DATE_RANGE_PARTS } from './constants.ts';
import { isRecord, partText } from './read.ts';

export { DATE_RANGE_PARTS };

export type DateRangeField = FieldOf<'date_range'>;
export type DateRangePart = (typeof DATE_RANGE_PARTS)[number];
export type DateRangeAnswer = { start: string; end: string };

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day a YYYY-MM-DD text names, as days since 1970-01-01; undefined when it names none. */
export function dayNumber(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const match = ISO_DATE.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  // 2026-02-30 rolls over to March: no such day.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return time / DAY_MS;
}

export function isDateRangePart(part: unknown): part is DateRangePart {
  return typeof part === 'string' && (DATE_RANGE_PARTS as readonly string[]).includes(part);
}

/** The page's name for one date's input: `<id>[start]`, `<id>[end]`. */
export function dateRangePartName(fieldId: string, part: DateRangePart): string {
  return `${fieldId}[${part}]`;
}

/** The text of one date of an answer ('' when absent). */
export function dateRangePart(value: unknown, part: DateRangePart): string {
  return partText(value, part);
}

/**
 * The answer as stored: both dates trimmed, blank ones dropped ({} for none). What is not an
 * object of texts is returned as sent, for validation to refuse.
 */
export function storedDateRange(value: unknown): unknown {
  if (!isRecord(value) || !Object.values(value).every((v) => typeof v === 'string')) return value;
  const stored: Record<string, string> = {};
  for (const [part, text] of Object.entries(value as Record<string, string>)) {
    if (text.trim() !== '') stored[part] = text.trim();
  }
  return stored;
}

/** The days from start to end of an answer (1 to 4 May is 3), or undefined when either is no date. */
export function dateRangeDays(value: unknown): number | undefined {
  const start = dayNumber(dateRangePart(value, 'start'));
  const end = dayNumber(dateRangePart(value, 'end'));
  return start === undefined || end === undefined ? undefined : end - start;
}

export type DateRangeMessages = {
  date: string;
  dateRangeBoth: string;
  dateRangeOrder: string;
  dateFrom: (date: string) => string;
  dateUntil: (date: string) => string;
  rangeMinDays: (n: number) => string;
  rangeMaxDays: (n: number) => string;
};

/** Why a (non-empty) date range answer is refused, or null. */
export function checkDateRange(field: DateRangeField, value: unknown, m: DateRangeMessages): string | null {
  if (!isRecord(value)) return m.date;
  for (const [part, text] of Object.entries(value)) {
    if (!isDateRangePart(part) || typeof text !== 'string') return m.date;
  }
  const startText = dateRangePart(value, 'start');
  const endText = dateRangePart(value, 'end');
  if (startText === '' || endText === '') return m.dateRangeBoth;
  const start = dayNumber(startText);
  const end = dayNumber(endText);
  if (start === undefined || end === undefined) return m.date;
  if (end < start) return m.dateRangeOrder;
  const { minDate, maxDate, minDays, maxDays } = field.validation;
  const earliest = dayNumber(minDate);
  const latest = dayNumber(maxDate);
  if (minDate !== undefined && earliest !== undefined && start < earliest) return m.dateFrom(minDate);
  if (maxDate !== undefined && latest !== undefined && end > latest) return m.dateUntil(maxDate);
  if (minDays !== undefined && end - start < minDays) return m.rangeMinDays(minDays);
  if (maxDays !== undefined && end - start > maxDays) return m.rangeMaxDays(maxDays);
  return null;
}

/** The answer as one line (tables, mails, recall): '2026-05-01 → 2026-05-04'; one date alone as itself. */
export function dateRangeText(value: unknown): string {
  if (typeof value === 'string') return value;
  return [dateRangePart(value, 'start'), dateRangePart(value, 'end')].filter(Boolean).join(' → ');
}

/** The dates' names in the export's columns and the owner's pages (the owner's UI is English). */
export const DATE_RANGE_PART_NAMES: Readonly<Record<DateRangePart, string>> = {
  start: 'Start',
  end: 'End',
};

/** The most characters a date takes: 'YYYY-MM-DD'. Longer parts are refused before they are read. */
export const DATE_RANGE_PART_MAX_LENGTH = 10;

/** More parts than two, or a part longer than a date: checked first, as every answer's length is. */
export function checkDateRangeLengths(value: object, m: { pattern: string }): string | null {
  const entries = Object.entries(value);
  if (entries.length > DATE_RANGE_PARTS.length) return m.pattern;
  const long = entries.some(
    ([, text]) => typeof text === 'string' && text.trim().length > DATE_RANGE_PART_MAX_LENGTH,
  );
  return long ? m.pattern : null;
}

/** A date range posted without JavaScript: each date's input under its own name. */
export function postedDateRange(
  fieldId: string,
  posted: (name: string) => string | undefined,
): Record<string, string> {
  const answer: Record<string, string> = {};
  for (const part of DATE_RANGE_PARTS) {
    const text = (posted(dateRangePartName(fieldId, part)) ?? '').trim();
    if (text !== '') answer[part] = text;
  }
  return answer;
}

/** The month a range starts in ('2026-05'), which analytics count; undefined for no whole answer. */
export function dateRangeStartMonth(value: unknown): string | undefined {
  const start = dateRangePart(value, 'start');
  return dayNumber(start) !== undefined && dayNumber(dateRangePart(value, 'end')) !== undefined
    ? start.slice(0, 7)
    : undefined;
}
