import { Readable } from 'node:stream';
import { type ExportFormat, statusText } from '@formsmith/core/submissions/api';
import { csvLine } from '@formsmith/core/submissions/csv-line';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { to as copyTo } from 'pg-copy-streams';
import { queryRows } from '../../db/client.ts';
import {
  CopyRowSplitter,
  copyDate,
  copyFields,
  copyJsonbText,
  copyText,
  copyTimestampReader,
  copyUuid,
  int32,
} from '../../db/copy-binary.ts';
import { submissions } from '../../db/schema.ts';
import { conflict } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { findAnsweredFields } from '../forms/index.ts';
import { readAnswers } from './answer-sealing.ts';
import { openCopiedOffThread } from './answers-off-thread.ts';
import type { CopiedRun } from './answers-worker.ts';
import {
  type AnswerRow,
  columnsForVersion,
  csvRow,
  csvRowLine,
  type ExportColumn,
  fileLinksOf,
  headerRow,
  uploadIdOf,
  type VersionedColumns,
  versionedExportColumns,
} from './csv-columns.ts';
import { type FileLinker, fileLinker } from './file-links.ts';
import { type OwnedForm, toWireSubmission } from './repository.ts';
import { xlsxExport } from './xlsx-export.ts';

const BOM = '\uFEFF';

type ExportRow = {
  id: string;
  number: number;
  form_id: number;
  created_at: Date;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  completed: boolean;
  form_version: number;
  language: string;
  progress: Record<string, unknown> | null;
  updated_at: Date;
};

const BATCH = 5000;
/**
 * Rows per CSV (and Excel) batch on PGlite (on PostgreSQL a batch is the rows of one read of the
 * COPY stream, a few hundred). Three batches are alive at once (read, opening in the worker,
 * written), and rows that live across a garbage collection are promoted and grow the heap: small
 * batches keep an export's memory flat (2,000 rows per batch grew the process by about 10 MB more).
 */
const CSV_BATCH = 500;

/**
 * Keyset pages, oldest first: for PGlite (a single connection: nothing may hold it between
 * batches), and for a few rows of a form that `where` picks (a scheduled report's window).
 */
