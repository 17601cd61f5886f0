import { DAY_MS } from '@formsmith/core/time';
/**
 * Analytics days are UTC calendar dates ('YYYY-MM-DD'): a submission at 23:59 UTC and one at
 * 00:01 UTC the next day fall in two buckets whatever the server's or the owner's time zone.
 */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses 'YYYY-MM-DD' into midnight UTC; null when it is not a real calendar date. */
export function parseDay(value: string): Date | null {
  const match = DAY_PATTERN.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return utcDay(date) === value ? date : null;
}

export function addDays(day: string, n: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
}

/** Every day from start to end inclusive (empty when start is after end). */
export function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}
