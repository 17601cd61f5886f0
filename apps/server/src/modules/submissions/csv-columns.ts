import { formatAnswer } from '@formsmith/core/fields/answer-format';
import { takesAnswer } from '@formsmith/core/fields/constants';
import { answerColumns, columnText } from '@formsmith/core/fields/export-columns';
import { fileList } from '@formsmith/core/fields/files';
import type { FormField } from '@formsmith/core/forms/field';
import { EXPORT_META_HEADERS, statusText } from '@formsmith/core/submissions/api';
import { csvCell, neutralizeCell } from '@formsmith/core/submissions/csv-line';
import { referenceText } from '@formsmith/core/submissions/reference';
import type { FileLinker } from './file-links.ts';

/** One export column: a current field (read by id, else by label) or a key of a deleted field. */
export type ExportColumn = { label: string; keys: string[]; field: FormField | undefined; row?: string };

/** Keys the public form adds for anti-spam; never answers. */
export function isInternalKey(key: string): boolean {
  return key.startsWith('_') || key === 'website';
}

/** Fields that can hold an answer, in form order (display-only fields take none). */
export function answerFields(fields: FormField[]): FormField[] {
  return fields.filter((field) => takesAnswer(field.type));
}

/** The columns a submission of each version fills: same headers for all, empty where not its field. */
export type VersionedColumns = { fallback: ExportColumn[]; byVersion: Map<number, ExportColumn[]> };

/**
 * Columns for submissions that answered different versions of a form. A field is one column per
 * label it was published with, so each answer sits under the label its respondent saw: the
 * primary fields (the live version's) in form order, then fields and labels only older versions
 * had (newest version first), then data keys no version knows, sorted. `byVersion` gives each
 * version's reading of those columns; `fallback` (the primary fields) serves unknown versions.
 */
export function versionedExportColumns(input: {
  primary: FormField[];
  versions: Map<number, FormField[]>;
  dataKeys: Iterable<string>;
}): VersionedColumns {
  const headers: { id: string; label: string; row?: string }[] = [];
  const index = new Map<string, number>();
  const known = new Set<string>();
  const layoutOf = (fields: FormField[]) => {
    const slots = new Map<number, FormField>();
    for (const field of answerFields(fields)) {
      // A matrix fills one column per row.
      for (const column of answerColumns(field)) {
        const key = `${field.id}\u0000${column.label}\u0000${column.row ?? ''}`;
        let at = index.get(key);
        if (at === undefined) {
          at = headers.push({ id: field.id, ...column }) - 1;
          index.set(key, at);
        }
        slots.set(at, field);
      }
      known.add(field.id);
      known.add(field.label);
    }
    return slots;
  };
  const primary = layoutOf(input.primary);
  const numbers = [...input.versions.keys()].sort((a, b) => b - a);
  const layouts = new Map(numbers.map((n) => [n, layoutOf(input.versions.get(n)!)]));
  const extra = [...new Set(input.dataKeys)].filter((k) => !known.has(k) && !isInternalKey(k)).sort();
  const columnsOf = (slots: Map<number, FormField>): ExportColumn[] => [
    ...headers.map((h, at) => {
      const field = slots.get(at);
      if (!field) return { label: h.label, keys: [], field: undefined };
      const column = { label: h.label, keys: [field.id, field.label], field };
      return h.row === undefined ? column : { ...column, row: h.row };
    }),
    ...extra.map((key) => ({ label: key, keys: [key], field: undefined })),
  ];
  return {
    fallback: columnsOf(primary),
    byVersion: new Map(numbers.map((n) => [n, columnsOf(layouts.get(n)!)])),
  };
}

/** The answer a column reads: under the first of its keys the data has. */
export function readAnswer(data: Record<string, unknown>, keys: string[]): unknown {
  for (const key of keys) if (Object.hasOwn(data, key)) return data[key];
  return undefined;
}

/** A stored file answer: the upload it names. */
export function uploadIdOf(item: unknown): string | undefined {
  if (!item || typeof item !== 'object') return undefined;
  const id = (item as Record<string, unknown>).upload_id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * The signed links of a file question's answer (one per file, joined by ', ' as lists are), or
 * undefined when the column is not a file question or its answer names no stored upload.
 */
export function fileLinksOf(
  column: ExportColumn,
  value: unknown,
  submissionId: string,
  link: FileLinker | undefined,
): string[] | undefined {
  if (!link || column.field?.type !== 'file') return undefined;
  const items = fileList(value);
  if (!items.some((item) => uploadIdOf(item) !== undefined)) return undefined;
  return items
    .map((item) => {
      const id = uploadIdOf(item);
      return id ? link(submissionId, id) : formatAnswer(column.field, item);
    })
    .filter((text) => text !== '');
}

/** A column's answer as text: a file question's files as their links when the export makes them. */
export function answerText(
  column: ExportColumn,
  value: unknown,
  submissionId: string,
  link: FileLinker | undefined,
): string {
  const links = fileLinksOf(column, value, submissionId, link);
  return links ? links.join(', ') : columnText(column.field, column, value);
}

/** One submission as the CSV and Excel exports read it: `createdAt` is the ISO text of its time. */
export type AnswerRow = {
  id: string;
  number: number;
  createdAt: string;
  completed: boolean;
  language: string;
  version: number;
  data: unknown;
};

/** The columns a submission of that version fills. */
export function columnsForVersion(columns: VersionedColumns, version: number): ExportColumn[] {
  return columns.byVersion.get(version) ?? columns.fallback;
}

/** The CSV header row. */
export function headerRow(columns: ExportColumn[]): string[] {
  return [...EXPORT_META_HEADERS, ...columns.map((c) => c.label)].map(neutralizeCell);
}

/** The Status column: incomplete for answers saved as the respondent went and not submitted yet. */

/**
 * One CSV row: id, ISO time, then each column's answer flattened to text and neutralised (with
 * `link`, a file question's files as signed links).
 */
export function csvRow(
  columns: ExportColumn[],
  row: {
    id: string;
    number: number;
    created_at: Date | string;
    completed: boolean;
    language: string;
    data: unknown;
  },
  link?: FileLinker,
): string[] {
  const data = row.data && typeof row.data === 'object' ? (row.data as Record<string, unknown>) : {};
  const cells = [
    referenceText(row.number),
    row.id,
    new Date(row.created_at).toISOString(),
    statusText(row.completed),
    neutralizeCell(row.language),
  ];
  for (const column of columns) {
    cells.push(neutralizeCell(answerText(column, readAnswer(data, column.keys), row.id, link)));
  }
  return cells;
}

/**
 * The same row as csvRow, built straight into one CSV line (CRLF included): the export's hot loop.
 * `createdAt` is the ISO text of the submission time.
 */
export function csvRowLine(
  columns: ExportColumn[],
  row: Omit<AnswerRow, 'version'>,
  link?: FileLinker,
): string {
  const { data } = row;
  const answers = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  let line = `${referenceText(row.number)},${csvCell(row.id)},${csvCell(row.createdAt)},${statusText(row.completed)},${csvCell(neutralizeCell(row.language))}`;
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i]!;
    line += `,${csvCell(neutralizeCell(answerText(column, readAnswer(answers, column.keys), row.id, link)))}`;
  }
  return `${line}\r\n`;
}
