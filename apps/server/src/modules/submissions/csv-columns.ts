import { formatAnswer } from '@formsmith/core/fields/answer-format';
import type { FormField } from '@formsmith/core/forms/field';
import { csvCell } from './csv-line.ts';

/** One export column: a current field (read by id, else by label) or a key of a deleted field. */
export type ExportColumn = { label: string; keys: string[]; field: FormField | undefined };

/** Keys the public form adds for anti-spam; never answers. */
function isInternalKey(key: string): boolean {
  return key.startsWith('_') || key === 'website';
}

/** Fields that can hold an answer, in form order (image fields only show a picture). */
export function answerFields(fields: FormField[]): FormField[] {
  return fields.filter((field) => field.type !== 'image');
}

/**
 * The current fields in form order, then every other key found in the data (answers to fields
 * deleted since), sorted, so that no stored answer is left out of an export.
 */
export function exportColumns(formFields: FormField[], dataKeys: Iterable<string>): ExportColumn[] {
  const fields = answerFields(formFields);
  const known = new Set<string>();
  const columns: ExportColumn[] = fields.map((field) => {
    known.add(field.id);
    known.add(field.label);
    return { label: field.label, keys: [field.id, field.label], field };
  });
  const extra = [...new Set(dataKeys)].filter((k) => !known.has(k) && !isInternalKey(k)).sort();
  for (const key of extra) columns.push({ label: key, keys: [key], field: undefined });
  return columns;
}

/**
 * A spreadsheet would run a cell starting with these as a formula (CSV injection), also behind
 * leading white space or line breaks (which spreadsheets trim), and in their full-width forms.
 */
const FORMULA_START = /^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r\n]/;
/** A plain number ('-5', '+3', '-2.50', '1e3'): a spreadsheet reads it as that number, no formula. */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Prefixes a quote to text a spreadsheet would read as a formula; plain numbers stay as they are. */
export function neutralizeCell(text: string): string {
  if (PLAIN_NUMBER.test(text)) return text;
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function readAnswer(data: Record<string, unknown>, keys: string[]): unknown {
  for (const key of keys) if (Object.hasOwn(data, key)) return data[key];
  return undefined;
}

/** The CSV header row. */
export function headerRow(columns: ExportColumn[]): string[] {
  return ['Submission ID', 'Submitted At', ...columns.map((c) => c.label)].map(neutralizeCell);
}

/** One CSV row: id, ISO time, then each column's answer flattened to text and neutralised. */
export function csvRow(
  columns: ExportColumn[],
  row: { id: string; created_at: Date | string; data: unknown },
): string[] {
  const data = row.data && typeof row.data === 'object' ? (row.data as Record<string, unknown>) : {};
  const cells = [row.id, new Date(row.created_at).toISOString()];
  for (const column of columns) {
    cells.push(neutralizeCell(formatAnswer(column.field, readAnswer(data, column.keys))));
  }
  return cells;
}

/**
 * The same row as csvRow, built straight into one CSV line (CRLF included): the export's hot loop.
 * `createdAt` is the ISO text of the submission time.
 */
export function csvRowLine(columns: ExportColumn[], id: string, createdAt: string, data: unknown): string {
  const answers = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  let line = `${csvCell(id)},${csvCell(createdAt)}`;
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i]!;
    line += `,${csvCell(neutralizeCell(formatAnswer(column.field, readAnswer(answers, column.keys))))}`;
  }
  return `${line}\r\n`;
}
