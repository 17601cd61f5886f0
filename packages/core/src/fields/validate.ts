import type { ChoiceField, FieldOf, FormField } from '../forms/field.ts';
import { checkAddress } from './address.ts';
import { answerLengthError } from './answer-length.ts';
import { answerStrings, isEmptyAnswer, numericAnswer } from './answers.ts';
import { NPS_MAX, NPS_MIN, takesAnswer, YES_NO_VALUES } from './constants.ts';
import { checkDateRange } from './date-range.ts';
import { checkFiles } from './files.ts';
import { readMailbox } from './mailbox.ts';
import { checkMatrix } from './matrix.ts';
import { allowsOther, OTHER_CHOICE, OTHER_TEXT_MAX_LENGTH } from './other.ts';
import { matchesPattern } from './pattern.ts';
import { checkPhone } from './phone.ts';
import { checkPictureChoice } from './picture-choice.ts';
import { checkRanking } from './ranking.ts';
import { checkRating } from './rating.ts';
import { checkSignature } from './signature.ts';

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
  emailOne: 'Enter just one email address, like name@example.com',
  url: 'Please enter a valid URL',
  date: 'Please enter a valid date',
  time: 'Please enter a valid time',
  color: 'Please enter a valid color',
  option: 'Please choose one of the options',
  nps: 'Please choose a whole number from 0 to 10',
  yesNo: 'Please answer yes or no',
  otherText: 'Please specify your other answer',
  matrixRows: 'Please answer every row',
  rating: (n: number) => `Please choose from 1 to ${n} stars`,
  ranking: (n: number) => `Please put ${n} options in order, each in a place of its own`,
  phone: 'Please enter a valid phone number, with its country',
  signature: 'Please sign: draw your signature or type your name',
  address: 'Please enter an address',
  addressParts: 'Please fill in every required part of the address',
  addressCountry: 'Please choose a country from the list',
  postalCode: 'Please check the postal code: it does not look like one of this country',
  dateRangeBoth: 'Please enter both dates',
  dateRangeOrder: 'The end date cannot be before the start date',
  dateFrom: (date: string) => `Please choose dates from ${date} on`,
  dateUntil: (date: string) => `Please choose dates up to ${date}`,
  rangeMinDays: (n: number) => `The dates must be at least ${n} ${n === 1 ? 'day' : 'days'} apart`,
  rangeMaxDays: (n: number) => `The dates can be at most ${n} ${n === 1 ? 'day' : 'days'} apart`,
  filesMax: (n: number) => `Please choose at most ${n} ${n === 1 ? 'file' : 'files'}`,
  filesTotal: (size: string) => `The files are too large together (at most ${size} in all)`,
  fileTooLarge: (name: string, size: string) => `${name} is too large (at most ${size})`,
  fileType: (name: string) => `${name}: this file type is not accepted`,
} as const;

/** The messages in some language: the same keys, texts and functions of a number alike. */
export type ValidationMessages = {
  [K in keyof typeof VALIDATION_MESSAGES]: (typeof VALIDATION_MESSAGES)[K] extends string
    ? string
    : (typeof VALIDATION_MESSAGES)[K];
};

const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;

function checkText(
  field: FieldOf<'text' | 'textarea' | 'email' | 'url' | 'phone' | 'password'>,
  value: unknown,
  lengthRules: boolean,
  m: ValidationMessages,
): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return m.pattern;
  const text = String(value);
  const { minLength, maxLength, pattern, customError } = field.validation;
  if (lengthRules && minLength !== undefined && text.length < minLength) return m.minLength(minLength);
  if (lengthRules && maxLength !== undefined && text.length > maxLength) return m.maxLength(maxLength);
  if (pattern && !matchesPattern(pattern, text)) return customError || m.pattern;
  return null;
}

function checkNumber(
  field: FieldOf<'number' | 'range'>,
  value: unknown,
  m: ValidationMessages,
): string | null {
  const n = numericAnswer(value);
  if (n === undefined) return m.number;
  const { min, max } = field.validation;
  if (min !== undefined && n < min) return m.min(min);
  if (max !== undefined && n > max) return m.max(max);
  return null;
}

function checkNps(value: unknown, m: ValidationMessages): string | null {
  const n = numericAnswer(value);
  return n !== undefined && Number.isInteger(n) && n >= NPS_MIN && n <= NPS_MAX ? null : m.nps;
}

function checkYesNo(value: unknown, m: ValidationMessages): string | null {
  return (YES_NO_VALUES as readonly unknown[]).includes(value) ? null : m.yesNo;
}

