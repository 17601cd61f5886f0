/** Wall-clock date-times in a named time zone (IANA, e.g. 'Europe/Berlin'), converted with Intl. */
import { DAY_MS } from '../time.ts';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Whether the runtime knows this IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in minutes (east positive). */
function offsetMinutes(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The instant of a wall-clock time ('2026-03-29T09:30') in a zone. A time skipped by a DST jump
 * is moved forward by the jump; a repeated one takes its first occurrence.
 */
export function zonedToInstant(local: string, zone: string): Date | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as number[];
  const naive = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  if (Number.isNaN(naive)) return null;
  // The offsets a day either side are the two that can be in force; keep the readings that give
  // this wall-clock time back, the earlier when both do.
  const before = offsetMinutes(naive - DAY_MS, zone);
  const after = offsetMinutes(naive + DAY_MS, zone);
  const candidates = [...new Set([before, after])]
    .map((offset) => naive - offset * 60_000)
    .filter((t) => instantToZoned(new Date(t), zone) === local);
  if (candidates.length === 0) return new Date(naive - before * 60_000);
  return new Date(Math.min(...candidates));
}

/** The wall-clock time ('YYYY-MM-DDTHH:mm') of an instant in a zone. */
export function instantToZoned(instant: Date, zone: string): string {
  const shifted = new Date(instant.getTime() + offsetMinutes(instant.getTime(), zone) * 60_000);
  return shifted.toISOString().slice(0, 16);
}
