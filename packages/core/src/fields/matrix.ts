import type { FieldOf, FieldOption, FormField } from '../forms/field.ts';
import { isRecord } from './read.ts';

// A matrix (Likert grid): each row is a question answered from the same columns. The answer is an
// object keyed by row value, holding a column value (radios) or a list of them (checkboxes); rows
// left unanswered are absent, so nothing is stored for them.

export type MatrixField = FieldOf<'matrix'>;
/** What reading a matrix answer as text needs: its rows and columns. */
export type MatrixGrid = Pick<MatrixField, 'rows' | 'columns'>;
export type MatrixAnswer = Record<string, string | string[]>;

/** The rows and columns a new matrix gets in the editor. */
export function newMatrixRows(): FieldOption[] {
  return [1, 2, 3].map((n) => ({ id: `row_${n}`, label: `Row ${n}`, value: `row_${n}` }));
}
export function newMatrixColumns(): FieldOption[] {
  return ['Disagree', 'Neutral', 'Agree'].map((label, i) => ({
    id: `column_${i + 1}`,
    label,
    value: label.toLowerCase(),
  }));
}

/**
 * The page's name for one row's inputs: the radios (or checkboxes) of a row share it, so a row is
 * one radio group with JavaScript or without, and a form posted without JavaScript names each row.
 */
export function matrixCellName(fieldId: string, rowValue: string): string {
  return `${fieldId}[${rowValue}]`;
}

/** Whether a value has a matrix answer's shape: an object of texts or lists of texts. */
export function isMatrixShape(value: unknown): value is MatrixAnswer {
  return (
    isRecord(value) &&
    Object.values(value).every(
      (cell) => typeof cell === 'string' || (Array.isArray(cell) && cell.every((c) => typeof c === 'string')),
    )
  );
}

/** The columns picked in one row of an answer (none when the row is unanswered). */
export function matrixRowAnswer(value: unknown, rowValue: string): string[] {
  if (!isRecord(value) || !Object.hasOwn(value, rowValue)) return [];
  const cell = value[rowValue];
  if (typeof cell === 'string') return cell === '' ? [] : [cell];
  return Array.isArray(cell) ? cell.filter((c): c is string => typeof c === 'string' && c !== '') : [];
}

function columnOf(field: MatrixGrid, answer: string): FieldOption | undefined {
  return field.columns.find((c) => c.value === answer) ?? field.columns.find((c) => c.label === answer);
}

/**
 * The answer as stored: empty rows dropped, a column given by its label stored by its value, one
 * column as text on a radio matrix. What cannot be read is returned as sent, for validation.
 */
export function storedMatrix(field: MatrixField, value: unknown): unknown {
  if (!isRecord(value)) return value;
  const stored: MatrixAnswer = {};
  for (const [row, cell] of Object.entries(value)) {
    const list = typeof cell === 'string' ? [cell] : Array.isArray(cell) ? cell : undefined;
    if (!list?.every((c) => typeof c === 'string')) return value;
    const picked = (list as string[])
      .filter((c) => c.trim() !== '')
      .map((c) => columnOf(field, c)?.value ?? c);
    if (picked.length === 0) continue;
    stored[row] = field.multiple ? picked : picked.length === 1 ? (picked[0] as string) : picked;
  }
  return stored;
}

export type MatrixMessages = { option: string; matrixRows: string };

/** Why a (non-empty) matrix answer is refused, or null. */
export function checkMatrix(field: MatrixField, value: unknown, m: MatrixMessages): string | null {
  if (!isRecord(value)) return m.option;
  const rows = new Set(field.rows.map((r) => r.value));
  const columns = new Set(field.columns.map((c) => c.value));
  for (const [row, cell] of Object.entries(value)) {
    if (!rows.has(row)) return m.option;
    if (!field.multiple && Array.isArray(cell) && cell.length > 1) return m.option;
    const list = typeof cell === 'string' ? [cell] : Array.isArray(cell) ? cell : undefined;
    if (!list || list.length > columns.size) return m.option;
    if (!list.every((c) => typeof c === 'string' && (c === '' || columns.has(c) || columnOf(field, c))))
      return m.option;
  }
  // A required matrix is a required question in every row.
  if (field.validation.required && field.rows.some((r) => matrixRowAnswer(value, r.value).length === 0))
    return m.matrixRows;
  return null;
}

/** One row's answer as text: the columns' labels. */
export function matrixRowText(field: MatrixGrid, value: unknown, rowValue: string): string {
  return matrixRowAnswer(value, rowValue)
    .map((c) => columnOf(field, c)?.label ?? c)
    .join(', ');
}

/** The whole answer as one line: 'Row: Column; Row: Column, Column'. */
export function matrixText(field: MatrixGrid, value: unknown): string {
  return field.rows
    .map((row) => [row.label, matrixRowText(field, value, row.value)] as const)
    .filter(([, text]) => text !== '')
    .map(([label, text]) => `${label}: ${text}`)
    .join('; ');
}

export function isMatrix(field: FormField): field is MatrixField {
  return field.type === 'matrix';
}
