import type { MemberEventBody, WorkspaceWebhookEvent } from '@formsmith/core/webhooks/api';
import type { WorkspaceRole } from '@formsmith/core/workspaces/roles';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { requestActor } from '../../lib/request-actor.ts';

/** A change to who belongs to a workspace, as the code that made it knows it. */
export type MemberChange = {
  type: WorkspaceWebhookEvent;
  workspaceId: number;
  /** The member's account; null for an invitation (the address may have none yet). */
  userId: string | null;
  email: string;
  role: WorkspaceRole;
  previousRole?: WorkspaceRole;
  reason?: 'removed' | 'left';
};

/** The described event: the body's `type`, `timestamp` and `data`, as the webhooks module sends it. */
export type MemberEvent = MemberEventBody;
/** Gets the app (its keyring seals what it stores) and the transaction of the change. */
export type MemberEventHandler = (app: FastifyInstance, tx: DbOrTx, event: MemberEvent) => Promise<void>;

const handlers = new Set<MemberEventHandler>();

/**
 * Calls `handler` with every member event, inside the transaction of the change, so what it writes
 * commits with the change or not at all. Workspaces sit low in the module order and may not import
 * webhooks (which builds on forms and submissions), so webhooks subscribes here, as it does to
 * forms' onFormEvent, rather than workspaces queueing deliveries. A set: subscribing again, as
 * every app built in one process does, changes nothing.
 */
export function onMemberEvent(handler: MemberEventHandler): void {
  handlers.add(handler);
}

/**
 * Describes the change (the workspace's name, the member's, the actor from the request) and hands
 * it to every subscriber in `tx`. Reads nothing when nobody subscribes.
 */
export async function emitMemberEvent(app: FastifyInstance, tx: DbOrTx, change: MemberChange): Promise<void> {
  if (handlers.size === 0) return;
  const [names] = await queryRows<{ workspace: string; member: string | null }>(
    tx,
    sql`select w.name as workspace,
          (select u.name from users u where u.id = ${change.userId}::uuid) as member
        from workspaces w where w.id = ${change.workspaceId}`,
  );
  const event: MemberEvent = {
    type: change.type,
    timestamp: new Date().toISOString(),
    data: {
      workspace: { id: change.workspaceId, name: names?.workspace ?? '' },
      member: {
        user_id: change.userId,
        email: change.email,
        name: names?.member ?? null,
        role: change.role,
        ...(change.previousRole ? { previous_role: change.previousRole } : {}),
      },
      ...(change.reason ? { reason: change.reason } : {}),
      actor_id: requestActor()?.userId ?? null,
    },
  };
  for (const handler of handlers) await handler(app, tx, event);
}

/** A workspace's name and its owners' names and addresses: who hears of its webhooks' trouble. */
export async function workspaceOwners(
  db: DbOrTx,
  workspaceId: number,
): Promise<{ workspace: string; owners: { name: string; email: string }[] } | null> {
  const rows = await queryRows<{ workspace: string; name: string | null; email: string | null }>(
    db,
    sql`select w.name as workspace, u.name, u.email from workspaces w
        left join workspace_members wm on wm.workspace_id = w.id and wm.role = 'owner'
        left join users u on u.id = wm.user_id
        where w.id = ${workspaceId} order by u.email`,
  );
  if (rows.length === 0) return null;
  const owners = rows.flatMap((r) => (r.email ? [{ name: r.name ?? '', email: r.email }] : []));
  return { workspace: rows[0]!.workspace, owners };
}
