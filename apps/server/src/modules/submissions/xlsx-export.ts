import { createReadStream, createWriteStream, mkdtempSync, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished, PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { columnText } from '@formsmith/core/fields/export-columns';
import { optionsOf } from '@formsmith/core/forms/field';
import { statusText } from '@formsmith/core/submissions/api';
import { neutralizeCell } from '@formsmith/core/submissions/csv-line';
import { referenceText } from '@formsmith/core/submissions/reference';
import archiver, { type Archiver } from 'archiver';
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

/** Excel's serial day number of a time (days since 1899-12-30, the fraction the time of day). */
function excelSerial(date: Date): number {
  return date.getTime() / 86_400_000 + 25_569;
}

// Characters XML 1.0 cannot carry (C0 controls but tab and line breaks, U+FFFE/F): a spreadsheet
// reader refuses the whole file over one, so they are left out of the cell's text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to remove
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const XML_SPECIAL = /[&<>"]/g;
const XML_ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text for an XML text node or a double-quoted attribute. */
function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(XML_SPECIAL, (c: string) => XML_ENTITY[c]!);
}

/** A column's letters: 0 is A, 25 Z, 26 AA. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** Cell styles of styles.xml, by place. */
const STYLE = { dateTime: 1, date: 2, bold: 3 } as const;

const STYLES_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  `<numFmts count="2"><numFmt numFmtId="164" formatCode="${DATE_TIME_FORMAT}"/><numFmt numFmtId="165" formatCode="${DATE_FORMAT}"/></numFmts>` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const SHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml';

/** The package's fixed parts: content types, relationships, the workbook naming its two sheets. */
const FIXED_PARTS: [name: string, xml: string][] = [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${SHEET_TYPE}"/>` +
      `<Override PartName="/xl/worksheets/sheet2.xml" ContentType="${SHEET_TYPE}"/>` +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
  ],
  [
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PACKAGE_REL}">` +
      `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}">` +
      '<sheets><sheet name="Responses" sheetId="1" r:id="rId1"/><sheet name="Questions" sheetId="2" r:id="rId2"/></sheets>' +
      '</workbook>',
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PACKAGE_REL}">` +
      `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/>` +
      `<Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  ],
  ['xl/styles.xml', STYLES_XML],
];

/** A sheet's opening: frozen header row and the column widths (with each column's style). */
function sheetStart(cols: { width: number; style?: number }[]): string {
  const widths = cols
    .map(
      (c, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"${c.style ? ` style="${c.style}"` : ''}/>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>' +
    `<cols>${widths}</cols><sheetData>`
  );
}

/**
 * Writes rows of cells as sheet XML. Text is written in the cell (`t="str"`), not in a shared
 * string table, so nothing grows with the rows; hyperlinks, which must follow the rows in the
 * sheet and name their targets in a part of their own, are spooled to a file as they come.
 */
class SheetWriter {
  rows = 0;
  private readonly letters: string[];
  private links: { dir: string; refs: WriteStream; targets: WriteStream; count: number } | undefined;

  constructor(
    width: number,
    private readonly styles: (number | undefined)[] = [],
  ) {
    this.letters = Array.from({ length: width }, (_, i) => columnLetters(i));
  }

  /** One row's XML; `style` applies to every cell (the bold header). */
  row(cells: Cell[], style?: number): string {
    const r = ++this.rows;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i];
      if (cell === null || cell === undefined) continue;
      const ref = `${this.letters[i]}${r}`;
      const s = style ?? this.styles[i];
      const at = s ? ` r="${ref}" s="${s}"` : ` r="${ref}"`;
      if (typeof cell === 'string') xml += `<c${at} t="str"><v>${xmlText(cell)}</v></c>`;
      else if (typeof cell === 'number') xml += Number.isFinite(cell) ? `<c${at}><v>${cell}</v></c>` : '';
      else if (typeof cell === 'boolean') xml += `<c${at} t="b"><v>${cell ? 1 : 0}</v></c>`;
      else if (cell instanceof Date) xml += `<c${at}><v>${excelSerial(cell)}</v></c>`;
      else {
        xml += `<c${at} t="str"><v>${xmlText(cell.text)}</v></c>`;
        this.link(ref, cell.hyperlink);
      }
    }
    return `${xml}</row>`;
  }

  private link(ref: string, target: string) {
    if (!this.links) {
      const dir = mkdtempSync(path.join(tmpdir(), 'formsmith-xlsx-'));
      this.links = {
        dir,
        refs: createWriteStream(path.join(dir, 'refs')),
        targets: createWriteStream(path.join(dir, 'targets')),
        count: 0,
      };
    }
    const id = `rId${++this.links.count}`;
    this.links.refs.write(`<hyperlink ref="${ref}" r:id="${id}"/>`);
    this.links.targets.write(
      `<Relationship Id="${id}" Type="${REL}/hyperlink" Target="${xmlText(target)}" TargetMode="External"/>`,
    );
  }

  /** Resolves once the spooled hyperlinks' files have taken what was written (a slow disk). */
  async spooled(): Promise<void> {
    for (const file of this.links ? [this.links.refs, this.links.targets] : []) {
      if (file.writableNeedDrain) await new Promise<void>((resolve) => file.once('drain', resolve));
    }
  }

  /** Writes what follows the rows into `sheet` and ends it; the hyperlinks' part, if any. */
  async finish(sheet: PassThrough, autoFilter: string | undefined): Promise<Readable | undefined> {
    sheet.write(`</sheetData>${autoFilter ? `<autoFilter ref="${autoFilter}"/>` : ''}`);
    const links = this.links;
    if (!links) {
      sheet.end('</worksheet>');
      return undefined;
    }
    await Promise.all([closed(links.refs), closed(links.targets)]);
    sheet.write('<hyperlinks>');
    await pipeline(createReadStream(path.join(links.dir, 'refs')), sheet, { end: false });
    sheet.end('</hyperlinks></worksheet>');
    const rels = new PassThrough();
    rels.write(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PACKAGE_REL}">`,
    );
    pipeline(createReadStream(path.join(links.dir, 'targets')), rels, { end: false })
      .then(() => rels.end('</Relationships>'))
      .catch((err: Error) => rels.destroy(err))
      .finally(() => this.discard());
    return rels;
  }

  /** Removes the spooled hyperlinks (an export stopped short, or done). */
  discard() {
    const links = this.links;
    if (!links) return;
    this.links = undefined;
    links.refs.destroy();
    links.targets.destroy();
    void rm(links.dir, { recursive: true, force: true });
  }
}

