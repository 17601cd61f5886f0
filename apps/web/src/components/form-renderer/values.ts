import { shownAddressParts } from '@formsmith/core/fields/address';
import { takesAnswer } from '@formsmith/core/fields/constants';
import { phoneCountryKey } from '@formsmith/core/fields/phone-countries';
import type { FieldValue, FieldValues, FileValue } from '@formsmith/core/fill-page/state';
import { type FormField, rulesOf } from '@formsmith/core/forms/field';

// The values' shapes are core's: the server renders the public page from them too.
export type { FieldValue, FieldValues, FileValue } from '@formsmith/core/fill-page/state';

/** A file field while its upload runs (the error shows under the field). */
export type FileStatus = { uploading: boolean };

/** The id, name and ARIA attributes every control's input carries. */
export type ControlAttributes = {
  id: string;
  name: string;
  disabled?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
};

/** A checkbox field with options answers a list; without options it is one yes/no box. */
export function isCheckboxGroup(field: FormField): boolean {
  return field.type === 'checkbox' && (field.options?.length ?? 0) > 1;
}

/** A field answered with a group of inputs (fieldset and legend; its first input is `<id>-0`). */
export function isGroupField(field: FormField): boolean {
  return (
    field.type === 'radio' ||
    field.type === 'nps' ||
    field.type === 'yes_no' ||
    field.type === 'matrix' ||
    field.type === 'address' ||
    field.type === 'date_range' ||
    field.type === 'rating' ||
    field.type === 'ranking' ||
    field.type === 'picture_choice' ||
    isCheckboxGroup(field)
  );
}

/** The id of a field's first control, as the renderer names it (what a link to the field targets). */
export function controlIdOf(prefix: string, field: FormField): string {
  return isGroupField(field) ? `${prefix}-${field.id}-0` : `${prefix}-${field.id}`;
}

/** Whether the field's control always shows a value (a slider's thumb, a colour's swatch). */
export function hasRestingValue(field: FormField): boolean {
  return field.type === 'range' || field.type === 'color';
}

/**
 * Where such a control rests while unanswered: the slider at its low end, the colour black. That
 * is only a picture: the answer stays empty until the respondent moves or confirms the control.
 */
export function restingValue(field: FormField): string {
  return field.type === 'range' ? String(rulesOf(field).min ?? 0) : '#000000';
}

/**
 * The blank form's value of a field: the owner's default, else nothing. A slider or a colour
 * starts unanswered too, whatever its control shows, so that nobody's answer is invented.
 */
function initialValue(field: FormField): FieldValue {
  const fallback = field.defaultValue ?? '';
  switch (field.type) {
    case 'checkbox':
      if (isCheckboxGroup(field)) return fallback ? fallback.split(',').map((v) => v.trim()) : [];
      return fallback === 'true';
    case 'color':
      return /^#[0-9a-fA-F]{6}$/.test(fallback) ? fallback : '';
    case 'file':
      return null;
    // Nothing answered until the respondent picks: a row, or an order they moved or kept.
    case 'matrix':
    case 'address':
    case 'date_range':
      return {};
    case 'ranking':
      return [];
    // Several pictures picked are a list; one picked is its value.
    case 'picture_choice':
      return field.multiple ? (fallback ? fallback.split(',').map((v) => v.trim()) : []) : fallback;
    default:
      return fallback;
  }
}

/** The blank form: every field at its default value (display-only fields hold none). */
export function initialValues(fields: FormField[]): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) {
    if (takesAnswer(field.type)) values[field.id] = initialValue(field);
    // A phone's or an address's country picker starts at the owner's default country, if any: a
    // suggestion, sent only with what the respondent types.
    if (field.type === 'phone' || (field.type === 'address' && shownAddressParts(field).includes('country')))
      values[phoneCountryKey(field.id)] = field.defaultCountry ?? '';
  }
  return values;
}

/** A control's list of texts (ticked options, an order), or [] for any other value. */
export function textList(value: FieldValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The files a file control holds: its one file, the list of a field that takes several, or none. */
export function fileValues(value: FieldValue | undefined): FileValue[] {
  if (value === null || value === undefined || typeof value !== 'object') return [];
  const list = Array.isArray(value) ? value : [value];
  // A file has a name and a size in bytes: a matrix row or an address part named 'name' is none.
  return list.filter(
    (item): item is FileValue =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.name === 'string' &&
      typeof (item as { size?: unknown }).size === 'number',
  );
}

export function formatBytes(bytes: number, locale = 'en'): string {
  const number = (n: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(n);
  if (bytes < 1024) return `${new Intl.NumberFormat(locale).format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024)} KB`;
  return `${number(bytes / 1024 / 1024)} MB`;
}

/** Calculated values as the renderer shows them (rounded for reading; the server stores its own). */
export function withCalculated(values: FieldValues, calculated: Record<string, number | null>): FieldValues {
  const shown = { ...values };
  for (const [id, value] of Object.entries(calculated)) {
    shown[id] = value === null ? '' : String(Math.round(value * 100) / 100);
  }
  return shown;
}
