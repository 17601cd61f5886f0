import { takesAnswer } from '@formsmith/core/fields/constants';
import { type FormField, rulesOf } from '@formsmith/core/forms/field';

/** A file field's answer once uploaded (what the submit sends). */
export type FileValue = { upload_id?: string; name: string; size: number; type: string };

/** What a control holds: text for most, a list for multiple checkboxes, a flag for one checkbox. */
export type FieldValue = string | string[] | boolean | FileValue | null;

export type FieldValues = Record<string, FieldValue>;

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

function initialValue(field: FormField): FieldValue {
  const fallback = field.defaultValue ?? '';
  switch (field.type) {
    case 'checkbox':
      if (isCheckboxGroup(field)) return fallback ? fallback.split(',').map((v) => v.trim()) : [];
      return fallback === 'true';
    case 'range':
      return fallback || String(rulesOf(field).min ?? 0);
    case 'color':
      return /^#[0-9a-fA-F]{6}$/.test(fallback) ? fallback : '#000000';
    case 'file':
      return null;
    default:
      return fallback;
  }
}

/** The blank form: every field at its default value (display-only fields hold none). */
export function initialValues(fields: FormField[]): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) if (takesAnswer(field.type)) values[field.id] = initialValue(field);
  return values;
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
