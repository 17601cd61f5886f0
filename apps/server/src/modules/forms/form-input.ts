import { randomBytes } from 'node:crypto';
import { normalizeField } from '@formsmith/core/fields/normalize';
import { checkPattern } from '@formsmith/core/fields/pattern';
import { toWireField } from '@formsmith/core/fields/save-payload';
import type { FormField } from '@formsmith/core/fields/types';
import { LIMITS } from '@formsmith/core/limits';
import { badRequest } from '../../lib/app-error.ts';
import type { SaveBody } from './schemas.ts';

/** What a save changes; undefined means "keep what is stored". */
export type ContentInput = {
  title?: string;
  description?: string;
  fields?: ReturnType<typeof toWireField>[];
  logoUrl?: string | null;
  themeConfig?: Record<string, unknown>;
  submitButtonText?: string;
  successMessage?: string;
};

const THEME_MAX_CHARS = 10_000;
const URL_MAX_LENGTH = 2048;
const FIELD_ID_MAX_LENGTH = 100;
const BUTTON_MAX_LENGTH = 100;

type Errors = Record<string, string>;

function first<T>(...values: (T | undefined)[]): T | undefined {
  return values.find((v) => v !== undefined);
}

function tooLong(errors: Errors, key: string, value: string | undefined, max: number, what: string) {
  if (value !== undefined && value.length > max) errors[key] ??= `${what} must be at most ${max} characters`;
}

/** A new stable id for a field sent without one. */
export function newFieldId(): string {
  return `f_${randomBytes(6).toString('base64url')}`;
}

function withIds(raw: Record<string, unknown>[]): Record<string, unknown>[] {
  return raw.map((field) => {
    const id = field.id;
    const given = (typeof id === 'string' && id.trim() !== '') || typeof id === 'number';
    return given ? field : { ...field, id: newFieldId() };
  });
}

/** Field ids unique within the form; duplicates get a fresh id. */
function uniqueIds(fields: FormField[]): FormField[] {
  const used = new Set<string>();
  return fields.map((field, position) => {
    const id = used.has(field.id) ? newFieldId() : field.id;
    used.add(id);
    return { ...field, id, position };
  });
}

function checkField(errors: Errors, field: FormField, index: number) {
  const key = (prop: string) => `fields.${index}.${prop}`;
  tooLong(errors, key('id'), field.id, FIELD_ID_MAX_LENGTH, 'A field id');
  tooLong(errors, key('label'), field.label, LIMITS.labelMaxLength, 'A field label');
  tooLong(errors, key('placeholder'), field.placeholder, LIMITS.labelMaxLength, 'A placeholder');
  tooLong(errors, key('help_text'), field.helpText, LIMITS.descriptionMaxLength, 'Help text');
  tooLong(errors, key('default_value'), field.defaultValue, LIMITS.descriptionMaxLength, 'A default value');
  tooLong(
    errors,
    key('custom_error'),
    field.validation.customError,
    LIMITS.labelMaxLength,
    'An error message',
  );
  tooLong(errors, key('image_url'), field.imageUrl, URL_MAX_LENGTH, 'An image URL');
  const options = field.options ?? [];
  if (options.length > LIMITS.maxOptions) {
    errors[key('options')] ??= `A field can have at most ${LIMITS.maxOptions} options`;
  }
  options.forEach((option, n) => {
    tooLong(errors, `${key('options')}.${n}.label`, option.label, LIMITS.labelMaxLength, 'An option label');
    tooLong(errors, `${key('options')}.${n}.value`, option.value, LIMITS.labelMaxLength, 'An option value');
  });
  const { minLength, maxLength, min, max, pattern } = field.validation;
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) {
    errors[key('min_length')] ??= 'Minimum length cannot be greater than maximum length';
  }
  if (min !== undefined && max !== undefined && min > max) {
    errors[key('min')] ??= 'Minimum value cannot be greater than maximum value';
  }
  const patternError = pattern ? checkPattern(pattern) : null;
  if (patternError) errors[key('pattern')] ??= patternError;
}

/** Normalises, checks and gives ids to the fields of a save; collects errors by 'fields.<i>.<prop>'. */
function readFields(errors: Errors, raw: Record<string, unknown>[]) {
  if (raw.length > LIMITS.maxFields) {
    errors.fields = `A form can have at most ${LIMITS.maxFields} fields`;
    return undefined;
  }
  const fields = uniqueIds(withIds(raw).map((field, index) => normalizeField(field, index)));
  for (const [index, field] of fields.entries()) checkField(errors, field, index);
  return fields.map(toWireField);
}

function checkLogoUrl(errors: Errors, url: string | null | undefined) {
  if (!url) return;
  tooLong(errors, 'logo_url', url, URL_MAX_LENGTH, 'The logo URL');
  if (!/^(https?:\/\/|\/(?!\/))/i.test(url))
    errors.logo_url ??= 'The logo URL must start with http://, https:// or /';
}

/**
 * Reads the content part of a save payload (camelCase or snake_case), enforcing the size limits
 * of core/limits. Throws 400 with every problem by field.
 */
export function readContentInput(body: SaveBody, opts: { creating: boolean }): ContentInput {
  const errors: Errors = {};
  const input: ContentInput = {};
  if (body.title !== undefined) {
    const title = body.title.trim();
    if (title === '') errors.title = 'Title is required';
    tooLong(errors, 'title', title, LIMITS.titleMaxLength, 'Title');
    input.title = title;
  }
  if (body.description !== undefined) input.description = body.description ?? '';
  tooLong(errors, 'description', input.description, LIMITS.descriptionMaxLength, 'Description');

  const logo = first(body.logo_url, body.logoUrl);
  if (logo !== undefined) input.logoUrl = logo?.trim() ? logo.trim() : null;
  checkLogoUrl(errors, input.logoUrl);

  const theme = first(body.theme_config, body.themeConfig);
  if (theme !== undefined) {
    const config = { ...(theme ?? {}) };
    if (typeof config.theme !== 'string' || config.theme === '') config.theme = 'default';
    if (JSON.stringify(config).length > THEME_MAX_CHARS) {
      errors.theme_config = `The theme settings must be at most ${THEME_MAX_CHARS} characters`;
    }
    input.themeConfig = config;
  }

  const button = first(body.submit_button_text, body.submitButtonText);
  if (button !== undefined) input.submitButtonText = button?.trim() || 'Submit';
  tooLong(errors, 'submit_button_text', input.submitButtonText, BUTTON_MAX_LENGTH, 'The submit button text');
  const success = first(body.success_message, body.successMessage);
  if (success !== undefined) input.successMessage = success?.trim() || 'Thank you for your submission!';
  tooLong(
    errors,
    'success_message',
    input.successMessage,
    LIMITS.descriptionMaxLength,
    'The success message',
  );

  if (body.fields !== undefined) input.fields = readFields(errors, body.fields);
  if (opts.creating) input.title ??= 'Untitled Form';

  const problems = Object.entries(errors);
  if (problems.length > 0) {
    throw badRequest(problems[0]![1], errors);
  }
  return input;
}