function isKnownOption(field: ChoiceField, answer: string): boolean {
  const { options } = field;
  return options.length === 0 || options.some((o) => o.value === answer || o.label === answer);
}

function checkChoice(
  field: ChoiceField,
  value: unknown,
  many: boolean,
  m: ValidationMessages,
): string | null {
  if (many && typeof value === 'boolean') return null; // a single checkbox answers true/false
  if (!many && Array.isArray(value)) return m.option;
  const answers = answerStrings(value);
  const list = Array.isArray(value) ? value : [value];
  if (answers.length !== list.length) return m.option;
  const others = answers.filter((a) => !isKnownOption(field, a));
  if (others.length === 0) return null;
  // 'Other, please specify': one answer that is not an option, the respondent's text.
  if (!allowsOther(field) || others.length > 1) return m.option;
  const text = (others[0] as string).trim();
  if (text === '' || text === OTHER_CHOICE) return m.otherText;
  return text.length > OTHER_TEXT_MAX_LENGTH ? m.maxLength(OTHER_TEXT_MAX_LENGTH) : null;
}

function checkShape(value: unknown, shape: RegExp, message: string): string | null {
  return typeof value === 'string' && shape.test(value.trim()) ? null : message;
}

/** One address, nothing around it: a list would send the form's mails to more than one inbox. */
function checkEmail(value: unknown, m: ValidationMessages): string | null {
  if (typeof value !== 'string') return m.email;
  const read = readMailbox(value);
  if (read.ok) return null;
  return read.reason === 'list' ? m.emailOne : m.email;
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
function checkAnswer(field: FormField, value: unknown, m: ValidationMessages): string | null {
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'password':
      return checkText(field, value, true, m);
    case 'email':
      return checkText(field, value, true, m) ?? checkEmail(value, m);
    case 'url':
      return checkText(field, value, true, m) ?? (isUrl(value) ? null : m.url);
    case 'phone':
      return checkText(field, value, false, m) ?? checkPhone(field, value, m);
    case 'number':
    case 'range':
      return checkNumber(field, value, m);
    case 'nps':
      return checkNps(value, m);
    case 'yes_no':
      return checkYesNo(value, m);
    case 'matrix':
      return checkMatrix(field, value, m);
    case 'address':
      return checkAddress(field, value, m);
    case 'rating':
      return checkRating(field, value, m);
    case 'ranking':
      return checkRanking(field, value, m);
    case 'picture_choice':
      return checkPictureChoice(field, value, m);
    case 'select':
    case 'radio':
      return checkChoice(field, value, false, m);
    case 'checkbox':
      return checkChoice(field, value, true, m);
    case 'date':
      return checkShape(value, DATE, m.date);
    case 'date_range':
      return checkDateRange(field, value, m);
    case 'time':
      return checkShape(value, TIME, m.time);
    case 'color':
      return checkShape(value, COLOR, m.color);
    case 'signature':
      return checkSignature(value, m);
    case 'file':
      return checkFiles(field, value, m);
    case 'image':
    case 'statement':
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

/** One field's error for an answer, or null, in the messages' language. Does not look at visibility. */
export function validateFieldValue(
  field: FormField,
  value: unknown,
  m: ValidationMessages = VALIDATION_MESSAGES,
): string | null {
  // Nothing a respondent types: display-only fields and values the server computes.
  if (!takesAnswer(field.type) || field.type === 'hidden' || field.type === 'calculated') return null;
  if (isEmptyAnswer(value)) return field.validation.required ? m.required : null;
  return answerLengthError(field, value, m) ?? checkAnswer(field, value, m);
}

/** A respondent's answers, keyed by field id. */
export type Answers = Record<string, unknown>;

/**
 * Validates a submission keyed by field id: errors by field id (empty when valid). Hidden fields
 * and read-only fields are skipped, and so are the questions the form's logic leaves off the
 * respondent's path: `shown` is the logic run's visible questions (core logic/run.ts), and without
 * it every question counts as shown. Same code in browser and server.
 */
export function validateSubmission(
  fields: FormField[],
  data: Answers,
  messages: ValidationMessages = VALIDATION_MESSAGES,
  shown: ReadonlySet<string> | null = null,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (field.isHidden || field.isReadOnly || (shown !== null && !shown.has(field.id))) continue;
    const error = validateFieldValue(
      field,
      Object.hasOwn(data, field.id) ? data[field.id] : undefined,
      messages,
    );
    if (error) errors[field.id] = error;
  }
  return errors;
}
