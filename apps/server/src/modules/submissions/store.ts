import { createHash, randomUUID } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { submissions } from '../../db/schema.ts';
import { MAIL_JOB, type Mail } from '../../mail/mailer.ts';
import { batchStatsCtes, SHARD, type SubmissionStatsInput, submissionStatsCtes } from '../analytics/index.ts';
import { eventDeliveryCtes } from '../webhooks/index.ts';

const SUBMISSION_CREATED = 'submission.created';

const dialect = new PgDialect();

export type StoreSubmissionInput = {
  formId: number;
  /** The published version the respondent answered. */
  formVersion: number;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  completed: boolean;
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
  input: StoreSubmissionInput,
  pool?: pg.Pool,
): Promise<{ id: string | null; attached: number; admitted: boolean }> {
  const ctes: SQL[] = [];
  if (input.limited) {
    // A retry of a stored submission (same idempotency key) takes no second place.
    ctes.push(sql`admitted as (
      update forms set responses_taken = responses_taken + 1
      where id = ${input.formId}::int and response_limit is not null and responses_taken < response_limit
        and not exists (select 1 from submissions where form_id = ${input.formId}::int
          and idempotency_key = ${input.idempotencyKey}::text)
      returning id)`);
  }
  const gate = input.limited ? sql`where exists (select 1 from admitted)` : sql``;
  ctes.push(
    sql`stored as (
      insert into submissions (form_id, form_version, data, metadata, completed, idempotency_key, created_at)
      select ${input.formId}::int, ${input.formVersion}::int, ${JSON.stringify(input.data)}::jsonb,
        ${JSON.stringify(input.metadata)}::jsonb, ${input.completed}::boolean, ${input.idempotencyKey}::text,
        ${input.createdAt.toISOString()}::timestamptz
      ${gate}
      on conflict (form_id, idempotency_key) do nothing
      returning id, form_id)`,
    sql`counted as (
      insert into form_submission_counts (form_id, shard, count)
      select ${input.formId}::int, ${SHARD}, 1 from stored
      on conflict (form_id, shard) do update set count = form_submission_counts.count + 1)`,
    ...submissionStatsCtes(input.stats, 'stored'),
    ...eventDeliveryCtes({ event: SUBMISSION_CREATED, source: 'stored', name: 'hook' }),
  );
  if (input.mails.length > 0) {
    ctes.push(sql`mailed as (
      insert into jobs (kind, payload, user_id)
      select ${MAIL_JOB}::text, m, ${input.ownerId}::uuid from stored, jsonb_array_elements(${JSON.stringify(input.mails)}::jsonb) m)`);
  }
  let attached = sql`0`;
  if (input.uploadIds.length > 0) {
    const ids = sql.join(
      input.uploadIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    ctes.push(sql`attached as (
      update uploads set submission_id = (select id from stored)
      where id in (${ids}) and submission_id is null and exists (select 1 from stored)
      returning id)`);
    attached = sql`(select count(*) from attached)`;
  }
  const admitted = input.limited ? sql`exists (select 1 from admitted)` : sql`true`;
  const statement = sql`with ${sql.join(ctes, sql`, `)}
    select (select id from stored) as id, ${attached}::int as attached, ${admitted} as admitted`;
  type Row = { id: string | null; attached: number; admitted: boolean };
  const rows = pool ? await runPrepared<Row>(pool, statement) : await queryRows<Row>(db, statement);
  const row = rows[0];
  return { id: row?.id ?? null, attached: Number(row?.attached ?? 0), admitted: row?.admitted ?? false };
}

/** Runs as a named prepared statement, named after its text: each connection plans it once. */
async function runPrepared<Row extends pg.QueryResultRow>(pool: pg.Pool, statement: SQL): Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  const name = `store_submission_${createHash('sha1').update(query.sql).digest('base64url')}`;
  return (await pool.query<Row>({ name, text: query.sql, values: query.params })).rows;
}

/**
 * Group commit: stores many submissions (no uploads, no response limit) in ONE statement, with what storeSubmission
 * writes for each: one multi-row insert, then the counters, aggregates and mails of the rows it
 * actually inserted (a used idempotency key adds nothing). Its text is the same for every batch
 * (the rows are jsonb parameters), so it is prepared once per connection.
 * Answers, per input in order, its new id or null when its idempotency key was used before.
 */
export async function storeSubmissions(
  db: DbOrTx,
  inputs: StoreSubmissionInput[],
  pool?: pg.Pool,
): Promise<(string | null)[]> {
  const items = inputs.map((input) => ({ id: randomUUID(), input }));
  const rows = items.map(({ id, input }) => ({
    id,
    form_id: input.formId,
    form_version: input.formVersion,
    data: input.data,
    metadata: input.metadata,
    completed: input.completed,
    idempotency_key: input.idempotencyKey,
    created_at: input.createdAt.toISOString(),
    mails: input.mails,
    owner_id: input.ownerId,
  }));
  const ctes: SQL[] = [
    sql`batch as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(id uuid, form_id int, form_version int,
        data jsonb, metadata jsonb, completed boolean, idempotency_key text, created_at timestamptz, mails jsonb,
        owner_id uuid))`,
    sql`stored as (
      insert into submissions (id, form_id, form_version, data, metadata, completed, idempotency_key, created_at)
      select id, form_id, form_version, data, metadata, completed, idempotency_key, created_at from batch
      on conflict (form_id, idempotency_key) do nothing
      returning id, form_id)`,
    sql`counted as (
      insert into form_submission_counts (form_id, shard, count)
      select form_id, ${SHARD}, count(*)::int from stored group by form_id order by form_id
      on conflict (form_id, shard) do update set count = form_submission_counts.count + excluded.count)`,
    ...batchStatsCtes(
      items.map(({ id, input }) => ({ id, input: input.stats })),
      'stored',
    ),
    sql`mailed as (
      insert into jobs (kind, payload, user_id)
      select ${MAIL_JOB}::text, m, b.owner_id from batch b join stored s on s.id = b.id, jsonb_array_elements(b.mails) m)`,
    ...eventDeliveryCtes({ event: SUBMISSION_CREATED, source: 'stored', name: 'hook' }),
  ];
  const statement = sql`with ${sql.join(ctes, sql`, `)} select id from stored`;
  type Row = { id: string };
  const stored = pool ? await runPrepared<Row>(pool, statement) : await queryRows<Row>(db, statement);
  const ids = new Set(stored.map((r) => r.id));
  return items.map(({ id }) => (ids.has(id) ? id : null));
}

/** The submission stored earlier under this Idempotency-Key, with its answers. */
export async function findSubmissionByKey(
  db: DbOrTx,
  formId: number,
  idempotencyKey: string,
): Promise<{ id: string; data: Record<string, unknown> } | null> {
  const rows = await db
    .select({ id: submissions.id, data: submissions.data })
    .from(submissions)
    .where(and(eq(submissions.formId, formId), eq(submissions.idempotencyKey, idempotencyKey)))
    .limit(1);
  return rows[0] ?? null;
}
