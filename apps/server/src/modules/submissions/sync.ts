import type { SyncPage } from '@formsmith/core/submissions/sync';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { Keyring } from '../../lib/encryption/index.ts';
import { isUuid } from '../../lib/ids.ts';
import { readAnswers } from './answer-sealing.ts';
import { progressSummary } from './repository.ts';

type Position = { txid: string; id: string };
const START: Position = { txid: '0', id: '00000000-0000-0000-0000-000000000000' };
const BAD_CURSOR = 'Not a cursor from this listing';

export function encodeCursor(position: Position): string {
  return Buffer.from(`${position.txid}.${position.id}`).toString('base64url');
}

function decodeCursor(cursor: string | undefined): Position {
  if (!cursor) return START;
  const [txid, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  if (!txid || !/^\d{1,19}$/.test(txid) || !id || !isUuid(id)) {
    throw badRequest(BAD_CURSOR, { cursor: BAD_CURSOR });
  }
  return { txid, id };
}

type Row = {
  id: string;
  number: number;
  form_id: number;
  form_version: number;
  language: string;
  created_at: Date | string;
  completed: boolean;
  data: Record<string, unknown>;
  sealed_data: Uint8Array | null;
  metadata: Record<string, unknown>;
  progress: Record<string, unknown> | null;
  updated_at: Date | string;
  txid: string;
};

/**
 * One page of a form's submissions in the order their transactions began (oldest first), after
 * the cursor. Only rows of transactions older than every transaction still running are listed:
 * a submission being stored right now could otherwise commit later with a position before a
 * cursor already handed out, and a sync would skip it. Such rows show up on a later call.
 */
export async function listSubmissionsSince(
  db: DbOrTx,
  keyring: Keyring,
  input: { formId: number; cursor?: string; limit: number },
): Promise<SyncPage> {
  const after = decodeCursor(input.cursor);
  const rows = await queryRows<Row>(
    db,
    sql`select id, number, form_id, form_version, language, created_at, completed, data, sealed_data, metadata, progress, updated_at, txid::text as txid from submissions
      where form_id = ${input.formId}
        and (txid, id) > (${after.txid}::bigint, ${after.id}::uuid)
        and txid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
      order by txid, id
      limit ${input.limit + 1}`,
  );
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    data: page.map((r) => ({
      id: r.id,
      number: r.number,
      form_id: r.form_id,
      form_version: r.form_version,
      language: r.language,
      created_at: new Date(r.created_at).toISOString(),
      completed: r.completed,
      data: readAnswers(keyring, { id: r.id, data: r.data, sealedData: r.sealed_data }),
      metadata: r.metadata ?? {},
      progress: progressSummary({
        progress: r.progress,
        updatedAt: new Date(r.updated_at),
        completed: r.completed,
      }),
    })),
    next_cursor: last ? encodeCursor({ txid: last.txid, id: last.id }) : encodeCursor(after),
    has_more: rows.length > input.limit,
  };
}
