import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { type Keyring, RESEAL_BATCH } from '../../lib/encryption.ts';
import { readAnswers, sealAnswers } from './answer-sealing.ts';

// Re-sealing rows under the current key (the key command); sealing and opening one row's answers
// is answer-sealing.ts (kept free of database imports: the CSV worker thread loads it).
export {
  type AnswerSource,
  answersContext,
  readAnswers,
  sealAnswers,
  withAnswers,
} from './answer-sealing.ts';

/**
 * Seals, under the current key, a batch of the answers still clear (stored before encryption at
 * rest) or sealed under an older key; rows another transaction holds are left for the next batch.
 * Answers how many rows it moved (0: nothing is left).
 */
export async function resealAnswers(db: Db, keyring: Keyring): Promise<number> {
  const current = Buffer.from(keyring.current.id, 'hex');
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string; data: unknown; sealed_data: Uint8Array | null }>(
      tx,
      sql`select id, data, sealed_data from submissions
        where (sealed_data is null and envelope is null and data <> '{}'::jsonb)
          or (sealed_data is not null and substring(sealed_data from 2 for ${current.length}) <> ${current}::bytea)
        limit ${RESEAL_BATCH} for update skip locked`,
    );
    for (const row of rows) {
      const answers = readAnswers(keyring, { id: row.id, data: row.data, sealedData: row.sealed_data });
      await tx.execute(
        sql`update submissions set data = '{}'::jsonb, sealed_data = ${sealAnswers(keyring, row.id, answers)}::bytea
          where id = ${row.id}::uuid`,
      );
    }
    return rows.length;
  });
}

/** How many rows are not sealed under the current key: clear, or under each older key id. */
export async function countUnsealedAnswers(db: DbOrTx, keyring: Keyring): Promise<Map<string, number>> {
  const current = Buffer.from(keyring.current.id, 'hex');
  const rows = await queryRows<{ key: string | null; n: number | string }>(
    db,
    sql`select case when sealed_data is null then null else encode(substring(sealed_data from 2 for ${current.length}), 'hex') end as key,
        count(*) as n from submissions
      where (sealed_data is null and envelope is null and data <> '{}'::jsonb)
        or (sealed_data is not null and substring(sealed_data from 2 for ${current.length}) <> ${current}::bytea)
      group by 1`,
  );
  return new Map(rows.map((r) => [r.key ?? 'clear', Number(r.n)]));
}
