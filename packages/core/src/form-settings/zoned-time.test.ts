import { describe, expect, it } from 'vitest';
import { instantToZoned, isTimeZone, zonedToInstant } from './zoned-time.ts';

describe('zoned wall-clock times', () => {
  it('converts a wall-clock time in a zone to its instant and back', () => {
    expect(zonedToInstant('2026-07-01T09:00', 'Europe/Berlin')?.toISOString()).toBe(
      '2026-07-01T07:00:00.000Z',
    );
    expect(zonedToInstant('2026-01-15T09:00', 'Europe/Berlin')?.toISOString()).toBe(
      '2026-01-15T08:00:00.000Z',
    );
    expect(zonedToInstant('2026-01-15T09:00', 'America/New_York')?.toISOString()).toBe(
      '2026-01-15T14:00:00.000Z',
    );
    expect(zonedToInstant('2026-01-15T09:00', 'UTC')?.toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(instantToZoned(new Date('2026-07-01T07:00:00Z'), 'Europe/Berlin')).toBe('2026-07-01T09:00');
    expect(instantToZoned(new Date('2026-01-15T14:00:00Z'), 'America/New_York')).toBe('2026-01-15T09:00');
  });

  it('handles the days clocks change', () => {
    // 02:30 does not exist in Berlin on 29 March 2026: it falls in the jump.
    const skipped = zonedToInstant('2026-03-29T02:30', 'Europe/Berlin')!;
    expect(skipped.toISOString()).toBe('2026-03-29T01:30:00.000Z'); // 03:30 summer time
    // 02:30 happens twice on 25 October 2026: the first (summer time) is taken.
    expect(zonedToInstant('2026-10-25T02:30', 'Europe/Berlin')?.toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('refuses what is not a wall-clock time or a zone', () => {
    expect(zonedToInstant('tomorrow', 'UTC')).toBeNull();
    expect(zonedToInstant('2026-01-15 09:00', 'UTC')).toBeNull();
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
