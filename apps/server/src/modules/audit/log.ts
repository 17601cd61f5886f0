import { csvLine, neutralizeCell } from '@formsmith/core/submissions/csv-line';
import {
  AUDIT_ACTIONS,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
} from '@formsmith/core/workspaces/audit';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

type Row = {
  id: number | string;
  at: Date | string;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  via: AuditEntry['via'];
  api_key_id: string | null;
  ip: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  details: Record<string, unknown> | null;
};

function entryOf(row: Row): AuditEntry {
  return {
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    actor: { id: row.actor_id, name: row.actor_name, email: row.actor_email },
    via: row.via,
    api_key_id: row.api_key_id,
    ip: row.ip,
    action: row.action,
    target: { type: row.target_type, id: row.target_id, label: row.target_label },
    details: row.details,
  };
}

function filtersOf(workspaceId: number, query: AuditQuery): SQL {
  const where: SQL[] = [sql`workspace_id = ${workspaceId}`];
  if (query.action) where.push(sql`action = ${query.action}`);
  if (query.actor) where.push(sql`actor_id = ${query.actor}::uuid`);
  if (query.from) where.push(sql`at >= ${query.from}::date`);
  if (query.to) where.push(sql`at < ${query.to}::date + 1`);
  return sql.join(where, sql` and `);
}

/** One page of a workspace's log, newest first, `limit` entries older than `before`. */
export async function readAuditPage(db: DbOrTx, workspaceId: number, query: AuditQuery): Promise<AuditPage> {
  const before = query.before ? sql` and id < ${query.before}` : sql``;
  const rows = await queryRows<Row>(
    db,
    sql`select * from audit_events where ${filtersOf(workspaceId, query)}${before}
        order by id desc limit ${query.limit + 1}`,
  );
  const entries = rows.slice(0, query.limit).map(entryOf);
  return { entries, next_before: rows.length > query.limit ? entries.at(-1)!.id : null };
}

const CSV_HEADER = [
  'Time',
  'Action',
  'Actor',
  'Actor email',
  'Through',
  'API key',
  'IP',
  'Target',
  'Target id',
  'Target name',
  'Details',
];

/** The whole filtered log as CSV lines, newest first, read in pages so a long log streams. */
export async function* auditCsvLines(
  db: DbOrTx,
  workspaceId: number,
  query: AuditQuery,
): AsyncGenerator<string> {
  yield csvLine(CSV_HEADER);
  let before = query.before;
  for (;;) {
    const page = await readAuditPage(db, workspaceId, { ...query, before, limit: 200 });
    for (const e of page.entries) {
      const label = AUDIT_ACTIONS[e.action as keyof typeof AUDIT_ACTIONS] ?? e.action;
      yield csvLine(
        [
          e.at,
          label,
          e.actor.name ?? '',
          e.actor.email ?? '',
          e.via,
          e.api_key_id ?? '',
          e.ip ?? '',
          e.target.type ?? '',
          e.target.id ?? '',
          e.target.label ?? '',
          e.details ? JSON.stringify(e.details) : '',
        ].map(neutralizeCell),
      );
    }
    if (page.next_before === null) return;
    before = page.next_before;
  }
}

/** Deletes entries older than `days`: the only delete the log ever sees. */
export async function purgeAuditEntries(db: DbOrTx, days: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with gone as (delete from audit_events where at < now() - make_interval(days => ${days}) returning 1)
        select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}
