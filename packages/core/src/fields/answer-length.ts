import type { FieldOf, FormField } from '../forms/field.ts';
import { LIMITS } from '../limits.ts';
import { ADDRESS_PART_MAX_LENGTH, checkAddressLengths } from './address.ts';
import { answerStrings } from './answers.ts';
import { checkDateRangeLengths, DATE_RANGE_PART_MAX_LENGTH } from './date-range.ts';
import { allowsOther } from './other.ts';
import { SIGNATURE_NAME_MAX_LENGTH } from './signature.ts';

/**
 * The most characters an answer of each typed type may hold, whatever the owner's rules (an
 * owner's maximum length can only be lower). The page's inputs stop there, the browser's
 * validator and the server refuse past it, and the server checks it before it runs any of the
 * form's logic on the answers: a long answer read by many conditions is what could stall it.
 */
export const ANSWER_MAX_LENGTH = {
  text: 1000,
  textarea: 50_000,
  /** The longest address SMTP allows. */
  email: 254,
  url: 2048,
  phone: 100,
  password: 1000,
  /** Numbers, dates, times, colours, scores: far more than any of them needs. */
  short: 100,
} as const;

type TypedField = Extract<FormField, { type: 'text' | 'textarea' | 'email' | 'url' | 'phone' | 'password' }>;

/** The type's own limit for typed answers (text, long text, email, URL, phone, password), else undefined. */
export function typedAnswerCap(type: FormField['type']): number | undefined {
  switch (type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'url':
    case 'phone':
    case 'password':
      return ANSWER_MAX_LENGTH[type];
    default:
      return undefined;
  }
}

/** A typed field's limit: the type's, or the owner's maximum length when lower. */
export function typedAnswerMaxLength(field: TypedField): number {
  const cap = ANSWER_MAX_LENGTH[field.type];
  const own = field.validation.maxLength;
  return own !== undefined && own >= 0 && own < cap ? own : cap;
}

/** Fields whose value the respondent does not type: the owner's default, or the page's URL. */
function isUnanswerable(field: FormField): boolean {
  return field.type === 'hidden' || field.isHidden === true || field.isReadOnly === true;
}

/**
 * The most characters (all its items together) an answer to this field may hold: what a
 * respondent may give, or for fields the respondent does not answer, the URL's value or the
 * owner's default. The save limits of form logic count the work of 'contains' in these.
 */
export function answerMaxLength(field: FormField): number {
  let max = maxLengths.get(field);
  if (max === undefined) {
    max = maxLengthOf(field);
    maxLengths.set(field, max);
  }
  return max;
}

// Worked out once per field object: the server checks every answer of every submit against it.
const maxLengths = new WeakMap<FormField, number>();

function maxLengthOf(field: FormField): number {
  if (isUnanswerable(field)) return Math.max(LIMITS.prefillMaxLength, field.defaultValue?.length ?? 0);
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'url':
    case 'phone':
    case 'password':
      return typedAnswerMaxLength(field);
    // A choice is answered by an option's value or its label, in any of the form's languages:
    // each at most the label limit.
    case 'checkbox':
      return LIMITS.labelMaxLength * answerMaxItems(field);
    case 'radio':
    case 'select':
      return LIMITS.labelMaxLength;
    case 'number':
    case 'range':
    case 'date':
    case 'time':
    case 'color':
    case 'nps':
    case 'yes_no':
    case 'rating':
    case 'calculated':
      return ANSWER_MAX_LENGTH.short;
    case 'hidden':
      return LIMITS.prefillMaxLength;
    // Each row's answer, or each ranked option, is at most an option's label.
    case 'matrix':
      return (
        LIMITS.labelMaxLength * Math.max(1, field.rows.length) * (field.multiple ? field.columns.length : 1)
      );
    case 'ranking':
    case 'picture_choice':
      return LIMITS.labelMaxLength * answerMaxItems(field);
    // A typed name; a drawing's file is checked by the upload.
    case 'signature':
      return SIGNATURE_NAME_MAX_LENGTH;
    // Logic reads an address as its country; all its parts together are at most this.
    case 'address':
      return Object.values(ADDRESS_PART_MAX_LENGTH).reduce((a, b) => a + b, 0);
    // Logic reads a range as its two dates.
    case 'date_range':
      return DATE_RANGE_PART_MAX_LENGTH * 2 + 1;
    case 'file':
    case 'image':
    case 'statement':
    case 'page_break':
      return 0;
    default: {
      const never: never = field;
      return never;
    }
  }
}

/** How many items an answer may list: a checkbox group one per option, anything else one. */
function answerMaxItems(field: FormField): number {
  if (field.type === 'ranking' || (field.type === 'picture_choice' && field.multiple))
    return Math.max(1, field.options.length);
  return field.type === 'checkbox' ? Math.max(1, field.options.length) : 1;
}

/** The messages the length check speaks (a subset of the validation messages). */
export type LengthMessages = { maxLength: (n: number) => string; option: string; pattern: string };

/**
 * Why an answer is longer than its field allows, or null. Cheap (it stops at the first item too
 * many): the server runs it on every answer before anything else reads them.
 */
export function answerLengthError(field: FormField, value: unknown, m: LengthMessages): string | null {
  if (value === null || value === undefined || typeof value === 'boolean') return null;
  // File answers are objects the server checks against its uploads.
  if (typeof value === 'object' && !Array.isArray(value)) {
    if (field.type === 'address') return checkAddressLengths(value, m);
    if (field.type === 'date_range') return checkDateRangeLengths(value, m);
    return field.type === 'matrix' ? matrixLengthError(field, value, m) : null;
  }
  const max = answerMaxLength(field);
  // Files, and what takes no answer at all, are checked elsewhere.
  if (max === 0) return null;
  const choice =
    field.type === 'checkbox' ||
    field.type === 'radio' ||
    field.type === 'select' ||
    field.type === 'picture_choice';
  if (Array.isArray(value) && value.length > answerMaxItems(field)) return choice ? m.option : m.pattern;
  let total = typeof value === 'string' ? value.length : 0;
  if (typeof value !== 'string') for (const text of answerStrings(value)) total += text.length;
  if (total <= max) return null;
  // An option is never that long; a choice with 'Other' takes text the respondent typed, too long.
  return choice && !allowsOther(field) ? m.option : m.maxLength(max);
}

/** A matrix answer past its rows, or with more text than its rows can hold. */
function matrixLengthError(field: FieldOf<'matrix'>, value: object, m: LengthMessages): string | null {
  const cells = Object.values(value);
  if (cells.length > field.rows.length) return m.option;
  let total = 0;
  for (const cell of cells) {
    if (Array.isArray(cell) && cell.length > Math.max(1, field.columns.length)) return m.option;
    for (const text of answerStrings(cell)) total += text.length;
  }
  return total <= answerMaxLength(field) ? null : m.option;
}
