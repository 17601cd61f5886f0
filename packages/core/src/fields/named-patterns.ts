/**
 * Answer patterns an edit can ask for by name ('digits only', 'a US ZIP code'): each is a
 * re2js-safe pattern with the message respondents see when an answer does not match. A patch
 * names one of these rather than carrying a regular expression, so what it proposes is always a
 * pattern the product knows to be valid and linear.
 */

export const PATTERN_NAMES = [
  'digits',
  'letters',
  'letters_and_spaces',
  'alphanumeric',
  'no_spaces',
  'uppercase',
  'us_zip',
  'uk_postcode',
] as const;
export type PatternName = (typeof PATTERN_NAMES)[number];

export const NAMED_PATTERNS: Record<PatternName, { pattern: string; message: string; name: string }> = {
  digits: { pattern: '[0-9]+', message: 'Please use digits only', name: 'digits only' },
  letters: { pattern: '\\p{L}+', message: 'Please use letters only', name: 'letters only' },
  letters_and_spaces: {
    pattern: "[\\p{L} '-]+",
    message: 'Please use letters and spaces only',
    name: 'letters and spaces only',
  },
  alphanumeric: {
    pattern: '[\\p{L}0-9]+',
    message: 'Please use letters and digits only',
    name: 'letters and digits only',
  },
  no_spaces: { pattern: '\\S+', message: 'Please leave out spaces', name: 'no spaces' },
  uppercase: {
    pattern: '[\\p{Lu}0-9 ]+',
    message: 'Please use capital letters',
    name: 'capital letters only',
  },
  us_zip: { pattern: '[0-9]{5}(-[0-9]{4})?', message: 'Please enter a ZIP code', name: 'a US ZIP code' },
  uk_postcode: {
    pattern: '[A-Za-z]{1,2}[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2}',
    message: 'Please enter a UK postcode',
    name: 'a UK postcode',
  },
};

/** The name of a field's pattern when it is one of the named ones; undefined otherwise. */
export function patternNameOf(pattern: string | undefined): PatternName | undefined {
  if (!pattern) return undefined;
  return PATTERN_NAMES.find((name) => NAMED_PATTERNS[name].pattern === pattern);
}
