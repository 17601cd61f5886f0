import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { type Keyring, RESEAL_BATCH, type ResealBatch, seal } from '../../lib/encryption/index.ts';
import { answersContext, openAnswersText, readAnswers, sealAnswers } from './answer-sealing.ts';

// Re-sealing rows under the current key (the key command); sealing and opening one row's answers
// is answer-sealing.ts (kept free of database imports: the CSV worker thread loads it).

/** A row's answers sealed under the current key; sealed answers move as their text, never parsed. */
function resealRow(keyring: Keyring, row: { id: string; data: unknown; sealed_data: Uint8Array | null }) {
  if (!row.sealed_data) {
    return sealAnswers(keyring, row.id, readAnswers(keyring, { id: row.id, data: row.data }));
  }
  return seal(keyring, openAnswersText(keyring, row.id, row.sealed_data), answersContext(row.id));
}

/** Rows whose answers are clear (stored before encryption at rest) or sealed under an older key. */
const notUnderCurrentKey = (current: Buffer) =>
  sql`((sealed_data is null and envelope is null and data <> '{}'::jsonb)
    or (sealed_data is not null and substring(sealed_data from 2 for ${current.length}) <> ${current}::bytea))`;

/**
 * Seals, under the current key, the next batch (in id order, after `after`) of the answers still
 * clear or sealed under an older key, in one UPDATE (the batch as two array parameters); rows
 * another transaction holds are skipped and left for the next walk over the table.
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
