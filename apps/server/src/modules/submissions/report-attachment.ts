import type { Readable } from 'node:stream';
import type { ReportFormat } from '@formsmith/core/reports/scheduled';
import { csvLine } from '@formsmith/core/submissions/csv-line';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../db/client.ts';
import { submissions } from '../../db/schema.ts';
import type { MailAttachment } from '../../mail/mailer.ts';
import { type FormRow, findAnsweredFields } from '../forms/index.ts';
import {
  type AnswerRow,
  columnsForVersion,
  csvRowLine,
  headerRow,
  versionedExportColumns,
} from './csv-columns.ts';
import { keysetBatches } from './export.ts';
import { XLSX_TYPE, xlsxExport } from './xlsx-export.ts';

const PAGE = 500;
const BOM = '\uFEFF';

/** A report's window: responses submitted after `since` up to and including `until`. */
export type ReportWindow = { since: Date; until: Date };

const inWindow = (formId: number, window: ReportWindow) =>
  and(
    eq(submissions.formId, formId),
    eq(submissions.completed, true),
    gt(submissions.createdAt, window.since),
    lte(submissions.createdAt, window.until),
  );

/**
 * How many responses the window holds, and how many of them are end-to-end encrypted (only the
 * owner's unlocked browser reads those, so a report cannot carry them).
 */
export async function countReportWindow(
  app: FastifyInstance,
  formId: number,
  window: ReportWindow,
): Promise<{ total: number; sealedEndToEnd: number }> {
  const [row] = await queryRows<{ total: number; sealed: number }>(
    app.db,
    sql`select count(*)::int as total, count(*) filter (where envelope is not null)::int as sealed
      from submissions where ${inWindow(formId, window)}`,
  );
  return { total: Number(row?.total ?? 0), sealedEndToEnd: Number(row?.sealed ?? 0) };
}

/** The window's responses that the server can read, oldest first, in pages (export's keyset reader). */
async function* windowRows(app: FastifyInstance, formId: number, window: ReportWindow) {
  const where = and(inWindow(formId, window), isNull(submissions.envelope));
  for await (const rows of keysetBatches(app, formId, PAGE, where)) {
    yield rows.map(
      (r): AnswerRow => ({
        id: r.id,
        number: r.number,
        createdAt: r.created_at.toISOString(),
        completed: r.completed,
        language: r.language,
        version: r.form_version,
        data: r.data,
      }),
    );
  }
}

/** The columns, as the form's export gives them: the live version's fields, then older ones. */
async function windowColumns(app: FastifyInstance, form: FormRow, window: ReportWindow) {
  const rows = await queryRows<{ v: number }>(
    app.db,
    sql`select distinct form_version as v from submissions where ${inWindow(form.id, window)}`,
  );
  const wanted = rows.map((r) => Number(r.v));
  if (form.publishedVersion !== null) wanted.push(form.publishedVersion);
  const versions = await findAnsweredFields(app.db, form.id, wanted);
  const primary = (form.publishedVersion !== null && versions.get(form.publishedVersion)) || form.fields;
  return versionedExportColumns({ primary, versions, dataKeys: [] });
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function fileBase(form: FormRow, window: ReportWindow): string {
  const slug =
    form.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || `form-${form.id}`;
  return `${slug}-responses-${window.until.toISOString().slice(0, 10)}`;
}

/**
 * The window's responses as the CSV or Excel file the form's export would give for them (same
 * columns, labels per answered version, formula injection neutralised by the same code).
 */
export async function buildResponsesAttachment(
  app: FastifyInstance,
  form: FormRow,
  format: ReportFormat,
  window: ReportWindow,
): Promise<MailAttachment> {
  const columns = await windowColumns(app, form, window);
  const filename = `${fileBase(form, window)}.${format}`;
  if (format === 'xlsx') {
    const bytes = await collect(await xlsxExport(columns, windowRows(app, form.id, window)));
    return { filename, contentType: XLSX_TYPE, base64: bytes.toString('base64') };
  }
  let text = BOM + csvLine(headerRow(columns.fallback));
  for await (const rows of windowRows(app, form.id, window)) {
    for (const r of rows) text += csvRowLine(columnsForVersion(columns, r.version), r);
  }
  return {
    filename,
    contentType: 'text/csv; charset=utf-8',
    base64: Buffer.from(text, 'utf8').toString('base64'),
  };
}
