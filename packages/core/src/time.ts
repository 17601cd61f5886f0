/** Milliseconds in a day (a 24-hour span; calendar days are UTC dates where it matters). */
export const DAY_MS = 86_400_000;
