import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bouncePercent,
  capPercent,
  completionPercent,
  formatCompactNumber,
  formatSeconds,
  groupWeekly,
  rangeStartDate,
  shouldLabelSlice,
  wrapLabel,
} from './format.ts';

describe('formatCompactNumber', () => {
  it('shows numbers under 1,000 as they are', () => {
    expect(formatCompactNumber(0)).toBe('0');
    expect(formatCompactNumber(999)).toBe('999');
  });
  it('uses K from 1,000 and M from 1,000,000 with one decimal', () => {
    expect(formatCompactNumber(1000)).toBe('1K');
    expect(formatCompactNumber(1540)).toBe('1.5K');
    expect(formatCompactNumber(12_345)).toBe('12.3K');
    expect(formatCompactNumber(999_949)).toBe('999.9K');
    expect(formatCompactNumber(999_999)).toBe('1M');
    expect(formatCompactNumber(1_000_000)).toBe('1M');
    expect(formatCompactNumber(2_350_000)).toBe('2.4M');
  });
  it('never shows more than one decimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (n) => {
        expect(formatCompactNumber(n)).toMatch(/^\d+(\.\d)?[KM]?$/);
      }),
    );
  });
});

describe('percentages', () => {
  it('rounds and caps at 100 and 0', () => {
    expect(capPercent(33.4)).toBe(33);
    expect(capPercent(66.5)).toBe(67);
    expect(capPercent(150)).toBe(100);
    expect(capPercent(-3)).toBe(0);
    expect(capPercent(Number.NaN)).toBe(0);
  });
  it('turns a 0-to-1 bounce rate into a rounded percentage', () => {
    expect(bouncePercent(0.756)).toBe(76);
    expect(bouncePercent(1.2)).toBe(100);
    expect(bouncePercent(null)).toBeNull();
  });
  it('computes completion as submissions per view, capped', () => {
    expect(completionPercent(1, 3)).toBe(33);
    expect(completionPercent(5, 2)).toBe(100);
    expect(completionPercent(1, 0)).toBeNull();
  });
});

describe('formatSeconds', () => {
  it('shows seconds with one decimal at most and a dash for no data', () => {
    expect(formatSeconds(45)).toBe('45s');
    expect(formatSeconds(12.34)).toBe('12.3s');
    expect(formatSeconds(null)).toBe('—');
  });
});

describe('groupWeekly', () => {
  it('sums consecutive runs of seven days labelled by their first day', () => {
    const days = Array.from({ length: 9 }, (_, i) => ({ date: `2024-01-0${i + 1}`, count: i + 1 }));
    expect(groupWeekly(days)).toEqual([
      { date: '2024-01-01', count: 28 },
      { date: '2024-01-08', count: 17 },
    ]);
  });
  it('keeps the total and gives ceil(n / 7) buckets', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000), { maxLength: 120 }), (counts) => {
        const weeks = groupWeekly(counts.map((count, i) => ({ date: String(i), count })));
        expect(weeks).toHaveLength(Math.ceil(counts.length / 7));
        expect(weeks.reduce((t, w) => t + w.count, 0)).toBe(counts.reduce((t, c) => t + c, 0));
      }),
    );
  });
});

describe('pie labels', () => {
  it('labels slices of 5% and more only', () => {
    expect(shouldLabelSlice(5, 100)).toBe(true);
    expect(shouldLabelSlice(4, 100)).toBe(false);
    expect(shouldLabelSlice(0, 0)).toBe(false);
  });
});

describe('rangeStartDate', () => {
  it('starts N-1 UTC days before today so the range holds N days, and all has no start', () => {
    const now = new Date('2024-03-31T23:30:00Z');
    expect(rangeStartDate('7d', now)).toBe('2024-03-25');
    expect(rangeStartDate('30d', now)).toBe('2024-03-02');
    expect(rangeStartDate('90d', now)).toBe('2024-01-02');
    expect(rangeStartDate('all', now)).toBeUndefined();
  });
});

describe('wrapLabel', () => {
  it('breaks between words, cuts a long word and ends a label too long with an ellipsis', () => {
    expect(wrapLabel('Name')).toEqual(['Name']);
    expect(wrapLabel('How likely are you to recommend')).toEqual(['How likely are', 'you to recommend']);
    expect(wrapLabel('How likely are you to recommend us to a friend?')).toEqual([
      'How likely are',
      'you to recommen…',
    ]);
    expect(wrapLabel('Tell us a bit more', 16, 1)).toEqual(['Tell us a bit…']);
    expect(wrapLabel('Supercalifragilisticexpialidocious', 10, 3)).toEqual([
      'Supercalif',
      'ragilistic',
      'expialido…',
    ]);
    expect(wrapLabel('')).toEqual([]);
  });
});
