import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { currentSealedTextPrefix, type Keyring, RESEAL_BATCH } from '../../lib/encryption.ts';
import { openAnswerLabel, sealAnswerLabel } from './answer-labels.ts';

/**
 * Moves a batch of answer labels still clear or sealed under an older key to the current key: the
 * old row goes and its count is added to the row of the label sealed now. Answers how many moved.
 */
export async function resealAnswerLabels(db: Db, keyring: Keyring): Promise<number> {
  const prefix = currentSealedTextPrefix(keyring);
  return db.transaction(async (tx) => {
    const rows = await queryRows<{
      form_id: number;
      field_id: string;
      day: string;
      answer: string;
      shard: number;
      count: number;
    }>(
      tx,
      sql`select form_id, field_id, day::text as day, answer, shard, count from answer_daily_counts
        where left(answer, ${prefix.length}) <> ${prefix}
        limit ${RESEAL_BATCH} for update skip locked`,
    );
    for (const row of rows) {
      const label = { formId: row.form_id, fieldId: row.field_id, answer: row.answer };
      const answer = sealAnswerLabel(keyring, { ...label, answer: openAnswerLabel(keyring, label) });
      await tx.execute(sql`with gone as (
          delete from answer_daily_counts where form_id = ${row.form_id} and field_id = ${row.field_id}
            and day = ${row.day}::date and answer = ${row.answer} and shard = ${row.shard})
        insert into answer_daily_counts (form_id, field_id, day, answer, shard, count)
        values (${row.form_id}, ${row.field_id}, ${row.day}::date, ${answer}, ${row.shard}, ${row.count})
        on conflict (form_id, field_id, day, answer, shard)
        do update set count = answer_daily_counts.count + excluded.count`);
    }
    return rows.length;
  });
}
