import type { FieldOf } from '../forms/field.ts';
import { numericAnswer } from './answers.ts';
import { RATING_DEFAULT_STARS, RATING_MAX_STARS, RATING_MIN_STARS } from './constants.ts';

export type RatingField = FieldOf<'rating'>;

/** How many stars the field shows: the owner's count, kept within 1 to 10; 5 when unset. */
export function ratingStars(field: RatingField): number {
  const stars = field.stars;
  if (stars === undefined || !Number.isFinite(stars)) return RATING_DEFAULT_STARS;
  return Math.min(RATING_MAX_STARS, Math.max(RATING_MIN_STARS, Math.round(stars)));
}

/** The answers the field offers, lowest first: 1, 2, … or 0.5, 1, 1.5, … with half stars. */
export function ratingSteps(field: RatingField): number[] {
  const stars = ratingStars(field);
  const step = field.halfStars ? 0.5 : 1;
  return Array.from({ length: stars / step }, (_, i) => (i + 1) * step);
}

/** Why a (non-empty) rating is refused, or null. */
export function checkRating(
  field: RatingField,
  value: unknown,
  m: { rating: (n: number) => string },
): string | null {
  const n = numericAnswer(value);
  return n !== undefined && ratingSteps(field).includes(n) ? null : m.rating(ratingStars(field));
}