const closed = (stream: WriteStream) => new Promise<void>((resolve) => stream.end(resolve));

/** Writes `text` to `stream`, waiting while it is full (the zip behind it, or the client, slower). */
async function written(stream: PassThrough, text: string): Promise<void> {
  if (stream.write(text) || stream.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

async function writeWorkbook(
  zip: Archiver,
  columns: VersionedColumns,
  batches: AsyncIterator<AnswerRow[]>,
  first: IteratorResult<AnswerRow[]>,
  link: FileLinker | undefined,
): Promise<void> {
  const header = headerRow(columns.fallback);
  const dateColumns = columns.fallback.map((column) => (isDateColumn(column) ? STYLE.date : undefined));
  const styles = [undefined, undefined, STYLE.dateTime, undefined, undefined, ...dateColumns];
  const widths = [
    { width: 10 },
    { width: 38 },
    { width: 20, style: STYLE.dateTime },
    { width: 12 },
    { width: 12 },
    ...columns.fallback.map((column, i) => ({
      width: Math.min(40, Math.max(12, column.label.length + 2)),
      ...(dateColumns[i] ? { style: dateColumns[i] } : {}),
    })),
  ];
  const responses = new SheetWriter(header.length, styles);
  const sheet = new PassThrough();
  zip.append(sheet, { name: 'xl/worksheets/sheet1.xml' });
  // However the download ends (done, failed, or the client gone): the rows stop waiting for room
  // in the sheet, and the spooled hyperlinks are removed.
  finished(zip, () => {
    sheet.destroy();
    responses.discard();
  });
  await written(sheet, sheetStart(widths) + responses.row(header, STYLE.bold));
  let next = first;
  while (!next.done) {
    let xml = '';
    for (const row of next.value)
      xml += responses.row(xlsxRow(columnsForVersion(columns, row.version), row, link));
    await written(sheet, xml);
    await responses.spooled();
    if (zip.destroyed) {
      await batches.return?.(undefined);
      return;
    }
    next = await batches.next();
  }
  const rels = await responses.finish(sheet, `A1:${columnLetters(header.length - 1)}${responses.rows}`);
  if (rels) zip.append(rels, { name: 'xl/worksheets/_rels/sheet1.xml.rels' });

  const questions = new SheetWriter(QUESTION_HEADER.length);
  let xml = sheetStart([24, 24, 40, 12, 10, 40, 14].map((width) => ({ width })));
  xml += questions.row(QUESTION_HEADER, STYLE.bold);
  for (const cells of questionRows(columns)) xml += questions.row(cells);
  zip.append(`${xml}</sheetData></worksheet>`, { name: 'xl/worksheets/sheet2.xml' });
  for (const [name, part] of FIXED_PARTS) zip.append(part, { name });
  // Resolves once the zip has been read to its end: `finished` above cleans up either way.
  void zip.finalize().catch(() => {});
}

/**
 * The .xlsx file of these rows, streamed: each batch becomes rows of sheet XML deflated into the
 * zip as it comes, so memory stays flat however many rows there are. The first batch is read
 * before this returns, so an error there (answers sealed under a key this server lacks) answers
 * with its own status; past it, an error can only cut the download.
 */
export async function xlsxExport(
  columns: VersionedColumns,
  batches: AsyncGenerator<AnswerRow[]>,
  link?: FileLinker,
): Promise<Readable> {
  const first = await batches.next();
  // Level 1: the sheet XML repeats itself so much that more effort shrinks it little, and the
  // deflating (on libuv's threads) then keeps up with the rows.
  const zip = archiver('zip', { zlib: { level: 1 } });
  const fail = (err: Error) => {
    void batches.return(undefined);
    zip.destroy(err);
  };
  zip.on('error', fail);
  writeWorkbook(zip, columns, batches, first, link).catch(fail);
  return zip;
}
