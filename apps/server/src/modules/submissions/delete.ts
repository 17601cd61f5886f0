import type { DeleteSubmissionsResult } from '@formsmith/core/submissions/delete';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/index.ts';
import { removeFiles } from '../forms/index.ts';
import { type DoomedRow, removeSubmissionRows, versionFieldsCache } from './delete-rows.ts';

/**
 * Deletes submissions of one form for good, with their files, taking them out of the counts and
 * analytics in the same statement. Ids that are not this form's submissions are skipped.
 */
export async function deleteFormSubmissions(
  app: FastifyInstance,
  input: { formId: number; ids: readonly string[] },
): Promise<DeleteSubmissionsResult> {
  const ids = [...new Set(input.ids)].filter(isUuid);
  if (ids.length === 0) return { deleted: 0, files: 0 };
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const removed = await app.db.transaction(async (tx) => {
    // Locked, so a concurrent delete of the same rows waits and then finds nothing to take out.
    const rows = await queryRows<DoomedRow>(
      tx,
      sql`select id, form_id, form_version, data, sealed_data, metadata, created_at, completed from submissions
        where form_id = ${input.formId} and id in (${list}) for update`,
    );
    const result = await removeSubmissionRows(tx, app.keyring, rows, versionFieldsCache());
    if (result.deleted > 0) {
      await recordAudit(tx, {
        action: 'submissions.deleted',
        where: { formId: input.formId },
        details: { count: result.deleted },
      });
    }
    return result;
  });
  await removeFiles(app, removed.storageKeys);
  return { deleted: removed.deleted, files: removed.storageKeys.length };
}
