import type { FormField } from '@formsmith/core/forms/field';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import type { Keyring } from '../../lib/encryption/index.ts';
import { type BatchStatsItem, batchStatsOf, statsDeltaCtes } from '../analytics/index.ts';
import { findAnsweredFields } from '../forms/index.ts';
import { readAnswers } from './answer-sealing.ts';

/** A submission about to be deleted, with what its aggregates were computed from. */
export type DoomedRow = {
  id: string;
  form_id: number;
  form_version: number;
  data: Record<string, unknown> | null;
  sealed_data: Uint8Array | null;
  metadata: Record<string, unknown> | null;
  created_at: string | Date;
  /** Incomplete submissions (saved as the respondent went) were never counted: nothing to take out. */
  completed: boolean;
};

/** The fields of each (form, version) pair, loaded once per pair. */
export function versionFieldsCache() {
  const cache = new Map<string, FormField[]>();
  return async (db: DbOrTx, rows: readonly DoomedRow[]) => {
    const missing = new Map<number, number[]>();
    for (const r of rows) {
      if (cache.has(`${r.form_id}:${r.form_version}`)) continue;
      missing.set(r.form_id, [...(missing.get(r.form_id) ?? []), Number(r.form_version)]);
    }
    for (const [formId, numbers] of missing) {
      const found = await findAnsweredFields(db, formId, numbers);
      for (const n of numbers) cache.set(`${formId}:${n}`, found.get(n)!);
    }
    return (row: DoomedRow) => cache.get(`${row.form_id}:${row.form_version}`) ?? [];
  };
}

/**
 * Deletes these submissions (locked by the caller's transaction) in ONE statement that also takes
 * them out of their forms' counters (on shard 0: a count is the sum of its shards) and out of the
 * analytics aggregates, with the same extraction and the same fields (those of the version each
 * answered) that added them, so the figures keep matching the stored submissions (what
 * `analytics:rebuild` computes). Answers how many went and the storage keys of their files (the
 * upload rows go by cascade; the caller removes the files).
 */
export async function removeSubmissionRows(
  tx: DbOrTx,
  keyring: Keyring,
  rows: readonly DoomedRow[],
  fields: ReturnType<typeof versionFieldsCache>,
): Promise<{ deleted: number; storageKeys: string[] }> {
  if (rows.length === 0) return { deleted: 0, storageKeys: [] };
  const fieldsOf = await fields(tx, rows);
  const items: BatchStatsItem[] = rows
    .filter((r) => r.completed)
    .map((r) => ({
      id: r.id,
      input: {
        formId: r.form_id,
        fields: fieldsOf(r),
        data: readAnswers(keyring, { id: r.id, data: r.data, sealedData: r.sealed_data }),
        metadata: r.metadata ?? {},
        createdAt: new Date(r.created_at),
      },
    }));
  const ids = sql.join(
    rows.map((r) => sql`${r.id}::uuid`),
    sql`, `,
  );
  const [result] = await queryRows<{ deleted: number | string; storage_keys: string[] }>(
    tx,
    sql`with deleted as (
        delete from submissions where id in (${ids}) returning id, form_id, completed
      ), counted as (
        select id, form_id from deleted where completed
      ), files as (
        -- The statement's snapshot still sees the upload rows the cascade removes.
        select u.storage_key from uploads u join deleted d on u.submission_id = d.id
      ), counts as (
        select form_id, count(*)::int as n from counted group by form_id
      ), updated as (
        insert into form_submission_counts (form_id, shard, count)
        select form_id, 0, -n from counts order by form_id
        on conflict (form_id, shard) do update set count = form_submission_counts.count + excluded.count
      ), ${sql.join(statsDeltaCtes({ kind: 'entries', entries: batchStatsOf(keyring, items, -1), sign: -1 }, 'counted'), sql`, `)}
      select (select count(*)::int from deleted) as deleted,
        (select coalesce(array_agg(storage_key), '{}') from files) as storage_keys`,
  );
  return { deleted: Number(result?.deleted ?? 0), storageKeys: result?.storage_keys ?? [] };
}
