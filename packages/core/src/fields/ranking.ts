import type { FieldOf, FieldOption } from '../forms/field.ts';

// A ranking: the answer is the list of option values in the respondent's order, the first ranked
// first, as long as the places asked for (every option, or the top N).

export type RankingField = FieldOf<'ranking'>;

/** How many places the respondent fills: the owner's top N, else every option. */
export function rankingSize(field: RankingField): number {
  const all = field.options.length;
  const top = field.rankTop;
  if (top === undefined || !Number.isFinite(top) || top < 1) return all;
  return Math.min(all, Math.floor(top));
}

/** The page's name for an option's place select on the page without JavaScript. */
export function rankPlaceName(fieldId: string, optionValue: string): string {
  return `${fieldId}[${optionValue}]`;
}

/** A place two options were both given (or none was): never an option's value. */
export const RANK_TIE = '';

/**
 * The order given by places picked one per option ('1', '2'…; blank: not ranked), as the answer
 * holds it: the option at each place. A place left empty or given twice holds RANK_TIE, which
 * validation refuses; nothing picked answers an empty list.
 */
export function rankingFromPlaces(field: RankingField, placeOf: (option: FieldOption) => string): string[] {
  const size = rankingSize(field);
  const slots: (string | undefined)[] = Array.from({ length: size }, () => undefined);
  let any = false;
  let clash = false;
  for (const option of field.options) {
    const text = placeOf(option).trim();
    if (text === '') continue;
    any = true;
    const place = Number(text);
    if (!Number.isInteger(place) || place < 1 || place > size || slots[place - 1] !== undefined) {
      clash = true;
      continue;
    }
    slots[place - 1] = option.value;
  }
  if (!any) return [];
  const order = slots.map((s) => s ?? RANK_TIE);
  // An option given a place already taken leaves some other place empty only when all are ranked;
  // with the top N it may not, so the clash is marked where it cannot be missed.
  if (clash && !order.includes(RANK_TIE)) order.push(RANK_TIE);
  return order;
}

/** The places of an order by option value ('' where the option is not ranked). */
export function placesOf(order: readonly string[]): Map<string, number> {
  const places = new Map<string, number>();
  order.forEach((value, i) => {
    if (value !== RANK_TIE && !places.has(value)) places.set(value, i + 1);
  });
  return places;
}

function optionOf(field: RankingField, answer: string): FieldOption | undefined {
  return field.options.find((o) => o.value === answer) ?? field.options.find((o) => o.label === answer);
}

/** The answer as stored: options given by label stored by value. */
export function storedRanking(field: RankingField, value: unknown): unknown {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return value;
  return (value as string[]).map((v) => optionOf(field, v)?.value ?? v);
}

/** Why a (non-empty) ranking is refused, or null. */
export function checkRanking(
  field: RankingField,
  value: unknown,
  m: { ranking: (n: number) => string },
): string | null {
  const size = rankingSize(field);
  const refused = m.ranking(size);
  if (!Array.isArray(value) || value.length !== size) return refused;
  const seen = new Set<string>();
  for (const item of value) {
    if (typeof item !== 'string') return refused;
    const option = optionOf(field, item);
    if (!option || seen.has(option.value)) return refused;
    seen.add(option.value);
  }
  return null;
}

/** The order as one line: '1. First, 2. Second'. */
export function rankingText(field: RankingField, value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value
    .filter((v): v is string => typeof v === 'string' && v !== RANK_TIE)
    .map((v, i) => `${i + 1}. ${optionOf(field, v)?.label ?? v}`)
    .join(', ');
}
