import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import {
  type Keyring,
  open,
  openJson,
  RESEAL_BATCH,
  type ResealBatch,
  seal,
  sealFailure,
  sealJson,
} from '../../lib/encryption.ts';

// The one place answers are sealed for the database and opened again ('Standard' encryption at
// rest). A row holds its answers sealed in sealed_data and {} in data; rows stored before
// encryption at rest hold them clear in data until the key command seals them, and Enhanced rows
// hold an envelope the server cannot open (data {} and no sealed_data).

/** The associated data of a submission's sealed answers: they open only in their own row. */
export const answersContext = (submissionId: string) => `submission.data:${submissionId}`;

export function sealAnswers(keyring: Keyring, submissionId: string, data: Record<string, unknown>): Buffer {
  return sealJson(keyring, data, answersContext(submissionId));
}

export type AnswerSource = { id: string; data: unknown; sealedData?: Uint8Array | null };

/**
 * The answers of a stored row, opened or (a row from before encryption at rest) as stored. A row
 * sealed under a key this server lacks is an error people can act on, never empty answers.
 */
export function readAnswers(keyring: Keyring, row: AnswerSource): Record<string, unknown> {
  if (row.sealedData) {
    try {
      return openJson<Record<string, unknown>>(keyring, row.sealedData, answersContext(row.id));
    } catch (err) {
      throw sealFailure(err);
    }
  }
  return row.data && typeof row.data === 'object' && !Array.isArray(row.data)
    ? (row.data as Record<string, unknown>)
    : {};
}

/** A row with its answers opened into data (sealed_data dropped), for readers that pass rows on. */
export function withAnswers<Row extends AnswerSource>(
  keyring: Keyring,
  row: Row,
): Omit<Row, 'data' | 'sealedData'> & { data: Record<string, unknown> } {
  const { sealedData: _sealed, data: _data, ...rest } = row;
  return { ...rest, data: readAnswers(keyring, row) };
}

/** A row's answers sealed under the current key; sealed answers move as bytes, never parsed. */
function resealRow(
  keyring: Keyring,
  row: { id: string; data: unknown; sealed_data: Uint8Array | null },
): Buffer {
  if (!row.sealed_data)
    return sealAnswers(keyring, row.id, readAnswers(keyring, { id: row.id, data: row.data }));
  const context = answersContext(row.id);
  try {
    return seal(keyring, open(keyring, row.sealed_data, context), context);
  } catch (err) {
    throw sealFailure(err);
  }
}

/** Rows whose answers are clear (stored before encryption at rest) or sealed under an older key. */
const notUnderCurrentKey = (current: Buffer) =>
  sql`((sealed_data is null and envelope is null and data <> '{}'::jsonb)
    or (sealed_data is not null and substring(sealed_data from 2 for ${current.length}) <> ${current}::bytea))`;

/**
 * Seals, under the current key, the next batch (in id order, after `after`) of the answers still
 * clear or sealed under an older key, in one UPDATE (the batch as two array parameters); rows another transaction holds are skipped
 * and left for the next walk over the table.
 */
export async function resealAnswers(
  db: Db,
  keyring: Keyring,
  after: string | null,
): Promise<ResealBatch<string>> {
  const current = Buffer.from(keyring.current.id, 'hex');
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string; data: unknown; sealed_data: Uint8Array | null }>(
      tx,
      sql`select id, data, sealed_data from submissions
        where ${after === null ? sql`true` : sql`id > ${after}::uuid`} and ${notUnderCurrentKey(current)}
        order by id limit ${RESEAL_BATCH} for update skip locked`,
    );
    const last = rows.at(-1);
    if (!last) return { moved: 0, next: null };
    const ids = rows.map((row) => row.id);
    const sealed = rows.map((row) => resealRow(keyring, row));
    await tx.execute(
      sql`update submissions s set data = '{}'::jsonb, sealed_data = v.sealed
        from unnest(${sql.param(ids)}::uuid[], ${sql.param(sealed)}::bytea[]) as v(id, sealed) where s.id = v.id`,
    );
    return { moved: rows.length, next: rows.length < RESEAL_BATCH ? null : last.id };
  });
}

/** How many rows are not sealed under the current key: clear, or under each older key id. */
export async function countUnsealedAnswers(db: DbOrTx, keyring: Keyring): Promise<Map<string, number>> {
  const current = Buffer.from(keyring.current.id, 'hex');
  const rows = await queryRows<{ key: string | null; n: number | string }>(
    db,
    sql`select case when sealed_data is null then null else encode(substring(sealed_data from 2 for ${current.length}), 'hex') end as key,
        count(*) as n from submissions
      where ${notUnderCurrentKey(current)}
      group by 1`,
  );
  return new Map(rows.map((r) => [r.key ?? 'clear', Number(r.n)]));
}