export async function* keysetBatches(
  app: FastifyInstance,
  formId: number,
  batch: number,
  where?: SQL,
): AsyncGenerator<ExportRow[]> {
  let after: { createdAt: Date; id: string } | undefined;
  while (true) {
    const rows = await app.db
      .select()
      .from(submissions)
      .where(
        and(
          eq(submissions.formId, formId),
          where,
          after
            ? sql`(${submissions.createdAt}, ${submissions.id}) > (${after.createdAt}, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(submissions.createdAt), asc(submissions.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      id: r.id,
      number: r.number,
      form_id: r.formId,
      created_at: r.createdAt,
      data: readAnswers(app.keyring, r),
      metadata: r.metadata,
      completed: r.completed,
      form_version: r.formVersion,
      language: r.language,
      progress: r.progress,
      updated_at: r.updatedAt,
    }));
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
    if (rows.length < batch) return;
  }
}

/** Whole submissions of one form, oldest first, in batches (the JSON exports). */
export async function* submissionBatches(app: FastifyInstance, formId: number): AsyncGenerator<ExportRow[]> {
  if (!app.database.pool) {
    yield* keysetBatches(app, formId, BATCH);
    return;
  }
  const open = ({ run, fields }: CopyRun) =>
    openCopiedOffThread(app.keyring, { run, fields, width: SUBMISSION_WIDTH, id: 0, sealed: 10 });
  for await (const { batch, opened } of openedBatches(
    copyRuns(app, formId, SUBMISSION_COLUMNS, SUBMISSION_WIDTH),
    open,
  )) {
    const { run, fields } = batch;
    const rows: ExportRow[] = [];
    for (let r = 0, f = 0; f < fields.length; r++, f += SUBMISSION_WIDTH * 2) {
      const json = (at: number) => {
        const text = copyJsonbText(run, fields[f + at * 2]!, fields[f + at * 2 + 1]!);
        return text === null ? null : JSON.parse(text);
      };
      const id = copyUuid(run, fields[f]!);
      rows.push({
        id,
        form_id: int32(run, fields[f + 2]!),
        created_at: copyDate(run, fields[f + 4]!),
        data: opened[r] ?? readAnswers(app.keyring, { id, data: json(3), sealedData: null }),
        metadata: (json(4) ?? {}) as Record<string, unknown>,
        completed: run[fields[f + 10]!] === 1,
        form_version: int32(run, fields[f + 12]!),
        language: copyText(run, fields[f + 14]!, fields[f + 15]!),
        progress: json(8) as Record<string, unknown> | null,
        updated_at: copyDate(run, fields[f + 18]!),
        number: int32(run, fields[f + 22]!),
      });
    }
    yield rows;
  }
}

/** The JSON export's columns, in the order submissionBatches reads them. */
const SUBMISSION_COLUMNS = `id, form_id, created_at, case when sealed_data is null then data end, metadata,
  completed, form_version, language, progress, updated_at, sealed_data, number`;
const SUBMISSION_WIDTH = 12;

/**
 * Batches with their rows' sealed answers opened in the worker thread (`open` asks for a batch's;
 * null where a row has none: rows from before encryption at rest), one batch behind the reader:
 * the worker opens a batch while this thread reads the next one and turns the last one into
 * text, so the main thread stays free for other requests.
 */
async function* openedBatches<B>(
  batches: AsyncIterable<B>,
  open: (batch: B) => Promise<(Record<string, unknown> | null)[]>,
): AsyncGenerator<{ batch: B; opened: (Record<string, unknown> | null)[] }> {
  const opening: { batch: B; opened: Promise<(Record<string, unknown> | null)[]> }[] = [];
  for await (const batch of batches) {
    opening.push({ batch, opened: open(batch) });
    if (opening.length > 1) {
      const next = opening.shift()!;
      yield { batch: next.batch, opened: await next.opened };
    }
  }
  for (const next of opening) yield { batch: next.batch, opened: await next.opened };
}

/**
 * The rows the CSV and Excel exports write, oldest first, in batches. On PostgreSQL the rows come
 * from a binary COPY (the metadata never read) and a worker thread opens the sealed answers of a
 * batch while this thread reads the next one and writes the last one out: opening costs about as
 * much as all the rest of a row's way to the client.
 */
async function* answerRowBatches(app: FastifyInstance, formId: number): AsyncGenerator<AnswerRow[]> {
  if (!app.database.pool) {
    for await (const rows of keysetBatches(app, formId, CSV_BATCH)) {
      yield rows.map((r) => ({
        id: r.id,
        number: r.number,
        createdAt: new Date(r.created_at).toISOString(),
        completed: r.completed,
        language: r.language,
        version: r.form_version,
        data: r.data,
      }));
    }
    return;
  }
  const open = ({ copied }: CopiedBatch) => openCopiedOffThread(app.keyring, copied);
  for await (const { batch, opened } of openedBatches(copiedAnswerRows(app, formId), open)) {
    yield batch.rows.map((r, i) => ({
      id: r[0],
      number: r[6],
      createdAt: r[1],
      data: opened[i] ?? (r[2] ? JSON.parse(r[2]) : {}),
      version: r[3],
      completed: r[4],
      language: r[5],
    }));
  }
}

/**
 * A row as answerRowBatches reads it from PostgreSQL: id, ISO time, the answers' JSON text where
 * they are clear (rows from before encryption at rest), form version, completed, language, number.
 * Its sealed answers stay in the run for the worker thread.
 */
type CopiedRow = [string, string, string | null, number, boolean, string, number];
type CopiedBatch = { rows: CopiedRow[]; copied: CopiedRun };

/** The export's columns, in the order copiedRows reads them. */
const COPIED_COLUMNS = `id, created_at, case when sealed_data is null then data end, form_version, completed,
  language, sealed_data, number`;
const COPIED_WIDTH = 8;

/** The form's rows for the CSV and Excel exports, oldest first, in runs of a binary COPY. */
async function* copiedAnswerRows(app: FastifyInstance, formId: number): AsyncGenerator<CopiedBatch> {
  const timestamp = copyTimestampReader();
  for await (const { run, fields } of copyRuns(app, formId, COPIED_COLUMNS, COPIED_WIDTH)) {
    yield {
      rows: copiedRows(run, fields, timestamp),
      copied: { run, fields, width: COPIED_WIDTH, id: 0, sealed: 6 },
    };
  }
}

/** Whole rows of a binary COPY and their fields' places (copyFields). */
type CopyRun = { run: Buffer; fields: Int32Array };

/**
 * A form's submissions, oldest first, by a binary COPY of `columns` (trusted text, `width` of
 * them), in runs of whole rows as they arrive. COPY costs the database about half the CPU a
 * cursor's fetches do (no message to build a row, no text to make of times and bytes), and the
 * fields are read in place; the sealed answers go to the worker as the bytes they are. The stream
 * is read only as fast as the export is taken; a reader that stops early (client gone) ends the
 * COPY by closing its connection.
 */
async function* copyRuns(
  app: FastifyInstance,
  formId: number,
  columns: string,
  width: number,
): AsyncGenerator<CopyRun> {
  const client = await app.database.pool!.connect();
  let finished = false;
  try {
    // formId is a validated integer; COPY takes no bind parameters.
    const copy = client.query(
      copyTo(
        `COPY (select ${columns} from submissions where form_id = ${Number(formId)}
          order by created_at, id) TO STDOUT (FORMAT binary)`,
      ),
    );
    const splitter = new CopyRowSplitter();
    for await (const chunk of copy as AsyncIterable<Buffer>) {
      const bytes = splitter.push(chunk);
      if (bytes)
        yield {
          run: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          fields: copyFields(bytes, width),
        };
    }
    splitter.end();
    finished = true;
  } finally {
    // A COPY stopped part way leaves the connection mid-protocol: close it rather than pool it.
    client.release(!finished);
  }
}

function copiedRows(
  run: Buffer,
  fields: Int32Array,
  timestamp: ReturnType<typeof copyTimestampReader>,
): CopiedRow[] {
  const rows: CopiedRow[] = [];
  for (let f = 0; f < fields.length; f += COPIED_WIDTH * 2) {
    rows.push([
      copyUuid(run, fields[f]!),
      timestamp(run, fields[f + 2]!),
      copyJsonbText(run, fields[f + 4]!, fields[f + 5]!),
      int32(run, fields[f + 6]!),
      run[fields[f + 8]!] === 1,
      copyText(run, fields[f + 10]!, fields[f + 11]!),
      int32(run, fields[f + 14]!),
    ]);
  }
  return rows;
}

/** The CSV body lines, one string per batch. */
async function* csvBatches(
  app: FastifyInstance,
  formId: number,
  columns: VersionedColumns,
  link: FileLinker,
) {
  for await (const rows of answerRowBatches(app, formId)) {
    let text = '';
    for (const r of rows) text += csvRowLine(columnsForVersion(columns, r.version), r, link);
    yield text;
  }
}

/**
 * The data keys of all the form's submissions: one cheap pass before streaming, because the
 * header row must name the columns of fields deleted since (their answers are still stored).
 * Only clear rows (from before encryption at rest) are read: sealed answers were stored by
 * the intake, which keeps only the answered version's own fields, and every answered version's
 * fields are columns already.
 */
async function distinctDataKeys(app: FastifyInstance, formId: number): Promise<string[]> {
  const rows = await queryRows<{ k: string }>(
    app.db,
    sql`select distinct k from submissions, jsonb_object_keys(
        case when jsonb_typeof(data) = 'object' then data else '{}'::jsonb end) as k
      where form_id = ${formId}`,
  );
  return rows.map((r) => r.k);
}

/** The form versions the form's submissions answered. */
async function answeredVersions(app: FastifyInstance, formId: number): Promise<number[]> {
  const rows = await queryRows<{ v: number }>(
    app.db,
    sql`select distinct form_version as v from submissions where form_id = ${formId}`,
  );
  return rows.map((r) => Number(r.v));
}

async function* csvChunks(
  app: FastifyInstance,
  form: OwnedForm,
  columns: VersionedColumns,
  link: FileLinker,
) {
  yield BOM + csvLine(headerRow(columns.fallback));
  yield* csvBatches(app, form.id, columns, link);
}

/** A submission as the JSON export gives it: its answers also listed with its version's labels. */
function jsonItem(row: ExportRow, labels: LabelReader): string {
  return JSON.stringify({
    ...toWireSubmission({
      id: row.id,
      number: row.number,
      formId: row.form_id,
      createdAt: row.created_at,
      data: row.data,
      metadata: row.metadata,
      completed: row.completed,
      idempotencyKey: null,
      formVersion: row.form_version,
      language: row.language,
      progress: row.progress,
      updatedAt: row.updated_at,
    }),
    status: statusText(row.completed),
    answers: labels(row),
  });
}

async function* jsonChunks(app: FastifyInstance, form: OwnedForm, labels: LabelReader) {
  yield '[';
  let first = true;
  for await (const batch of submissionBatches(app, form.id)) {
    const text = batch.map((row) => jsonItem(row, labels)).join(',\n');
    yield first ? `\n${text}` : `,\n${text}`;
    first = false;
  }
  yield first ? ']' : '\n]\n';
}

/** Each answer of a row under the label of the field in the version the row answered. */
type LabelReader = (row: ExportRow) => { field_id: string; label: string; value: unknown }[];

/** A file answer with each stored file's signed link beside its name (`url`). */
function withFileLinks(
  column: ExportColumn,
  value: unknown,
  submissionId: string,
  link: FileLinker,
): unknown {
  if (!fileLinksOf(column, value, submissionId, link)) return value;
  const linked = (item: unknown) => {
    const id = uploadIdOf(item);
    return id ? { ...(item as Record<string, unknown>), url: link(submissionId, id) } : item;
  };
  return Array.isArray(value) ? value.map(linked) : linked(value);
}

function labelReader(columns: VersionedColumns, link: FileLinker): LabelReader {
  return (row) => {
    const data = row.data && typeof row.data === 'object' ? row.data : {};
    const answers: { field_id: string; label: string; value: unknown }[] = [];
    for (const column of columnsForVersion(columns, row.form_version)) {
      const key = column.keys.find((k) => Object.hasOwn(data, k));
      if (key === undefined) continue;
      const value = withFileLinks(column, data[key], row.id, link);
      answers.push({ field_id: column.field?.id ?? key, label: column.label, value });
    }
    return answers;
  };
}

/** The export's columns: the live version's fields first, then those of every version answered. */
async function loadColumns(
  app: FastifyInstance,
  form: OwnedForm,
  input: { versions: number[]; dataKeys: string[] },
): Promise<VersionedColumns> {
  const wanted = form.publishedVersion === null ? input.versions : [...input.versions, form.publishedVersion];
  const versions = await findAnsweredFields(app.db, form.id, wanted);
  const primary = (form.publishedVersion !== null && versions.get(form.publishedVersion)) || form.fields;
  return versionedExportColumns({ primary, versions, dataKeys: input.dataKeys });
}

/**
 * Answers sealed end to end are opened only by the owner's unlocked browser, which builds the
 * decrypted CSV and JSON itself; the server has no Excel file of them to give.
 */
export const SEALED_XLSX =
  'These answers are end-to-end encrypted, so the server cannot read them to build an Excel file. ' +
  'Unlock the form in the browser and export the decrypted CSV or JSON instead.';

/** Whether any of the form's submissions holds answers sealed end to end. */
async function hasSealedAnswers(app: FastifyInstance, form: OwnedForm): Promise<boolean> {
  // Only a form that had a key can have them (the key is kept when encryption is turned off).
  if (!form.encryptionKey) return false;
  const rows = await queryRows<{ one: number }>(
    app.db,
    sql`select 1 as one from submissions where form_id = ${form.id} and envelope is not null limit 1`,
  );
  return rows.length > 0;
}

/** The whole export as a stream: CSV with a BOM, a JSON array, or an .xlsx file. */
export async function exportFormSubmissions(
  app: FastifyInstance,
  form: OwnedForm,
  format: ExportFormat,
): Promise<Readable> {
  if (format === 'xlsx' && (await hasSealedAnswers(app, form))) throw conflict(SEALED_XLSX);
  await recordAudit(app.db, {
    action: 'submissions.exported',
    where: { formId: form.id },
    details: { format },
  });
  const versions = await answeredVersions(app, form.id);
  // The JSON export names each answer by its field; the tables also give a column to every key
  // an answer was stored under.
  const dataKeys = format === 'json' ? [] : await distinctDataKeys(app, form.id);
  const columns = await loadColumns(app, form, { versions, dataKeys });
  // Every file link of one export expires at the same time.
  const link = fileLinker(app, form.id);
  if (format === 'xlsx') return xlsxExport(columns, answerRowBatches(app, form.id), link);
  const chunks =
    format === 'json'
      ? jsonChunks(app, form, labelReader(columns, link))
      : csvChunks(app, form, columns, link);
  // A chunk is a whole batch: hold at most two in memory while the socket drains.
  return Readable.from(await readAhead(chunks, 2), { highWaterMark: 2 });
}

/**
 * The chunks, the first `count` of them read before the response starts: rows that cannot be
 * opened (answers sealed under a key this server lacks) then answer with their error and status
 * instead of a download that stops short. Past those, an error can only cut the download.
 */
async function readAhead(chunks: AsyncGenerator<string>, count: number): Promise<AsyncGenerator<string>> {
  const first: string[] = [];
  for (let i = 0; i < count; i++) {
    const next = await chunks.next();
    if (next.done) break;
    first.push(next.value);
  }
  return (async function* () {
    yield* first;
    yield* chunks;
  })();
}

/**
 * One submission as CSV (header plus one row), as a JSON object or as an .xlsx file, with its
 * version's labels.
 */
export async function exportOneSubmission(
  app: FastifyInstance,
  form: OwnedForm,
  row: ExportRow & { sealedEndToEnd: boolean },
  format: ExportFormat,
): Promise<string | Readable> {
  if (format === 'xlsx' && row.sealedEndToEnd) throw conflict(SEALED_XLSX);
  await recordAudit(app.db, {
    action: 'submissions.exported',
    where: { formId: form.id },
    details: { format, submission: row.id },
  });
  const dataKeys = format === 'json' ? [] : Object.keys(row.data ?? {});
  const all = await loadColumns(app, form, { versions: [row.form_version], dataKeys });
  // Only this submission's own columns: the ones its version (or data) fills.
  const own = all.byVersion.get(row.form_version) ?? all.fallback;
  const keep = own.map((c) => c.keys.length > 0);
  const columns = { fallback: own.filter((_, i) => keep[i]), byVersion: new Map<number, ExportColumn[]>() };
  const link = fileLinker(app, form.id);
  if (format === 'json') return `${jsonItem(row, labelReader(columns, link))}\n`;
  if (format === 'xlsx') {
    const one: AnswerRow = {
      id: row.id,
      number: row.number,
      createdAt: new Date(row.created_at).toISOString(),
      completed: row.completed,
      language: row.language,
      version: row.form_version,
      data: row.data,
    };
    return xlsxExport(
      columns,
      (async function* () {
        yield [one];
      })(),
      link,
    );
  }
  return BOM + csvLine(headerRow(columns.fallback)) + csvLine(csvRow(columns.fallback, row, link));
}

export type { ExportRow };
