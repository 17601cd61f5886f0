import * as z from 'zod/mini';
import {
  MATRIX_MAX_COLUMNS,
  MATRIX_MAX_ROWS,
  RATING_MAX_STARS,
  RATING_MIN_STARS,
} from '../fields/constants.ts';
import { PATTERN_MAX_LENGTH } from '../fields/pattern.ts';
import { isPhoneCountry } from '../fields/phone-countries.ts';
import { LIMITS } from '../limits.ts';
import { type FieldOption, type FormField, hasEndLabels, optionsOf, rulesOf } from './field.ts';

const FIELD_ID_MAX_LENGTH = 100;

/**
 * The largest signature PNG the server takes (with the other upload limits in LIMITS, which the
 * public page can import without this file's pattern compiler).
 */
export const SIGNATURE_MAX_BYTES = LIMITS.signatureMaxBytes;
const URL_MAX_LENGTH = 2048;

/** A check that text (when present) is at most `max` characters, with the message people see. */
export function tooLong(max: number, what: string) {
  return z.refine<string | null | undefined>(
    (value) => value === undefined || value === null || value.length <= max,
    `${what} must be at most ${max} characters`,
  );
}

type Problem = { path: (string | number)[]; message: string };

function lengthProblems(field: FormField): Problem[] {
  const rules = rulesOf(field);
  const checks: [string, string | undefined, number, string][] = [
    ['id', field.id, FIELD_ID_MAX_LENGTH, 'A field id'],
    ['label', field.label, LIMITS.labelMaxLength, 'A field label'],
    ['placeholder', field.placeholder, LIMITS.labelMaxLength, 'A placeholder'],
    ['help_text', field.helpText, LIMITS.descriptionMaxLength, 'Help text'],
    ['default_value', field.defaultValue, LIMITS.descriptionMaxLength, 'A default value'],
    ['custom_error', rules.customError, LIMITS.labelMaxLength, 'An error message'],
    ['image_url', field.type === 'image' ? field.imageUrl : undefined, URL_MAX_LENGTH, 'An image URL'],
    ['low_label', hasEndLabels(field) ? field.lowLabel : undefined, LIMITS.labelMaxLength, 'A scale label'],
    ['high_label', hasEndLabels(field) ? field.highLabel : undefined, LIMITS.labelMaxLength, 'A scale label'],
  ];
  return checks
    .filter(([, value, max]) => value !== undefined && value.length > max)
    .map(([key, , max, what]) => ({ path: [key], message: `${what} must be at most ${max} characters` }));
}

function optionProblems(field: FormField): Problem[] {
  if (field.type === 'matrix') {
    return [
      ...listProblems(field.rows, 'rows', MATRIX_MAX_ROWS, 'rows'),
      ...listProblems(field.columns, 'columns', MATRIX_MAX_COLUMNS, 'columns'),
    ];
  }
  if (field.type === 'rating' && field.stars !== undefined) {
    const { stars } = field;
    if (!Number.isInteger(stars) || stars < RATING_MIN_STARS || stars > RATING_MAX_STARS)
      return [{ path: ['stars'], message: `A rating has ${RATING_MIN_STARS} to ${RATING_MAX_STARS} stars` }];
  }
  if (
    (field.type === 'phone' || field.type === 'address') &&
    field.defaultCountry !== undefined &&
    !isPhoneCountry(field.defaultCountry)
  )
    return [
      { path: ['defaultCountry'], message: 'The default country must be a known country code, like GB' },
    ];
  return listProblems(optionsOf(field) ?? [], 'options', LIMITS.maxOptions, 'options');
}

/** A list of options (or a matrix's rows or columns): how many, and how long each text is. */
function listProblems(options: FieldOption[], key: string, most: number, noun: string): Problem[] {
  if (options.length > most) {
    return [{ path: [key], message: `A field can have at most ${most} ${noun}` }];
  }
  const max = LIMITS.labelMaxLength;
  return options.flatMap((option, n) =>
    (['label', 'value'] as const)
      .filter((property) => option[property].length > max)
      .map((property) => ({
        path: [key, n, property],
        message: `An option ${property} must be at most ${max} characters`,
      })),
  );
}

/** A pattern past the length re2js is given cannot be stored; an invalid one can (forms/problems.ts). */
function patternProblems(field: FormField): Problem[] {
  const { pattern } = rulesOf(field);
  if (pattern === undefined || pattern.length <= PATTERN_MAX_LENGTH) return [];
  return [
    { path: ['pattern'], message: `The pattern is too long (at most ${PATTERN_MAX_LENGTH} characters)` },
  ];
}

/**
 * The save limits of each field, reported as `fields.<i>.<property>` (the wire names): what the
 * database must never hold. What the owner has yet to finish (a pattern that does not compile,
 * bounds the wrong way round) is saved, and named by formProblems (forms/problems.ts) instead.
 */
export const checkFieldLimits = z.superRefine((fields: FormField[], ctx) => {
  fields.forEach((field, index) => {
    for (const problem of [...lengthProblems(field), ...optionProblems(field), ...patternProblems(field)]) {
      ctx.addIssue({
        code: 'custom',
        message: problem.message,
        path: [index, ...problem.path],
        input: field,
      });
    }
  });
});
