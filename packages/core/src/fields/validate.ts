import type { ChoiceField, FieldOf, FormField } from '../forms/field.ts';
import { answerStrings, isEmptyAnswer, numericAnswer } from './answers.ts';
import { type Answers, computeVisibility } from './conditions.ts';
import { matchesPattern } from './pattern.ts';

/** The messages respondents see, for the rules of each field and the shape of typed answers. */
export const VALIDATION_MESSAGES = {
  required: 'This field is required',
  minLength: (n: number) => `Minimum length is ${n} characters`,
  maxLength: (n: number) => `Maximum length is ${n} characters`,
  pattern: 'Invalid format',
  min: (n: number) => `Minimum value is ${n}`,
  max: (n: number) => `Maximum value is ${n}`,
  number: 'Please enter a number',
  email: 'Please enter a valid email address',
  url: 'Please enter a valid URL',
  date: 'Please enter a valid date',
  time: 'Please enter a valid time',
  color: 'Please enter a valid color',
  option: 'Please choose one of the options',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;

function checkText(
  field: FieldOf<'text' | 'textarea' | 'email' | 'url' | 'phone' | 'password'>,
  value: unknown,
  lengthRules: boolean,
): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return VALIDATION_MESSAGES.pattern;
  const text = String(value);
  const { minLength, maxLength, pattern, customError } = field.validation;
  if (lengthRules && minLength !== undefined && text.length < minLength)
    return VALIDATION_MESSAGES.minLength(minLength);
  if (lengthRules && maxLength !== undefined && text.length > maxLength)
    return VALIDATION_MESSAGES.maxLength(maxLength);
  if (pattern && !matchesPattern(pattern, text)) return customError || VALIDATION_MESSAGES.pattern;
  return null;
}

function checkNumber(field: FieldOf<'number' | 'range'>, value: unknown): string | null {
  const n = numericAnswer(value);
  if (n === undefined) return VALIDATION_MESSAGES.number;
  const { min, max } = field.validation;
  if (min !== undefined && n < min) return VALIDATION_MESSAGES.min(min);
  if (max !== undefined && n > max) return VALIDATION_MESSAGES.max(max);
  return null;
}

function isKnownOption(field: ChoiceField, answer: string): boolean {
  const { options } = field;
  return options.length === 0 || options.some((o) => o.value === answer || o.label === answer);
}

function checkChoice(field: ChoiceField, value: unknown, many: boolean): string | null {
  if (many && typeof value === 'boolean') return null; // a single checkbox answers true/false
  if (!many && Array.isArray(value)) return VALIDATION_MESSAGES.option;
  const answers = answerStrings(value);
  const list = Array.isArray(value) ? value : [value];
  if (answers.length !== list.length) return VALIDATION_MESSAGES.option;
  return answers.every((a) => isKnownOption(field, a)) ? null : VALIDATION_MESSAGES.option;
}

function checkShape(value: unknown, shape: RegExp, message: string): string | null {
  return typeof value === 'string' && shape.test(value.trim()) ? null : message;
}

function isUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    return Boolean(new URL(value.trim()).protocol);
  } catch {
    return false;
  }
}

/** The type-specific checks of a non-empty answer. */
function checkAnswer(field: FormField, value: unknown): string | null {
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'password':
      return checkText(field, value, true);
    case 'email':
      return checkText(field, value, true) ?? checkShape(value, EMAIL, VALIDATION_MESSAGES.email);
    case 'url':
      return checkText(field, value, true) ?? (isUrl(value) ? null : VALIDATION_MESSAGES.url);
    case 'phone':
      return checkText(field, value, false);
    case 'number':
    case 'range':
      return checkNumber(field, value);
    case 'select':
    case 'radio':
      return checkChoice(field, value, false);
    case 'checkbox':
      return checkChoice(field, value, true);
    case 'date':
      return checkShape(value, DATE, VALIDATION_MESSAGES.date);
    case 'time':
      return checkShape(value, TIME, VALIDATION_MESSAGES.time);
    case 'color':
      return checkShape(value, COLOR, VALIDATION_MESSAGES.color);
    case 'file':
    case 'image':
    case 'hidden':
    case 'calculated':
    case 'page_break':
      return null;
    default: {
      const unknown: never = field;
      return unknown;
    }
  }
}

/** One field's error for an answer, or null. Does not look at visibility. */
export function validateFieldValue(field: FormField, value: unknown): string | null {
  // Nothing a respondent types: pictures, page breaks and values the server computes.
  if (['image', 'page_break', 'calculated'].includes(field.type) || field.type === 'hidden') return null;
  if (isEmptyAnswer(value)) return field.validation.required ? VALIDATION_MESSAGES.required : null;
  return checkAnswer(field, value);
}

/**
 * Validates a submission keyed by field id: errors by field id (empty when valid). Hidden fields,
 * read-only fields and fields hidden by conditional logic are skipped. Same code in browser and server.
 */
export function validateSubmission(fields: FormField[], data: Answers): Record<string, string> {
  const visibility = computeVisibility(fields, data);
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (field.isHidden || field.isReadOnly || visibility.get(field.id) === false) continue;
    const error = validateFieldValue(field, Object.hasOwn(data, field.id) ? data[field.id] : undefined);
    if (error) errors[field.id] = error;
  }
  return errors;
}
