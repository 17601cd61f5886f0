import { type FormField, optionsOf } from '../forms/field.ts';
import { addressText } from './address.ts';
import { dateRangeText } from './date-range.ts';
import { matrixText } from './matrix.ts';
import { phoneText } from './phone.ts';
import { rankingText } from './ranking.ts';
import { signatureText } from './signature.ts';

function formatOne(field: FormField | undefined, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string') {
    if (field?.type === 'yes_no' && (value === 'yes' || value === 'no'))
      return value === 'yes' ? 'Yes' : 'No';
    const option = field && optionsOf(field)?.find((o) => o.value === value);
    return option ? option.label : value;
  }
  if (Array.isArray(value))
    return value
      .map((item) => formatOne(field, item))
      .filter(Boolean)
      .join(', ');
  if (typeof value === 'object') {
    // Uploaded files are stored as objects; their name is what a reader wants.
    const named = (value as Record<string, unknown>).name ?? (value as Record<string, unknown>).filename;
    if (typeof named === 'string') return named;
    try {
      return JSON.stringify(value);
    } catch {
      return '';
    }
  }
  return String(value);
}

/**
 * An answer as one line of text for CSV export, tables and analytics: lists joined by ', ',
 * booleans Yes/No, option values shown by their label, no answer as ''.
 */
export function formatAnswer(field: FormField | undefined, value: unknown): string {
  if (field?.type === 'matrix') return matrixText(field, value);
  if (field?.type === 'ranking') return rankingText(field, value);
  if (field?.type === 'phone') return phoneText(value);
  if (field?.type === 'signature') return signatureText(value);
  if (field?.type === 'address') return addressText(value);
  if (field?.type === 'date_range') return dateRangeText(value);
  return formatOne(field, value);
}
