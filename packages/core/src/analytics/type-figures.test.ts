import { describe, expect, it } from 'vitest';
import { normalizeField } from '../forms/read-field.ts';
import {
  answerLabels,
  dateTimeline,
  histogram,
  npsFigures,
  numberSummary,
  typeFiguresOf,
} from './type-figures.ts';

const counts = (entries: Record<string, number>) => new Map(Object.entries(entries));
const field = (type: string, extra: Record<string, unknown> = {}) =>
  normalizeField({ id: 'f', label: 'F', type, position: 0, ...extra }, 0);

describe('numberSummary', () => {
  it('gives count, mean, median, min and max from value counts', () => {
    expect(numberSummary(counts({ '1': 1, '2': 2, '10': 1 }))).toEqual({
      count: 4,
      mean: 3.75,
      median: 2,
      min: 1,
      max: 10,
    });
    // An even count: the mean of the two middle values.
    expect(numberSummary(counts({ '1': 1, '4': 1 })).median).toBe(2.5);
    expect(numberSummary(counts({ '-3.5': 1, abc: 4 }))).toEqual({
      count: 1,
      mean: -3.5,
      median: -3.5,
      min: -3.5,
      max: -3.5,
    });
    expect(numberSummary(new Map())).toEqual({ count: 0, mean: null, median: null, min: null, max: null });
  });
});

describe('histogram', () => {
  it('gives one bin per whole number on a short scale', () => {
    expect(histogram(counts({ '0': 1, '3': 2, '5': 1 }))).toEqual([
      { from: 0, to: 1, count: 1 },
      { from: 1, to: 2, count: 0 },
      { from: 2, to: 3, count: 0 },
      { from: 3, to: 4, count: 2 },
      { from: 4, to: 5, count: 0 },
      { from: 5, to: 6, count: 1 },
    ]);
  });

  it('bins a wide range in round widths, the maximum in the last bin', () => {
    const bins = histogram(counts({ '3': 1, '18': 2, '95': 1, '100': 1 }));
    expect(bins.map((b) => b.from)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(bins[0]).toEqual({ from: 0, to: 10, count: 1 });
    expect(bins[1]!.count).toBe(2);
    expect(bins[9]!.count).toBe(1);
    expect(bins[10]).toEqual({ from: 100, to: 110, count: 1 });
  });

  it('bins decimals without float noise, and keeps to twelve bins', () => {
    const bins = histogram(counts({ '0.1': 1, '0.3': 1, '1.2': 1 }));
    expect(bins).toHaveLength(7);
    expect(bins[0]).toEqual({ from: 0, to: 0.2, count: 1 });
    expect(bins[1]).toEqual({ from: 0.2, to: 0.4, count: 1 });
    expect(bins.at(-1)).toEqual({ from: 1.2, to: 1.4, count: 1 });
    expect(histogram(counts({ '0': 1, '1000000': 1 })).length).toBeLessThanOrEqual(12);
    expect(histogram(counts({ '2.5': 3 }))).toEqual([{ from: 2.5, to: 3.5, count: 3 }]);
    expect(histogram(new Map())).toEqual([]);
  });
});

describe('npsFigures', () => {
  it('counts promoters, passives and detractors and scores −100 to 100', () => {
    expect(npsFigures(counts({ '10': 2, '9': 1, '8': 1, '7': 1, '6': 2, '0': 1 }))).toEqual({
      promoters: 3,
      passives: 2,
      detractors: 3,
      score: 0,
    });
    expect(npsFigures(counts({ '10': 1 })).score).toBe(100);
    expect(npsFigures(counts({ '3': 4 })).score).toBe(-100);
    expect(npsFigures(counts({ '9': 2, '2': 1 })).score).toBe(33);
    expect(npsFigures(new Map()).score).toBeNull();
  });
});

describe('dateTimeline', () => {
  it('counts by day within a month, zeros between', () => {
    expect(dateTimeline(counts({ '2026-05-01': 2, '2026-05-03': 1 }))).toEqual({
      unit: 'day',
      buckets: [
        { start: '2026-05-01', count: 2 },
        { start: '2026-05-02', count: 0 },
        { start: '2026-05-03', count: 1 },
      ],
    });
  });

  it('counts by week from Monday up to half a year, by month up to ten years, else by year', () => {
    const weeks = dateTimeline(counts({ '2026-05-06': 1, '2026-05-07': 1, '2026-07-01': 1 }));
    expect(weeks.unit).toBe('week');
    // 2026-05-04 is a Monday.
    expect(weeks.buckets[0]).toEqual({ start: '2026-05-04', count: 2 });
    expect(weeks.buckets.at(-1)).toEqual({ start: '2026-06-29', count: 1 });
    expect(weeks.buckets).toHaveLength(9);
    const months = dateTimeline(counts({ '2025-12-31': 1, '2026-12-01': 3 }));
    expect(months.unit).toBe('month');
    expect(months.buckets[0]).toEqual({ start: '2025-12-01', count: 1 });
    expect(months.buckets).toHaveLength(13);
    const years = dateTimeline(counts({ '1950-06-01': 1, '1990-01-01': 2, 'not a date': 5 }));
    expect(years.unit).toBe('year');
    expect(years.buckets[0]).toEqual({ start: '1950-01-01', count: 1 });
    expect(years.buckets).toHaveLength(41);
    // Centuries apart: only the years answered.
    expect(dateTimeline(counts({ '0100-01-01': 1, '2026-01-01': 1 })).buckets).toHaveLength(2);
  });
});

describe('answerLabels and typeFiguresOf', () => {
  it('labels numbers, yes/no, dates, times and files as the aggregates count them', () => {
    expect(answerLabels(field('number'), '36')).toEqual(['36']);
    expect(answerLabels(field('nps'), 'x')).toEqual([]);
    expect(answerLabels(field('yes_no'), 'yes')).toEqual(['yes']);
    expect(answerLabels(field('date'), '2026-02-30')).toEqual([]);
    expect(answerLabels(field('date'), '2026-02-03')).toEqual(['2026-02-03']);
    expect(answerLabels(field('time'), '9:45')).toEqual(['09:00']);
    expect(answerLabels(field('time'), '25:00')).toEqual([]);
    expect(answerLabels(field('file'), [{ upload_id: 'a' }, { upload_id: 'b' }])).toEqual(['2']);
    expect(answerLabels(field('file'), { upload_id: 'a' })).toEqual(['1']);
    expect(answerLabels(field('text'), 'hi')).toBeUndefined();
  });

  it('figures each type from its label counts', () => {
    expect(typeFiguresOf(field('yes_no'), counts({ yes: 3, no: 1 }))).toEqual({ split: { yes: 3, no: 1 } });
    expect(typeFiguresOf(field('checkbox'), counts({ Yes: 1 }))).toEqual({ split: { yes: 1, no: 0 } });
    expect(typeFiguresOf(field('checkbox'), counts({ option1: 1 }))).toEqual({});
    expect(typeFiguresOf(field('file'), counts({ '1': 2, '3': 1 }))).toEqual({
      files: { submissions: 3, files: 5 },
    });
    const nps = typeFiguresOf(field('nps'), counts({ '10': 1, '0': 1 }));
    expect(nps.nps?.score).toBe(0);
    expect(nps.summary?.mean).toBe(5);
    expect(nps.histogram).toHaveLength(11);
    expect(typeFiguresOf(field('text'), counts({ a: 1 }))).toEqual({});
  });
});
