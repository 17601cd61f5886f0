import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { type Keyring, openJson, RESEAL_BATCH, sealFailure, sealJson } from '../../lib/encryption.ts';

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
