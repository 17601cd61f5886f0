import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { submissions } from '../../db/schema.ts';
import { csvRow, type ExportColumn, exportColumns, headerRow } from './csv-columns.ts';
import { type OwnedForm, toWireSubmission } from './repository.ts';

const BATCH = 5000;
const BOM = '\uFEFF';

type ExportRow = {
  id: string;
  form_id: number;
  created_at: Date;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  completed: boolean;
};

/**
 * Every submission of a form, oldest first, in batches, without ever holding more than one batch:
 * a server-side cursor on PostgreSQL, keyset pages on PGlite (which has no second connection).
 * Stopping the iteration (client gone) closes the cursor and frees the connection.
 */
async function* submissionBatches(
  app: FastifyInstance,
  formId: number,
  opts: { withMetadata: boolean },
): AsyncGenerator<ExportRow[]> {
  const pool = app.database.pool;
  if (pool) {
    const client = await pool.connect();
    let failed = false;
    try {
      await client.query('begin read only');
      // formId is a validated integer; DECLARE takes no bind parameters. The CSV never shows the
      // metadata, and parsing it would cost a third of the export's time.
      await client.query(
        `declare export_cursor no scroll cursor for
         select id, form_id, created_at, data, ${opts.withMetadata ? 'metadata' : `'{}'::jsonb as metadata`}, completed
         from submissions
         where form_id = ${Number(formId)} order by created_at, id`,
      );
      while (true) {
        const { rows } = await client.query<ExportRow>(`fetch ${BATCH} from export_cursor`);
        if (rows.length === 0) break;
        yield rows;
        if (rows.length < BATCH) break;
      }
    } catch (err) {
      failed = true;
      throw err;
    } finally {
      await client.query('rollback').catch(() => {
        failed = true;
      });
      client.release(failed);
    }
    return;
  }
  let after: { createdAt: Date; id: string } | undefined;
  while (true) {
    const rows = await app.db
      .select()
      .from(submissions)
      .where(
        and(
          eq(submissions.formId, formId),
          after
            ? sql`(${submissions.createdAt}, ${submissions.id}) > (${after.createdAt}, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(submissions.createdAt), asc(submissions.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      id: r.id,
      form_id: r.formId,
      created_at: r.createdAt,
      data: r.data,
      metadata: r.metadata,
      completed: r.completed,
    }));
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
    if (rows.length < BATCH) return;
  }
}

/**
 * The data keys of all the form's submissions: one cheap pass before streaming, because the
 * header row must name the columns of fields deleted since (their answers are still stored).
 */
async function distinctDataKeys(app: FastifyInstance, formId: number): Promise<string[]> {
  const result = await app.db.execute(sql`
    select distinct k from submissions, jsonb_object_keys(
      case when jsonb_typeof(data) = 'object' then data else '{}'::jsonb end) as k
    where form_id = ${formId}`);
  return (result as unknown as { rows: { k: string }[] }).rows.map((r) => r.k);
}

function toCsv(rows: string[][]): string {
  return stringify(rows, { record_delimiter: '\r\n' });
}

async function* csvChunks(app: FastifyInstance, form: OwnedForm, columns: ExportColumn[]) {
  yield BOM + toCsv([headerRow(columns)]);
  for await (const batch of submissionBatches(app, form.id, { withMetadata: false })) {
    yield toCsv(batch.map((row) => csvRow(columns, row)));
  }
}

function jsonItem(row: ExportRow): string {
  return JSON.stringify({
    ...toWireSubmission({
      id: row.id,
      formId: row.form_id,
      createdAt: row.created_at,
      data: row.data,
      metadata: row.metadata,
      completed: row.completed,
      idempotencyKey: null,
    }),
  });
}

async function* jsonChunks(app: FastifyInstance, form: OwnedForm) {
  yield '[';
  let first = true;
  for await (const batch of submissionBatches(app, form.id, { withMetadata: true })) {
    const text = batch.map(jsonItem).join(',\n');
    yield first ? `\n${text}` : `,\n${text}`;
    first = false;
  }
  yield first ? ']' : '\n]\n';
}

/** The whole export as a stream of text chunks (CSV with a BOM, or a JSON array). */
export async function exportFormSubmissions(
  app: FastifyInstance,
  form: OwnedForm,
  format: 'csv' | 'json',
): Promise<Readable> {
  if (format === 'json') return Readable.from(jsonChunks(app, form));
  const columns = exportColumns(form.fields, await distinctDataKeys(app, form.id));
  return Readable.from(csvChunks(app, form, columns));
}

/** One submission as CSV (header plus one row) or as a JSON object. */
export function exportOneSubmission(form: OwnedForm, row: ExportRow, format: 'csv' | 'json'): string {
  if (format === 'json') return `${jsonItem(row)}\n`;
  const columns = exportColumns(form.fields, Object.keys(row.data ?? {}));
  return BOM + toCsv([headerRow(columns), csvRow(columns, row)]);
}

export type { ExportRow };
