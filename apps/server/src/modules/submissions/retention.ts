import { DAY_MS } from '@formsmith/core/time';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import type { RecurringJob } from '../../jobs/definition.ts';
import type { Keyring } from '../../lib/encryption/index.ts';
import { deleteUpload } from '../../lib/storage/index.ts';
import { type DoomedRow, removeSubmissionRows, versionFieldsCache } from './delete-rows.ts';

export const RETENTION_JOB = 'submissions.retention';

const BATCH = 500;

/**
 * Deletes every submission older than its form's retention_days (forms without one keep
 * everything) and every incomplete one untouched for its form's partial_retention_days (with
 * their files: uploads belong to their submission), in batches, each with removeSubmissionRows. Returns how many were deleted and the
 * storage keys of their uploaded files (the caller removes the files).
 */
export async function deleteExpiredSubmissions(
  db: DbOrTx,
  keyring: Keyring,
  now: Date = new Date(),
): Promise<{ deleted: number; storageKeys: string[] }> {
  const total = { deleted: 0, storageKeys: [] as string[] };
  const fields = versionFieldsCache();
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const expired = await queryRows<DoomedRow>(
        tx,
        sql`select s.id, s.form_id, s.form_version, s.data, s.sealed_data, s.metadata, s.created_at, s.completed
          from submissions s join forms f on f.id = s.form_id
          where (f.retention_days is not null
              and s.created_at < ${now.toISOString()}::timestamptz - make_interval(days => f.retention_days))
            or (s.completed = false
              and s.updated_at < ${now.toISOString()}::timestamptz - make_interval(days => f.partial_retention_days))
          order by s.form_id, s.created_at limit ${BATCH} for update of s skip locked`,
      );
      if (expired.length === 0) return null;
      return { ...(await removeSubmissionRows(tx, keyring, expired, fields)), size: expired.length };
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
    const { deleted, storageKeys } = await deleteExpiredSubmissions(app.db, app.keyring);
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
