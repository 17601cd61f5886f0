import type { FormField } from '../forms/field.ts';
import { ADDRESS_PART_NAMES, addressPart, isAddressPart, shownAddressParts } from './address.ts';
import { formatAnswer } from './answer-format.ts';
import { DATE_RANGE_PART_NAMES, DATE_RANGE_PARTS, dateRangePart, isDateRangePart } from './date-range.ts';
import { matrixRowText } from './matrix.ts';
import { signedAtText } from './signature.ts';

/**
 * The columns a field's answer fills in a CSV file or a table: one for most fields, one per row
 * for a matrix (each row is a question of its own, read and sorted apart), named 'Label [Row]',
 * one per shown part for an address, named 'Label — City'. `row` names the matrix row or the
 * address part. A date range has two, 'Label [Start]' and 'Label [End]'.
 */
export type AnswerColumn = { label: string; row?: string };

/** The `row` of a signature's second column: when it was signed. */
export const SIGNED_AT_COLUMN = '\u0000signed_at';

export function answerColumns(field: FormField): AnswerColumn[] {
  if (field.type === 'matrix')
    return field.rows.map((row) => ({ label: `${field.label} [${row.label}]`, row: row.value }));
  // A signature: its file (or typed name), then when it was signed.
  if (field.type === 'signature')
    return [{ label: field.label }, { label: `${field.label} [Signed at]`, row: SIGNED_AT_COLUMN }];
  if (field.type === 'address')
    return shownAddressParts(field).map((part) => ({
      label: `${field.label} — ${ADDRESS_PART_NAMES[part]}`,
      row: part,
    }));
  if (field.type === 'date_range')
    return DATE_RANGE_PARTS.map((part) => ({
      label: `${field.label} [${DATE_RANGE_PART_NAMES[part]}]`,
      row: part,
    }));
  return [{ label: field.label }];
}

/** The text of one of those columns for an answer. */
export function columnText(field: FormField | undefined, column: { row?: string }, value: unknown): string {
  if (field?.type === 'matrix' && column.row !== undefined) return matrixRowText(field, value, column.row);
  if (field?.type === 'signature' && column.row === SIGNED_AT_COLUMN) return signedAtText(value);
  // The country as its ISO code (GB): one spelling whatever the form's language.
  if (field?.type === 'address' && isAddressPart(column.row)) return addressPart(value, column.row);
  if (field?.type === 'date_range' && isDateRangePart(column.row)) return dateRangePart(value, column.row);
  return formatAnswer(field, value);
}
