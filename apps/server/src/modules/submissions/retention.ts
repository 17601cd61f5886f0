import { normalizeFields } from '@formsmith/core/fields/normalize';
import type { FormField } from '@formsmith/core/fields/types';
import { DAY_MS } from '@formsmith/core/time';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import type { RecurringJob } from '../../jobs/registry.ts';
import { deleteUpload } from '../../lib/storage.ts';
import { type BatchStatsItem, batchStatsCtes } from '../analytics/index.ts';
import { listFormFields } from '../forms/index.ts';

export const RETENTION_JOB = 'submissions.retention';

const BATCH = 500;

type ExpiredRow = {
  id: string;
  form_id: number;
  data: Record<string, unknown> | null;
  metadata: Record<string, unknown> | null;
  created_at: string | Date;
};

/**
 * Deletes every submission older than its form's retention_days (forms without one keep
 * everything), in batches. Each batch is one statement that also takes the submissions out of the
 * forms' counters (on shard 0: a count is the sum of its shards) and out of the analytics
 * aggregates, with the same extraction that added them, so the figures keep matching the stored
 * submissions (what `analytics:rebuild` computes). Returns how many were deleted and the storage
 * keys of their uploaded files (the upload rows go with the submissions; the caller removes the
 * files).
 */
export async function deleteExpiredSubmissions(
  db: DbOrTx,
  now: Date = new Date(),
): Promise<{ deleted: number; storageKeys: string[] }> {
  const total = { deleted: 0, storageKeys: [] as string[] };
  const fieldsOf = new Map<number, FormField[]>();
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const expired = await queryRows<ExpiredRow>(
        tx,
        sql`select s.id, s.form_id, s.data, s.metadata, s.created_at
          from submissions s join forms f on f.id = s.form_id
          where f.retention_days is not null
            and s.created_at < ${now.toISOString()}::timestamptz - make_interval(days => f.retention_days)
          order by s.form_id, s.created_at limit ${BATCH} for update of s skip locked`,
      );
      if (expired.length === 0) return null;
      const missing = [...new Set(expired.map((r) => r.form_id))].filter((id) => !fieldsOf.has(id));
      if (missing.length > 0) {
        const found = await listFormFields(tx, missing);
        for (const form of found) fieldsOf.set(form.id, normalizeFields(form.fields));
      }
      const items: BatchStatsItem[] = expired.map((r) => ({
        id: r.id,
        input: {
          formId: r.form_id,
          fields: fieldsOf.get(r.form_id) ?? [],
          data: r.data ?? {},
          metadata: r.metadata ?? {},
          createdAt: new Date(r.created_at),
        },
      }));
      const ids = sql.join(
        expired.map((r) => sql`${r.id}::uuid`),
        sql`, `,
      );
      const [result] = await queryRows<{ deleted: number | string; storage_keys: string[] }>(
        tx,
        sql`with deleted as (
            delete from submissions where id in (${ids}) returning id, form_id
          ), files as (
            -- The statement's snapshot still sees the upload rows the cascade removes.
            select u.storage_key from uploads u join deleted d on u.submission_id = d.id
          ), counts as (
            select form_id, count(*)::int as n from deleted group by form_id
          ), updated as (
            insert into form_submission_counts (form_id, shard, count)
            select form_id, 0, -n from counts order by form_id
            on conflict (form_id, shard) do update set count = form_submission_counts.count + excluded.count
          ), ${sql.join(batchStatsCtes(items, 'deleted', -1), sql`, `)}
          select (select coalesce(sum(n), 0)::int from counts) as deleted,
            (select coalesce(array_agg(storage_key), '{}') from files) as storage_keys`,
      );
      return {
        deleted: Number(result?.deleted ?? 0),
        storageKeys: result?.storage_keys ?? [],
        size: expired.length,
      };
    });
    if (!batch) break;
    total.deleted += batch.deleted;
    total.storageKeys.push(...batch.storageKeys);
    if (batch.size < BATCH) break;
  }
  return total;
}

/** Uploads a respondent never submitted are kept this long (a form left open overnight still works). */
const ABANDONED_UPLOAD_MS = DAY_MS;

/** Deletes upload rows never attached to a submission, older than a day; returns their storage keys. */
export async function deleteAbandonedUploads(db: DbOrTx, now: Date = new Date()): Promise<string[]> {
  const cutoff = new Date(now.getTime() - ABANDONED_UPLOAD_MS).toISOString();
  const rows = await queryRows<{ storage_key: string }>(
    db,
    sql`delete from uploads where submission_id is null and created_at < ${cutoff}::timestamptz
      returning storage_key`,
  );
  return rows.map((r) => r.storage_key);
}

/** The daily retention run: expired submissions, then abandoned uploads, then their files. */
export const retentionJob: RecurringJob = {
  kind: RETENTION_JOB,
  everyMs: DAY_MS,
  firstRunInMs: 0,
  run: async (app) => {
    const { deleted, storageKeys } = await deleteExpiredSubmissions(app.db);
    const abandoned = await deleteAbandonedUploads(app.db);
    for (const key of [...storageKeys, ...abandoned]) {
      // The rows are gone already; a file that cannot be removed is logged, not retried.
      await deleteUpload(app.config, key).catch((err) =>
        app.log.warn({ err, key }, 'could not delete upload'),
      );
    }
    if (deleted > 0)
      app.log.info({ deleted, files: storageKeys.length }, 'retention deleted old submissions');
  },
};
