import { randomUUID } from 'node:crypto';
import { webhookCarriesAnswers } from '@formsmith/core/api-keys/answer-copies';
import {
  type WEBHOOK_FORMATS,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '@formsmith/core/webhooks/api';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { assertKeyScope, type KeyScopes, SCOPE_NEEDS } from '../../lib/key-scopes.ts';
import { recordAudit } from '../audit/index.ts';
import { requireOwnedForm } from '../forms/index.ts';
import { attemptDelivery } from './deliver.ts';
import * as repo from './repository.ts';
import { checkTarget, RefusedTargetError } from './safe-target.ts';
import { PREVIOUS_SECRET_TTL_MS, sealWebhookSecret } from './secrets.ts';
import { generateWebhookSecret } from './signing.ts';

/**
 * Whose webhooks a request reaches: a form's (`ownerId` is the caller, for the form check) or a
 * workspace's (the authenticate hook has checked the caller's role there).
 */
export type Owned = { owner: repo.WebhookOwner; ownerId: string };

/** A create body as the route's schema gave it (its events already fit the owner). */
type WebhookBody = { url: string; events: WebhookEvent[]; format: (typeof WEBHOOK_FORMATS)[number] };
type WebhookChanges = Partial<WebhookBody> & { enabled?: boolean };

const WEBHOOK_NOT_FOUND = 'Webhook not found';
const DELIVERY_LOG_SIZE = 50;

export function toWebhook(row: repo.WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as Webhook['events'],
    format: row.format as Webhook['format'],
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    created_at: row.createdAt.toISOString(),
  };
}

function toDelivery(row: repo.DeliveryRow & { attempts: repo.AttemptRow[] }): WebhookDelivery {
  return {
    id: row.id,
    event_type: row.eventType,
    status: row.status as WebhookDelivery['status'],
    created_at: row.createdAt.toISOString(),
    attempts: row.attempts.map((a) => ({
      attempted_at: a.attemptedAt.toISOString(),
      status_code: a.statusCode,
      duration_ms: a.durationMs,
      response_excerpt: a.responseExcerpt,
      error: a.error,
    })),
  };
}

/** A form's webhooks are reached through a form the caller may still open (not in the trash). */
async function requireOwner(app: FastifyInstance, { owner, ownerId }: Owned): Promise<void> {
  if ('formId' in owner) await requireOwnedForm(app.db, { formId: owner.formId, ownerId });
}

async function requireWebhook(
  app: FastifyInstance,
  input: Owned & { webhookId: string },
): Promise<repo.WebhookRow> {
  await requireOwner(app, input);
  const row = isUuid(input.webhookId) ? await repo.findWebhook(app.db, input) : null;
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  return row;
}

/** Where the audit log files a webhook's changes. */
const auditWhere = (owner: repo.WebhookOwner) =>
  'formId' in owner ? { formId: owner.formId } : { workspaceId: owner.workspaceId };

/** Refuses, when saving, a target every attempt would refuse anyway (it is checked again on each). */
async function assertTargetAllowed(app: FastifyInstance, url: string): Promise<void> {
  try {
    await checkTarget(url, { allowPrivate: app.config.webhookAllowPrivate });
  } catch (err) {
    if (!(err instanceof RefusedTargetError)) throw err;
    // A name that does not resolve yet may later: only addresses known to be refused stop the save.
    if (err.message.includes('could not be resolved')) return;
    throw new AppError('VALIDATION_FAILED', 422, err.message, { url: err.message });
  }
}

export async function listWebhooks(app: FastifyInstance, input: Owned) {
  await requireOwner(app, input);
  return { items: (await repo.listWebhooks(app.db, input.owner)).map(toWebhook) };
}

export async function createWebhook(
  app: FastifyInstance,
  input: Owned & { body: WebhookBody; keyScopes: KeyScopes },
) {
  await requireOwner(app, input);
  const { body } = input;
  if (webhookCarriesAnswers(body.events)) assertKeyScope(input.keyScopes, SCOPE_NEEDS.webhookAnswers);
  await assertTargetAllowed(app, body.url);
  const id = randomUUID();
  const secret = generateWebhookSecret();
  const row = await app.db.transaction(async (tx) => {
    const made = await repo.createWebhook(tx, {
      id,
      owner: input.owner,
      ...body,
      secret: sealWebhookSecret(app.keyring, id, secret),
    });
    await recordAudit(tx, {
      action: 'webhook.created',
      where: auditWhere(input.owner),
      details: { webhook: id, host: new URL(made.url).host, events: made.events },
    });
    return made;
  });
  return { ...toWebhook(row), secret };
}

