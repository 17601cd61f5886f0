import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { scheduleRecurringJob } from '../../jobs/recurring.ts';
import { deleteUpload } from '../../lib/storage.ts';

export const RETENTION_JOB = 'submissions.retention';
const DAY_MS = 86_400_000;

/**
 * Deletes every submission older than its form's retention_days (forms without one keep
 * everything) and keeps the forms' submission counters in step (on shard 0: the count is the sum of
 * the shards). Returns how many were deleted and the storage keys of their uploaded files (the
 * upload rows go with the submissions; the caller removes the files).
 */
export async function deleteExpiredSubmissions(
  db: DbOrTx,
  now: Date = new Date(),
): Promise<{ deleted: number; storageKeys: string[] }> {
  const result = await db.execute(sql`
    with deleted as (
      delete from submissions s using forms f
      where s.form_id = f.id and f.retention_days is not null
        and s.created_at < ${now.toISOString()}::timestamptz - make_interval(days => f.retention_days)
      returning s.id, s.form_id
    ), files as (
      -- The statement's snapshot still sees the upload rows the cascade removes.
      select u.storage_key from uploads u join deleted d on u.submission_id = d.id
    ), counts as (
      select form_id, count(*)::int as n from deleted group by form_id
    ), updated as (
      insert into form_submission_counts (form_id, shard, count)
      select form_id, 0, -n from counts
      on conflict (form_id, shard) do update set count = form_submission_counts.count + excluded.count
      returning form_id
    )
    select (select coalesce(sum(n), 0)::int from counts) as deleted,
      (select coalesce(array_agg(storage_key), '{}') from files) as storage_keys`);
  const rows = (result as unknown as { rows: { deleted: number | string; storage_keys: string[] }[] }).rows;
  return { deleted: Number(rows[0]?.deleted ?? 0), storageKeys: rows[0]?.storage_keys ?? [] };
}

/** Registers the daily retention job; each run schedules the next, start-up seeds the first now. */
/** Uploads a respondent never submitted are kept this long (a form left open overnight still works). */
const ABANDONED_UPLOAD_MS = DAY_MS;

/** Deletes upload rows never attached to a submission, older than a day; returns their storage keys. */
export async function deleteAbandonedUploads(db: DbOrTx, now: Date = new Date()): Promise<string[]> {
  const cutoff = new Date(now.getTime() - ABANDONED_UPLOAD_MS).toISOString();
  const result = await db.execute(sql`
    delete from uploads where submission_id is null and created_at < ${cutoff}::timestamptz
    returning storage_key`);
  return (result as unknown as { rows: { storage_key: string }[] }).rows.map((r) => r.storage_key);
}

export function registerRetentionJob(app: FastifyInstance): void {
  scheduleRecurringJob(app, {
    kind: RETENTION_JOB,
    everyMs: DAY_MS,
    firstRunInMs: 0,
    run: async () => {
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
  });
}
