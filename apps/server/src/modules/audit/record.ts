import type { AuditAction } from '@formsmith/core/workspaces/audit';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { requestActor } from '../../lib/request-actor.ts';

/** Entries of one kind by one actor on one form closer together than this are one entry. */
const EDIT_COALESCE = '15 minutes';

export type AuditRecord = {
  action: AuditAction;
  /** The workspace it happened in, or the form it happened to (its workspace is looked up). */
  where: { workspaceId: number } | { formId: number };
  target?: { type: string; id: string | number; label?: string | null };
  details?: Record<string, unknown>;
};

/**
 * Appends an entry to the workspace's audit log, as the request's actor (the server itself
 * outside a request). Call it with the transaction of the change, so the entry commits with the
 * change or not at all. A form's edits (autosave writes often) are one entry per actor per
 * quarter of an hour.
 */
export async function recordAudit(tx: DbOrTx, record: AuditRecord): Promise<void> {
  const actor = requestActor();
  const target = record.target;
  const targetId = target ? String(target.id) : 'formId' in record.where ? String(record.where.formId) : null;
  const targetType = target?.type ?? ('formId' in record.where ? 'form' : null);
  const source: SQL =
    'formId' in record.where
      ? sql`from forms f where f.id = ${record.where.formId}`
      : sql`from workspaces f where f.id = ${record.where.workspaceId}`;
  const workspace = 'formId' in record.where ? sql`f.workspace_id` : sql`f.id`;
  const label = target?.label ?? null;
  const labelSql = 'formId' in record.where ? sql`coalesce(${label}::text, f.title)` : sql`${label}::text`;
  const coalesce =
    record.action === 'form.edited'
      ? sql` and not exists (select 1 from audit_events e where e.workspace_id = ${workspace}
            and e.action = 'form.edited' and e.target_id = ${targetId}
            and e.actor_id is not distinct from ${actor?.userId ?? null}::uuid
            and e.at > now() - interval '${sql.raw(EDIT_COALESCE)}')`
      : sql``;
  await tx.execute(sql`insert into audit_events
      (workspace_id, actor_id, actor_name, actor_email, via, api_key_id, ip, action, target_type, target_id, target_label, details)
      select ${workspace}, ${actor?.userId ?? null}::uuid, ${actor?.name ?? null}, ${actor?.email ?? null},
        ${actor?.via ?? 'system'}, ${actor?.apiKeyId ?? null}::uuid, ${actor?.ip ?? null}, ${record.action},
        ${targetType}, ${targetId}, ${labelSql}, ${record.details ? JSON.stringify(record.details) : null}::jsonb
      ${source}${coalesce}`);
}