export async function updateWebhook(
  app: FastifyInstance,
  input: Owned & { webhookId: string; body: WebhookChanges; keyScopes: KeyScopes },
) {
  const current = await requireWebhook(app, input);
  const { body } = input;
  // Answers going to a new address, or answers added to what an address gets.
  const before = current.events as WebhookEvent[];
  const events = body.events ?? before;
  const moved = body.url !== undefined && body.url !== current.url;
  if (webhookCarriesAnswers(events) && (moved || !webhookCarriesAnswers(before))) {
    assertKeyScope(input.keyScopes, SCOPE_NEEDS.webhookAnswers);
  }
  if (body.url !== undefined) await assertTargetAllowed(app, body.url);
  const reenabled = body.enabled === true ? { disabledReason: null, failingSince: null } : {};
  const row = await repo.updateWebhook(app.db, { ...input, changes: { ...body, ...reenabled } });
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  return toWebhook(row);
}

export async function deleteWebhook(app: FastifyInstance, input: Owned & { webhookId: string }) {
  const current = await requireWebhook(app, input);
  await app.db.transaction(async (tx) => {
    await repo.deleteWebhook(tx, input);
    await recordAudit(tx, {
      action: 'webhook.deleted',
      where: auditWhere(input.owner),
      details: { webhook: input.webhookId, host: new URL(current.url).host },
    });
  });
}

/** A new secret; the old one keeps signing beside it for a day so receivers can switch over. */
export async function rotateWebhookSecret(app: FastifyInstance, input: Owned & { webhookId: string }) {
  const current = await requireWebhook(app, input);
  const secret = generateWebhookSecret();
  const row = await repo.updateWebhook(app.db, {
    ...input,
    changes: {
      secret: sealWebhookSecret(app.keyring, current.id, secret),
      previousSecret: current.secret,
      previousSecretExpiresAt: new Date(Date.now() + PREVIOUS_SECRET_TTL_MS),
    },
  });
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  return { ...toWebhook(row), secret };
}

/** Sends one delivery now and answers it with its attempts (test events and resends wait for the answer). */
async function sendNow(app: FastifyInstance, webhook: repo.WebhookRow, delivery: repo.DeliveryRow) {
  const result = await attemptDelivery(app, { webhook, delivery });
  const status = result.ok ? 'succeeded' : 'failed';
  await repo.updateDelivery(app.db, { deliveryId: delivery.id, changes: { status } });
  const [logged] = await repo.listDeliveries(app.db, {
    webhookId: webhook.id,
    deliveryId: delivery.id,
    limit: 1,
  });
  return toDelivery(logged!);
}

export async function sendTestEvent(app: FastifyInstance, input: Owned & { webhookId: string }) {
  const webhook = await requireWebhook(app, input);
  const delivery = await repo.createDelivery(app.db, {
    webhookId: webhook.id,
    eventType: WEBHOOK_TEST_EVENT,
  });
  return sendNow(app, webhook, delivery);
}

/** Sends a logged delivery again, with the same webhook-id and body. */
export async function resendDelivery(
  app: FastifyInstance,
  input: Owned & { webhookId: string; deliveryId: string },
) {
  const webhook = await requireWebhook(app, input);
  const delivery = isUuid(input.deliveryId)
    ? await repo.findDelivery(app.db, { webhookId: webhook.id, deliveryId: input.deliveryId })
    : null;
  if (!delivery) throw notFound('Delivery not found');
  return sendNow(app, webhook, delivery);
}

export async function listWebhookDeliveries(app: FastifyInstance, input: Owned & { webhookId: string }) {
  const webhook = await requireWebhook(app, input);
  const rows = await repo.listDeliveries(app.db, { webhookId: webhook.id, limit: DELIVERY_LOG_SIZE });
  return { items: rows.map(toDelivery) };
}
