import { createHash } from 'node:crypto';
import type { Envelope } from '@formsmith/core/crypto/formats';
import { and, eq, fillPlaceholders, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { submissions } from '../../db/schema.ts';
import { SHARD } from '../../db/shard.ts';
import type { Keyring } from '../../lib/encryption/index.ts';
import { newSubmissionId } from '../../lib/ids.ts';
import { forSubmission, MAIL_JOB, type Mail, sealMail } from '../../mail/mailer.ts';
import {
  type BatchStats,
  type BatchTotals,
  batchStatsOf,
  batchTotalsOf,
  type StatementParams,
  type SubmissionStatsInput,
  statsDeltaCtes,
  submissionDelta,
} from '../analytics/index.ts';
import { readAnswers, sealAnswers } from './answer-sealing.ts';
import { submissionEventCtes } from './events.ts';

const SUBMISSION_CREATED = 'submission.created';
/** Sent when a submission saved as the respondent went is submitted. */
const SUBMISSION_COMPLETED = 'submission.completed';
/** The idempotency key's unique index (partial: only rows that have a key), as an ON CONFLICT target. */
const KEY_CONFLICT = sql`(form_id, idempotency_key) where idempotency_key is not null`;

const dialect = new PgDialect();

export type StoreSubmissionInput = {
  formId: number;
  /** The published version the respondent answered. */
  formVersion: number;
  /** The language the respondent filled the form in (one of the form's). */
  language: string;
  /** The answers: sealed under the current data key on the way in (answer-sealing.ts). */
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  idempotencyKey: string | null;
  createdAt: Date;
  /** What the aggregates get (analytics/recorder.ts), written in the same statement. */
  stats: SubmissionStatsInput;
  /** Mails queued in the jobs table with the submission (the owner's notification, the respondent's confirmation). */
  mails: Mail[];
  /** The form's owner, whom the mail jobs belong to (they go with the account). */
  ownerId: string;
  uploadIds: string[];
  /**
   * The form closes after a number of submissions: the statement first takes one of its places
   * (an update of the form's row, so concurrent submits queue there and exactly the limit get in).
   */
  limited: boolean;
  /**
   * An end-to-end encrypted submission: its id (the browser's, bound into the envelope), the
   * envelope, and a subquery naming the form only while it is Enhanced with the key the envelope
   * was sealed to (forms' keyedFormIdQuery): without it nothing is stored.
   */
  sealed?: { id: string; envelope: Envelope; keyGate: SQL };
};

/**
 * Stores a submission with everything that must commit with it (its counter shard, the analytics
 * aggregates, the notification job, its uploads) in ONE statement of data-modifying CTEs: atomic
 * on its own, one round trip, and row locks held only for that statement. Every write selects
 * from `stored`, so an idempotent retry (the insert does nothing) changes nothing.
 * Answers the new id (null when the idempotency key was used before) and how many uploads it took.
 * Given a pg pool (outside a transaction), it runs as a named prepared statement: its text only
 * depends on the form's shape, so each connection parses and plans it once, not per submit.
 */
export async function storeSubmission(
  db: DbOrTx,
  keyring: Keyring,
  input: StoreSubmissionInput,
  pool?: pg.Pool,
): Promise<{ id: string | null; attached: number; admitted: boolean; keyed: boolean }> {
  const ctes: SQL[] = [];
  const { sealed } = input;
  // The id is chosen here (or by the respondent's browser) because the sealed answers name it.
  const id = sealed?.id ?? newSubmissionId();
  const answers = sealed ? null : sealAnswers(keyring, id, input.data);
  if (sealed) ctes.push(sql`keyed as (${sealed.keyGate})`);
  const keyed = sealed ? sql`exists (select 1 from keyed)` : sql`true`;
  if (input.limited) {
    // A retry of a stored submission (same idempotency key) takes no second place.
    ctes.push(sql`admitted as (
      update forms set responses_taken = responses_taken + 1
      where id = ${input.formId}::int and response_limit is not null and responses_taken < response_limit
        and ${keyed}
        and not exists (select 1 from submissions where form_id = ${input.formId}::int
          and idempotency_key = ${input.idempotencyKey}::text)
      returning id)`);
  }
  const gate = input.limited
    ? sql`where exists (select 1 from admitted)`
    : sealed
      ? sql`where ${keyed}`
      : sql``;
  // A browser-chosen id may collide with any row (a retry, or a guess): then nothing is stored.
  const conflict = sealed
    ? sql`on conflict do nothing`
    : input.idempotencyKey === null
      ? sql``
      : sql`on conflict ${KEY_CONFLICT} do nothing`;
  ctes.push(
    sql`stored as (
      insert into submissions (id, form_id, form_version, language, data, sealed_data, metadata, completed, idempotency_key, created_at, envelope)
      select ${id}::uuid, ${input.formId}::int, ${input.formVersion}::int,
        ${input.language}::text, '{}'::jsonb, ${answers}::bytea, ${JSON.stringify(input.metadata)}::jsonb, true,
        ${input.idempotencyKey}::text, ${input.createdAt.toISOString()}::timestamptz,
        ${sealed ? JSON.stringify(sealed.envelope) : null}::jsonb
      ${gate}
      ${conflict}
      returning id, form_id)`,
    ...completionCtes(keyring, input, [SUBMISSION_CREATED], id),
  );
  const { ctes: attachCtes, attached } = attachCte(input.uploadIds, null);
  ctes.push(...attachCtes);
  const admitted = input.limited ? sql`exists (select 1 from admitted)` : sql`true`;
  const statement = sql`with ${sql.join(ctes, sql`, `)}
    select (select id from stored) as id, ${attached}::int as attached, ${admitted} as admitted, ${keyed} as keyed`;
  type Row = { id: string | null; attached: number; admitted: boolean; keyed: boolean };
  const rows = pool ? await runPrepared<Row>(pool, statement) : await queryRows<Row>(db, statement);
  const row = rows[0];
  return {
    id: row?.id ?? null,
    attached: Number(row?.attached ?? 0),
    admitted: row?.admitted ?? false,
    keyed: row?.keyed ?? false,
  };
}

/**
 * What every completed submission writes with itself, gated on the `stored` CTE (id, form_id):
 * its counter shard, the analytics aggregates, its webhook events and its mail jobs.
 */
function completionCtes(
  keyring: Keyring,
  input: StoreSubmissionInput,
  events: string[],
  submissionId: string,
): SQL[] {
  const ctes: SQL[] = [
    sql`counted as (
      insert into form_submission_counts (form_id, shard, count)
      select ${input.formId}::int, ${SHARD}, 1 from stored
      on conflict (form_id, shard) do update set count = form_submission_counts.count + 1)`,
    ...statsDeltaCtes(submissionDelta(keyring, input.stats), 'stored'),
    ...events.flatMap((event, i) => submissionEventCtes({ event, source: 'stored', name: `hook${i || ''}` })),
  ];
  if (input.mails.length > 0) {
    ctes.push(sql`mailed as (
      insert into jobs (kind, payload, user_id)
      select ${MAIL_JOB}::text, m, ${input.ownerId}::uuid from stored,
        jsonb_array_elements(${JSON.stringify(input.mails.map((mail) => sealMail(keyring, forSubmission(mail, submissionId))))}::jsonb) m)`);
  }
  return ctes;
}

/**
 * Attaches the uploads to the `stored` submission: free ones, or ones already its own when `own`
 * is its id (or 'stored': the stored row's).
 */
export function attachCte(uploadIds: string[], own: string | null): { ctes: SQL[]; attached: SQL } {
  if (uploadIds.length === 0) return { ctes: [], attached: sql`0` };
  const ids = sql.join(
    uploadIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const owner = own === 'stored' ? sql`(select id from stored)` : sql`${own}::uuid`;
  const free = own ? sql`(submission_id is null or submission_id = ${owner})` : sql`submission_id is null`;
  return {
    ctes: [
      sql`attached as (
      update uploads set submission_id = (select id from stored)
      where id in (${ids}) and ${free} and exists (select 1 from stored)
      returning id)`,
    ],
    attached: sql`(select count(*) from attached)`,
  };
}

/**
 * Turns an incomplete submission (saved as the respondent went) complete, with the final answers
 * and the version answered now, in ONE statement that also writes what storeSubmission writes for
 * a new one (counter, aggregates, mails, a response-limit place, uploads) and the funnel's last
 * figures, and queues both 'submission.created' and 'submission.completed'. The row takes the
 * completion time as its creation time (the day the aggregates count it on) and a new txid (so a
 * sync lists it again). Nothing happens when the row is already complete (id null).
 */
export async function completeSubmission(
  tx: DbOrTx,
  keyring: Keyring,
  input: StoreSubmissionInput & {
    submissionId: string;
    progress: Record<string, unknown>;
    funnel: SQL | null;
  },
): Promise<{ id: string | null; attached: number; admitted: boolean }> {
  const ctes: SQL[] = [];
  const open = sql`exists (select 1 from submissions where id = ${input.submissionId}::uuid and completed = false)`;
  if (input.limited) {
    ctes.push(sql`admitted as (
      update forms set responses_taken = responses_taken + 1
      where id = ${input.formId}::int and response_limit is not null and responses_taken < response_limit
        and ${open}
      returning id)`);
  }
  const gate = input.limited ? sql`and exists (select 1 from admitted)` : sql``;
  ctes.push(
    sql`stored as (
      update submissions set completed = true, data = '{}'::jsonb,
        sealed_data = ${sealAnswers(keyring, input.submissionId, input.data)}::bytea,
        metadata = ${JSON.stringify(input.metadata)}::jsonb, form_version = ${input.formVersion}::int,
        language = ${input.language}::text,
        idempotency_key = coalesce(${input.idempotencyKey}::text, idempotency_key),
        progress = ${JSON.stringify(input.progress)}::jsonb,
        created_at = ${input.createdAt.toISOString()}::timestamptz, updated_at = ${input.createdAt.toISOString()}::timestamptz,
        txid = pg_current_xact_id()::text::bigint
      where id = ${input.submissionId}::uuid and form_id = ${input.formId}::int and completed = false ${gate}
      returning id, form_id)`,
    ...completionCtes(keyring, input, [SUBMISSION_CREATED, SUBMISSION_COMPLETED], input.submissionId),
  );
  if (input.funnel) ctes.push(input.funnel);
  const { ctes: attachCtes, attached } = attachCte(input.uploadIds, input.submissionId);
  ctes.push(...attachCtes);
  const admitted = input.limited ? sql`exists (select 1 from admitted)` : sql`true`;
  const [row] = await queryRows<{ id: string | null; attached: number; admitted: boolean }>(
    tx,
    sql`with ${sql.join(ctes, sql`, `)}
    select (select id from stored) as id, ${attached}::int as attached, ${admitted} as admitted`,
  );
  return { id: row?.id ?? null, attached: Number(row?.attached ?? 0), admitted: row?.admitted ?? false };
}

/** Statement names by text: the texts are few (one per form shape), hashing each call is not needed. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `store_submission_${createHash('sha1').update(text).digest('base64url')}`;
    if (statementNames.size >= 1000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/** Runs as a named prepared statement, named after its text: each connection plans it once. */
async function runPrepared<Row extends pg.QueryResultRow>(pool: pg.Pool, statement: SQL): Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  return (await pool.query<Row>({ name: statementName(query.sql), text: query.sql, values: query.params }))
    .rows;
}

/**
 * The parameters of a batch's statements: its rows as one jsonb text, and what the aggregates
 * get, as the batch's totals (newRowsStatement) or an entry per submission (perRowStatement).
 */
type NewRowsParams = { rows: string } & BatchTotals;
type PerRowParams = { rows: string } & BatchStats;

/** A CTE inserting the batch's rows that match `where`, answering (id, form_id) of those stored. */
function insertFromBatch(name: string, where: SQL, conflict: SQL): SQL {
  return sql`${sql.raw(name)} as (
      insert into submissions (id, form_id, form_version, language, data, sealed_data, metadata, completed, idempotency_key, created_at)
      select id, form_id, form_version, language, '{}'::jsonb, decode(sealed_data, 'base64'), metadata, true, idempotency_key, created_at
      from batch where ${where}
      ${conflict}
      returning id, form_id)`;
}

/** A batch statement around its inserts (which name the stored rows `stored`) and aggregate writes. */
function batchStatement(rows: SQLWrapper | string, inserts: SQL[], stats: SQL[]): SQL {
  const ctes: SQL[] = [
    sql`batch as (
      select * from jsonb_to_recordset(${rows}::jsonb) as t(id uuid, form_id int, form_version int,
        language text, sealed_data text, metadata jsonb, idempotency_key text, created_at timestamptz, mails jsonb,
        owner_id uuid))`,
    ...inserts,
    sql`counted as (
      insert into form_submission_counts (form_id, shard, count)
      select form_id, ${SHARD}, count(*)::int from stored group by form_id order by form_id
      on conflict (form_id, shard) do update set count = form_submission_counts.count + excluded.count)`,
    ...stats,
    sql`mailed as (
      insert into jobs (kind, payload, user_id)
      select ${MAIL_JOB}::text, m, b.owner_id from batch b join stored s on s.id = b.id, jsonb_array_elements(b.mails) m)`,
    ...submissionEventCtes({ event: SUBMISSION_CREATED, source: 'stored', name: 'hook' }),
  ];
  return sql`with ${sql.join(ctes, sql`, `)} select id from stored`;
}

/** Every row is inserted (a used idempotency key fails the statement); the batch's totals are added. */
const newRowsStatement = (p: StatementParams<NewRowsParams>) =>
  batchStatement(
    p.rows,
    // No ON CONFLICT: a row's key used before fails the statement (unique_violation), and nothing
    // is written. An insert without it also skips the speculative insertion (a check and a log
    // record per row).
    [insertFromBatch('stored', sql`true`, sql``)],
    statsDeltaCtes({ kind: 'totals', totals: p }, 'stored'),
  );

/** Rows whose key was used before are skipped; the aggregates get the inserted rows' entries. */
const perRowStatement = (p: StatementParams<PerRowParams>) =>
  batchStatement(
    p.rows,
    [
      // Rows with an idempotency key may meet an earlier one; rows without cannot conflict.
      insertFromBatch(
        'stored_keyed',
        sql`idempotency_key is not null`,
        sql`on conflict ${KEY_CONFLICT} do nothing`,
      ),
      insertFromBatch('stored_plain', sql`idempotency_key is null`, sql``),
      sql`stored as (select id, form_id from stored_keyed union all select id, form_id from stored_plain)`,
    ],
    statsDeltaCtes({ kind: 'entries', entries: p, sign: 1 }, 'stored'),
  );

type BatchStatementOf<P> = (p: StatementParams<P>) => SQL;

/** Each statement's text and parameters with placeholders, made once: only the values change. */
const preparedBatches = new Map<BatchStatementOf<never>, { name: string; text: string; params: unknown[] }>();

function batchQuery<P extends Record<string, string>>(statement: BatchStatementOf<P>, values: P) {
  let prepared = preparedBatches.get(statement);
  if (!prepared) {
    const placeholders = {} as StatementParams<P>;
    for (const key of Object.keys(values) as (keyof P & string)[]) placeholders[key] = sql.placeholder(key);
    const query = dialect.sqlToQuery(statement(placeholders));
    prepared = { name: statementName(query.sql), text: query.sql, params: query.params };
    preparedBatches.set(statement, prepared);
  }
  const { name, text, params } = prepared;
  return { name, text, values: fillPlaceholders(params, values) };
}

/** Runs a batch statement (prepared once per connection on a pool) and answers the stored ids. */
async function runBatchStatement<P extends Record<string, string>>(
  db: DbOrTx,
  pool: pg.Pool | undefined,
  statement: BatchStatementOf<P>,
  values: P,
): Promise<Set<string>> {
  type Row = { id: string };
  const rows = pool
    ? (await pool.query<Row>(batchQuery(statement, values))).rows
    : await queryRows<Row>(db, statement(values));
  return new Set(rows.map((r) => r.id));
}

/**
 * Group commit: stores many submissions (no uploads, no response limit) in ONE statement, with
 * what storeSubmission writes for each: one multi-row insert, then the counters, aggregates and
 * mails of the rows it inserted. Its text is the same for every batch (the rows are jsonb
 * parameters), so it is prepared once per connection. A batch is first stored as all new, with
 * the aggregates summed here (the database then upserts a few rows, not an entry per answer);
 * when one of its idempotency keys was used before (a retry, or the same key twice in the batch)
 * that statement fails as a whole and the batch is stored again by the statement that skips the
 * used keys' rows and counts only the rows it inserted.
 * Answers, per input in order, its new id or null when its idempotency key was used before.
 */
export async function storeSubmissions(
  db: DbOrTx,
  keyring: Keyring,
  inputs: StoreSubmissionInput[],
  pool?: pg.Pool,
): Promise<(string | null)[]> {
  const items = inputs.map((input) => ({ id: newSubmissionId(), input }));
  // What is absent (no key, no mails) is left out: the statement reads it as null, and the
  // batch's text is shorter on its way to the database.
  const rows = JSON.stringify(
    items.map(({ id, input }) => ({
      id,
      form_id: input.formId,
      form_version: input.formVersion,
      language: input.language,
      sealed_data: sealAnswers(keyring, id, input.data).toString('base64'),
      metadata: input.metadata,
      idempotency_key: input.idempotencyKey ?? undefined,
      created_at: input.createdAt.toISOString(),
      ...(input.mails.length > 0
        ? {
            mails: input.mails.map((mail) => sealMail(keyring, forSubmission(mail, id))),
            owner_id: input.ownerId,
          }
        : {}),
    })),
  );
  let stored: Set<string>;
  try {
    stored = await runBatchStatement(db, pool, newRowsStatement, {
      rows,
      ...batchTotalsOf(
        keyring,
        inputs.map((input) => input.stats),
      ),
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    stored = await runBatchStatement(db, pool, perRowStatement, {
      rows,
      ...batchStatsOf(
        keyring,
        items.map(({ id, input }) => ({ id, input: input.stats })),
        1,
      ),
    });
  }
  return items.map(({ id }) => (stored.has(id) ? id : null));
}

/** The submission stored earlier under this Idempotency-Key, with its answers. */
export async function findSubmissionByKey(
  db: DbOrTx,
  keyring: Keyring,
  input: { formId: number; idempotencyKey: string },
): Promise<{ id: string; data: Record<string, unknown>; envelope: Envelope | null } | null> {
  const [row] = await db
    .select({
      id: submissions.id,
      data: submissions.data,
      sealedData: submissions.sealedData,
      envelope: submissions.envelope,
    })
    .from(submissions)
    .where(and(eq(submissions.formId, input.formId), eq(submissions.idempotencyKey, input.idempotencyKey)))
    .limit(1);
  return row ? { id: row.id, data: readAnswers(keyring, row), envelope: row.envelope } : null;
}
