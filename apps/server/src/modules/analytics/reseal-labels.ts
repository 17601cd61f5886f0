import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import {
  currentSealedTextPrefix,
  type Keyring,
  RESEAL_BATCH,
  type ResealBatch,
} from '../../lib/encryption/index.ts';
import { openAnswerLabel, sealAnswerLabel } from './answer-labels.ts';

/** A row's primary key: the re-seal walks the table in its order. */
export type LabelRowKey = { formId: number; fieldId: string; day: string; answer: string; shard: number };

/**
 * Moves the next batch (in key order, after `after`) of answer labels still clear or sealed under
 * an older key to the current key, in one statement: the old rows go and their counts are added
 * to the rows of the labels sealed now (several old rows, a clear one and one under an older key,
 * can seal to one label: they are summed first).
 */
export async function resealAnswerLabels(
  db: Db,
  keyring: Keyring,
  after: LabelRowKey | null,
): Promise<ResealBatch<LabelRowKey>> {
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
        where ${
          after === null
            ? sql`true`
            : sql`(form_id, field_id, day, answer, shard) > (${after.formId}::int, ${after.fieldId}::text, ${after.day}::date, ${after.answer}::text, ${after.shard}::smallint)`
        } and left(answer, ${prefix.length}) <> ${prefix}
        order by form_id, field_id, day, answer, shard
        limit ${RESEAL_BATCH} for update skip locked`,
    );
    const last = rows.at(-1);
    if (!last) return { moved: 0, next: null };
    const sealed = rows.map((row) => {
      const label = { formId: row.form_id, fieldId: row.field_id, answer: row.answer };
      return sealAnswerLabel(keyring, { ...label, answer: openAnswerLabel(keyring, label) });
    });
    const column = <K extends keyof (typeof rows)[number]>(name: K) =>
      sql.param(rows.map((row) => row[name]));
    await tx.execute(sql`with moved as (
        select * from unnest(${column('form_id')}::int[], ${column('field_id')}::text[], ${column('day')}::date[],
          ${column('answer')}::text[], ${column('shard')}::smallint[], ${column('count')}::int[], ${sql.param(sealed)}::text[])
          as m(form_id, field_id, day, answer, shard, count, sealed)),
      gone as (
        delete from answer_daily_counts a using moved m
        where a.form_id = m.form_id and a.field_id = m.field_id and a.day = m.day
          and a.answer = m.answer and a.shard = m.shard)
      insert into answer_daily_counts (form_id, field_id, day, answer, shard, count)
      select form_id, field_id, day, sealed, shard, sum(count) from moved
      group by form_id, field_id, day, sealed, shard
      order by form_id, field_id, day, sealed, shard
      on conflict (form_id, field_id, day, answer, shard)
      do update set count = answer_daily_counts.count + excluded.count`);
    const next = {
      formId: last.form_id,
      fieldId: last.field_id,
      day: last.day,
      answer: last.answer,
      shard: last.shard,
    };
    return { moved: rows.length, next: rows.length < RESEAL_BATCH ? null : next };
  });
}
