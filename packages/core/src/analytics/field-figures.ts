// The per-question figures of the grid, star and ranking questions, shared by the server's
// aggregates and the owner's browser (which counts encrypted forms itself): which answers one
// submission counts, and what the counts of all of them show.
import { addressCountry } from '../fields/address.ts';
import { numericAnswer } from '../fields/answers.ts';
import { dateRangeStartMonth } from '../fields/date-range.ts';
import { matrixRowAnswer } from '../fields/matrix.ts';
import { phoneCallingCode } from '../fields/phone-countries.ts';
import { RANK_TIE } from '../fields/ranking.ts';
import { ratingSteps } from '../fields/rating.ts';
import type { FieldOf, FormField } from '../forms/field.ts';

type FiguredField = FieldOf<'matrix' | 'rating' | 'ranking'>;

/**
 * Where (or when) an answer is from, which is all that is counted of it: a phone number its
 * calling code (+44), an address its country (GB), a date range the month it starts (2026-05).
 * Undefined for other types, or an answer that names none.
 */
export function placeOf(field: FormField, value: unknown): string | undefined {
  if (field.type === 'phone') return phoneCallingCode(value);
  if (field.type === 'address') return addressCountry(value);
  if (field.type === 'date_range') return dateRangeStartMonth(value);
  return undefined;
}

/** Whether the field's answers are counted here rather than as plain distribution values. */
export function hasFigures(field: FormField): field is FiguredField {
  return field.type === 'matrix' || field.type === 'rating' || field.type === 'ranking';
}

// A matrix cell or a ranked option's place is counted under one text: its two parts as JSON, so
// no row, column or option value can be mistaken for another.
const pair = (a: string, b: string | number) => JSON.stringify([a, b]);
function unpair(text: string): [string, string | number] | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string'
      ? [parsed[0], parsed[1]]
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What one answer counts: a matrix each row's columns, a rating its stars, a ranking each ranked
 * option's place. Values outside the field's rows, columns, steps or options count nothing.
 */
export function figureAnswers(field: FiguredField, value: unknown): string[] {
  switch (field.type) {
    case 'matrix': {
      const columns = new Set(field.columns.map((c) => c.value));
      return field.rows.flatMap((row) =>
        [...new Set(matrixRowAnswer(value, row.value))]
          .filter((c) => columns.has(c))
          .map((c) => pair(row.value, c)),
      );
    }
    case 'rating': {
      const n = numericAnswer(value);
      return n !== undefined && ratingSteps(field).includes(n) ? [String(n)] : [];
    }
    case 'ranking': {
      if (!Array.isArray(value)) return [];
      const options = new Set(field.options.map((o) => o.value));
      const seen = new Set<string>();
      return value.flatMap((item, i) => {
        if (typeof item !== 'string' || item === RANK_TIE || !options.has(item) || seen.has(item)) return [];
        seen.add(item);
        return [pair(item, i + 1)];
      });
    }
  }
}

export type Figures = {
  answer_distribution: Record<string, number>;
  /** A rating's average stars (null before any answer). */
  average?: number | null;
  /** A matrix: per row, how many picked each column. */
  rows?: { label: string; distribution: Record<string, number> }[];
  /** A ranking: each option's average place (1 is first), best first; null when never ranked. */
  average_positions?: { label: string; average: number | null; count: number }[];
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The figures of a field from the count of each of its answers (as figureAnswers names them). */
export function figuresOf(field: FiguredField, counts: ReadonlyMap<string, number>): Figures {
  switch (field.type) {
    case 'rating': {
      const distribution: Record<string, number> = {};
      let total = 0;
      let sum = 0;
      for (const step of ratingSteps(field)) {
        const count = counts.get(String(step)) ?? 0;
        distribution[String(step)] = count;
        total += count;
        sum += step * count;
      }
      return { answer_distribution: distribution, average: total > 0 ? round2(sum / total) : null };
    }
    case 'matrix': {
      const rows = field.rows.map((row) => ({
        label: row.label,
        distribution: Object.fromEntries(
          field.columns.map((column) => [column.label, counts.get(pair(row.value, column.value)) ?? 0]),
        ),
      }));
      const distribution: Record<string, number> = {};
      for (const row of rows) {
        for (const [column, count] of Object.entries(row.distribution))
          if (count > 0) distribution[`${row.label}: ${column}`] = count;
      }
      return { answer_distribution: distribution, rows };
    }
    case 'ranking': {
      const places = new Map<string, { sum: number; count: number }>();
      const first: Record<string, number> = {};
      for (const [text, count] of counts) {
        const parts = unpair(text);
        if (!parts || typeof parts[1] !== 'number') continue;
        const [value, place] = parts;
        const entry = places.get(value) ?? { sum: 0, count: 0 };
        entry.sum += place * count;
        entry.count += count;
        places.set(value, entry);
      }
      const averages = field.options.map((option) => {
        const entry = places.get(option.value);
        if (entry && entry.count > 0) {
          const ranked = counts.get(pair(option.value, 1)) ?? 0;
          if (ranked > 0) first[option.label] = ranked;
        }
        return {
          label: option.label,
          average: entry && entry.count > 0 ? round2(entry.sum / entry.count) : null,
          count: entry?.count ?? 0,
        };
      });
      averages.sort(
        (a, b) => (a.average ?? Number.POSITIVE_INFINITY) - (b.average ?? Number.POSITIVE_INFINITY),
      );
      // The distribution says how often each option was ranked first.
      return { answer_distribution: first, average_positions: averages };
    }
  }
}
