import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { MemberEvent } from '../workspaces/index.ts';
import { sealDeliveryBody } from './deliver.ts';
import { renderMemberBody } from './payload.ts';
import * as repo from './repository.ts';

/**
 * Queues a member event for every subscribed webhook of its workspace, in the transaction of the
 * change (subscribed with the workspaces module's onMemberEvent). The body is made and sealed now,
 * not at the first attempt like a form's: who joined or left and with which role are known only
 * here, and no row to read them again from is left by a removal.
 */
export async function queueMemberEvent(app: FastifyInstance, tx: DbOrTx, event: MemberEvent): Promise<void> {
  const subscribed = await repo.listSubscribedWorkspaceWebhooks(tx, {
    workspaceId: event.data.workspace.id,
    event: event.type,
  });
  for (const webhook of subscribed) {
    const id = randomUUID();
    const body = sealDeliveryBody(app.keyring, id, renderMemberBody(webhook.format, event));
    await repo.queueDelivery(tx, { id, webhookId: webhook.id, eventType: event.type, body });
  }
}
