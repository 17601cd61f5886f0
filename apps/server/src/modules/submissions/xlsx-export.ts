import { PassThrough, type Readable } from 'node:stream';
import { columnText } from '@formsmith/core/fields/export-columns';
import { optionsOf } from '@formsmith/core/forms/field';
import { EXPORT_META_HEADERS, statusText } from '@formsmith/core/submissions/api';
import { neutralizeCell } from '@formsmith/core/submissions/csv-line';
import { referenceText } from '@formsmith/core/submissions/reference';
import {
  type AnswerRow,
  columnsForVersion,
  type ExportColumn,
  fileLinksOf,
  headerRow,
  readAnswer,
  type VersionedColumns,
} from './csv-columns.ts';
import type { FileLinker } from './file-links.ts';

/** The media type of an .xlsx file. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Cell = string | number | boolean | Date | null | { text: string; hyperlink: string };

/** Field types whose answer is a number (a number cell when it reads as one). */
const NUMBER_TYPES = new Set(['number', 'range', 'nps', 'rating', 'calculated']);
const DECIMAL = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_FORMAT = 'yyyy-mm-dd';
const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** The cells before the answers: reference, id, time, status, language. */
const LEADING = EXPORT_META_HEADERS.length;

/** A YYYY-MM-DD text as that day (midnight UTC, which Excel shows as the day), else undefined. */
function isoDay(text: string): Date | undefined {
  if (!ISO_DATE.test(text)) return undefined;
  const day = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text) ? day : undefined;
}

/** Whether a column holds dates (a date field, or one date of a date range). */
function isDateColumn(column: ExportColumn): boolean {
  return column.field?.type === 'date' || column.field?.type === 'date_range';
}

/**
 * One answer as a typed cell: a number for numeric fields, a date for dates, a boolean for yes/no;
 * otherwise the CSV export's text, neutralised by the same function (so a formula-looking answer
 * stays text with its quote), and no answer as an empty cell.
 */
export function xlsxCell(
  column: ExportColumn,
  data: Record<string, unknown>,
  file?: { submissionId: string; link: FileLinker },
): Cell {
  const value = readAnswer(data, column.keys);
  if (value === undefined || value === null) return null;
  // A file question's files as their signed links; one file is a link the reader clicks.
  const links = fileLinksOf(column, value, file?.submissionId ?? '', file?.link);
  if (links) {
    if (links.length === 1 && links[0]!.startsWith('http')) return { text: links[0]!, hyperlink: links[0]! };
    return links.length === 0 ? null : neutralizeCell(links.join(', '));
  }
  const type = column.field?.type;
  if (type === 'yes_no' && (value === 'yes' || value === 'no')) return value === 'yes';
  if (typeof value === 'boolean' && column.row === undefined) return value;
  const text = columnText(column.field, column, value);
  if (text === '') return null;
  if (type !== undefined && NUMBER_TYPES.has(type) && DECIMAL.test(text)) return Number(text);
  if (isDateColumn(column)) {
    const day = isoDay(text);
    if (day) return day;
  }
  return neutralizeCell(text);
}

/** A row of the Responses sheet. */
export function xlsxRow(columns: ExportColumn[], row: AnswerRow, link?: FileLinker): Cell[] {
  const data = row.data && typeof row.data === 'object' ? (row.data as Record<string, unknown>) : {};
  const cells: Cell[] = [
    referenceText(row.number),
    row.id,
    new Date(row.createdAt),
    statusText(row.completed),
    neutralizeCell(row.language),
  ];
  const file = link ? { submissionId: row.id, link } : undefined;
  for (const column of columns) cells.push(xlsxCell(column, data, file));
  return cells;
}

/**
 * The Questions sheet: one row per answer column of the Responses sheet, with the field it reads
 * (from the live version, else the newest version that had it) and whether the live form has it.
 */
function questionRows(columns: VersionedColumns): Cell[][] {
  const versions = [...columns.byVersion.values()];
  return columns.fallback.map((column, i) => {
    const field = column.field ?? versions.map((v) => v[i]?.field).find(Boolean);
    const options = field ? optionsOf(field)?.map((o) => o.label) : undefined;
    return [
      column.label,
      field?.id ?? column.label,
      field ? field.label : null,
      field?.type ?? null,
      field ? Boolean(field.validation?.required) : null,
      options?.length ? options.join(', ') : null,
      column.field !== undefined,
    ].map((cell) => (typeof cell === 'string' ? neutralizeCell(cell) : cell));
  });
}

const QUESTION_HEADER = ['Column', 'Key', 'Question', 'Type', 'Required', 'Options', 'In the live form'];

/** Resolves once `out` can take more (or is gone). */
function drained(out: PassThrough): Promise<void> {
  if (out.destroyed || !out.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function writeWorkbook(
  out: PassThrough,
  columns: VersionedColumns,
  batches: AsyncIterator<AnswerRow[]>,
  first: IteratorResult<AnswerRow[]>,
  link: FileLinker | undefined,
): Promise<void> {
  // Loaded on the first Excel export: a large library that most requests never need.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const header = headerRow(columns.fallback);
  const sheet = workbook.addWorksheet('Responses', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.getColumn(1).width = 10;
  sheet.getColumn(2).width = 38;
  sheet.getColumn(3).width = 20;
  sheet.getColumn(3).numFmt = DATE_TIME_FORMAT;
  columns.fallback.forEach((column, i) => {
    const at = sheet.getColumn(LEADING + 1 + i);
    at.width = Math.min(40, Math.max(12, column.label.length + 2));
    if (isDateColumn(column)) at.numFmt = DATE_FORMAT;
  });
  const top = sheet.addRow(header);
  top.font = { bold: true };
  top.commit();
  let rows = 1;
  let next = first;
  while (!next.done) {
    for (const row of next.value)
      sheet.addRow(xlsxRow(columnsForVersion(columns, row.version), row, link)).commit();
    rows += next.value.length;
    // Let the zip take what was written, and wait while the client is slower than the export.
    await nextTurn();
    await drained(out);
    if (out.destroyed) {
      await batches.return?.(undefined);
      return;
    }
    next = await batches.next();
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows, column: header.length } };
  sheet.commit();

  const questions = workbook.addWorksheet('Questions', { views: [{ state: 'frozen', ySplit: 1 }] });
  [24, 24, 40, 12, 10, 40, 14].forEach((width, i) => {
    questions.getColumn(i + 1).width = width;
  });
  const titles = questions.addRow(QUESTION_HEADER);
  titles.font = { bold: true };
  titles.commit();
  for (const cells of questionRows(columns)) questions.addRow(cells).commit();
  questions.commit();
  await workbook.commit();
}

/**
 * The .xlsx file of these rows, streamed: each batch becomes rows written into the zip as it
 * comes, so memory stays flat however many rows there are. The first batch is read before this
 * returns, so an error there (answers sealed under a key this server lacks) answers with its own
 * status; past it, an error can only cut the download.
 */
export async function xlsxExport(
  columns: VersionedColumns,
  batches: AsyncGenerator<AnswerRow[]>,
  link?: FileLinker,
): Promise<Readable> {
  const first = await batches.next();
  const out = new PassThrough();
  writeWorkbook(out, columns, batches, first, link).catch((err: Error) => {
    void batches.return(undefined);
    out.destroy(err);
  });
  return out;
}
