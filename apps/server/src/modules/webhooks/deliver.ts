import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, queryRows } from '../../db/client.ts';
import type { QueuedJob } from '../../jobs/definition.ts';
import {
  currentSealedTextPrefix,
  fromSealedText,
  type Keyring,
  openText,
  RESEAL_BATCH,
  type ResealBatch,
  seal,
  sealFailure,
  toSealedText,
} from '../../lib/encryption/index.ts';
import { composeMail, escapeHtml } from '../../mail/templates.ts';
import { findFormWithOwner } from '../forms/index.ts';
import { findSubmission } from '../submissions/index.ts';
import { workspaceOwners } from '../workspaces/index.ts';
import { buildEvent, renderBody, renderWorkspaceTestBody } from './payload.ts';
import * as repo from './repository.ts';
import { liveSecrets } from './secrets.ts';
import { type AttemptResult, postToTarget } from './send.ts';
import { webhookHeaders } from './signing.ts';

/** Waits after attempts 1..7 (1 min up to 10 h, about 27 hours in all), each moved by up to ±20 %. */
const RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 18_000, 36_000, 36_000];
/** An endpoint failing this long is switched off and its owner told. */
export const DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

export function webhookRetryDelaySeconds(attempt: number): number {
  const base = RETRY_DELAYS_SECONDS[Math.min(attempt, RETRY_DELAYS_SECONDS.length) - 1] ?? 60;
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

type Loaded = NonNullable<Awaited<ReturnType<typeof repo.findDeliveryWithWebhook>>>;

/** The associated data of a delivery's sealed body (it carries the submission's answers). */
const bodyContext = (deliveryId: string) => `webhook_deliveries.body:${deliveryId}`;

/** A kept body: opened, or as kept before bodies were sealed (and test pings, which carry no answers). */
export function openDeliveryBody(keyring: Keyring, delivery: { id: string; body: string }): string {
  const sealed = fromSealedText(delivery.body);
  if (!sealed) return delivery.body;
  try {
    return openText(keyring, sealed, bodyContext(delivery.id));
  } catch (err) {
    throw sealFailure(err);
  }
}

export const sealDeliveryBody = (keyring: Keyring, deliveryId: string, body: string): string =>
  toSealedText(seal(keyring, body, bodyContext(deliveryId)));

/**
 * The body of a delivery: built at its first attempt and kept (sealed), so every retry sends the
 * same bytes.
 */
async function bodyOf(app: FastifyInstance, loaded: Loaded): Promise<string> {
  const { delivery, webhook } = loaded;
  if (delivery.body !== null) return openDeliveryBody(app.keyring, { id: delivery.id, body: delivery.body });
  const body =
    webhook.formId === null ? workspaceTestBody(loaded) : await formEventBody(app, loaded, webhook.formId);
  await repo.updateDelivery(app.db, {
    deliveryId: delivery.id,
    changes: { body: sealDeliveryBody(app.keyring, delivery.id, body) },
  });
  return body;
}

/**
 * A workspace webhook's member events come with their body (made in the change's transaction, when
 * who and what were known); the only delivery without one is a test event.
 */
function workspaceTestBody({ delivery, webhook }: Loaded): string {
  const at = delivery.createdAt;
  return renderWorkspaceTestBody(webhook.format, {
    type: delivery.eventType,
    at,
    workspaceId: webhook.workspaceId,
  });
}

async function formEventBody(
  app: FastifyInstance,
  { delivery, webhook }: Loaded,
  formId: number,
): Promise<string> {
  const form = await findFormWithOwner(app.db, formId);
  const submission = delivery.submissionId
    ? await findSubmission(app.db, app.keyring, {
        formId,
        submissionId: delivery.submissionId,
      })
    : null;
  const eventForm = { id: formId, title: form?.title ?? '', fields: form?.fields ?? [] };
  const event = buildEvent({ type: delivery.eventType, at: delivery.createdAt, form: eventForm, submission });
  return renderBody(webhook.format, event, eventForm);
}

/** Sends one attempt of a delivery, signed with every live secret, and logs it. */
export async function attemptDelivery(app: FastifyInstance, loaded: Loaded): Promise<AttemptResult> {
  const body = await bodyOf(app, loaded);
  const headers = webhookHeaders({
    secrets: liveSecrets(app.keyring, loaded.webhook),
    id: loaded.delivery.id,
    timestamp: Math.floor(Date.now() / 1000),
    body,
  });
  const result = await postToTarget({
    url: loaded.webhook.url,
    body,
    headers,
    allowPrivate: app.config.webhookAllowPrivate,
  });
  await repo.recordAttempt(app.db, {
    deliveryId: loaded.delivery.id,
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    responseExcerpt: result.responseExcerpt,
    error: result.error,
  });
  await noteOutcome(app, loaded.webhook, result.ok);
  return result;
}

/** Tracks how long the endpoint has been failing; after DISABLE_AFTER_MS it is disabled and the owner mailed. */
async function noteOutcome(app: FastifyInstance, webhook: repo.WebhookRow, ok: boolean): Promise<void> {
  const ids = { owner: repo.ownerOf(webhook), webhookId: webhook.id };
  if (ok) {
    if (webhook.failingSince) await repo.updateWebhook(app.db, { ...ids, changes: { failingSince: null } });
    return;
  }
  if (!webhook.failingSince) {
    await repo.updateWebhook(app.db, { ...ids, changes: { failingSince: new Date() } });
    return;
  }
  if (!webhook.enabled || Date.now() - webhook.failingSince.getTime() < DISABLE_AFTER_MS) return;
  const reason = 'Every delivery failed for 3 days';
  await repo.updateWebhook(app.db, { ...ids, changes: { enabled: false, disabledReason: reason } });
  for (const mail of await disabledMails(app, webhook)) await app.mailer.queue(app.db, composeMail(mail));
}

type DisabledMail = Parameters<typeof composeMail>[0];

/** The mail telling one person that a webhook of their form or workspace was switched off. */
function disabledMail(input: {
  url: string;
  to: { name: string; email: string };
  /** "form" or "workspace", and its title or name. */
  what: string;
  name: string;
  link: string;
}): DisabledMail {
  const { url, what, name, link } = input;
  return {
    to: input.to.email,
    subject: `Webhook disabled: ${name}`,
    greetingName: input.to.name,
    textLines: [
      `The webhook ${url} of your ${what} "${name}" failed on every delivery for 3 days, so we switched it off.`,
      `Fix the endpoint, then enable it again: ${link}`,
    ],
    htmlBody: `<p>The webhook <code>${escapeHtml(url)}</code> of your ${what} <strong>${escapeHtml(name)}</strong> failed on every delivery for 3 days, so we switched it off.</p>
<p>Fix the endpoint, then enable it again in <a href="${escapeHtml(link)}">the ${what}'s settings</a>.</p>`,
  };
}

/** Who is told of a switched-off webhook: a form's owner, or every owner of the workspace. */
async function disabledMails(app: FastifyInstance, webhook: repo.WebhookRow): Promise<DisabledMail[]> {
  const { url } = webhook;
  if (webhook.formId === null) {
    const found = await workspaceOwners(app.db, webhook.workspaceId);
    const link = `${app.config.publicUrl}/dashboard/workspace`;
    return (found?.owners ?? []).map((to) =>
      disabledMail({ url, to, what: 'workspace', name: found!.workspace, link }),
    );
  }
  const form = await findFormWithOwner(app.db, webhook.formId);
  if (!form) return [];
  const to = { name: form.ownerName, email: form.ownerEmail };
  const link = `${app.config.publicUrl}/forms/${form.id}/settings`;
  return [disabledMail({ url, to, what: 'form', name: form.title, link })];
}

/** The webhook.deliver job: one attempt; a failure is retried by the queue until the last attempt. */
export const webhookDeliveryJob: QueuedJob = {
  kind: repo.WEBHOOK_JOB,
  retryDelaySeconds: webhookRetryDelaySeconds,
  handler: (app) => async (payload, job) => {
    const loaded = await repo.findDeliveryWithWebhook(app.db, String(payload.deliveryId));
    if (!loaded) return; // the webhook was deleted with its deliveries
    const deliveryId = loaded.delivery.id;
    if (!loaded.webhook.enabled) {
      await repo.updateDelivery(app.db, { deliveryId, changes: { status: 'failed' } });
      return;
    }
    const result = await attemptDelivery(app, loaded);
    if (result.ok) {
      await repo.updateDelivery(app.db, { deliveryId, changes: { status: 'succeeded' } });
      return;
    }
    if (job.attempt >= job.maxAttempts) {
      await repo.updateDelivery(app.db, { deliveryId, changes: { status: 'failed' } });
      return;
    }
    throw new Error(result.error ?? `The endpoint answered ${result.statusCode}`);
  },
};

/**
 * Moves the next batch (in id order, after `after`) of kept bodies that are clear or sealed under
 * an older key to the current key, in one UPDATE.
 */
export async function resealDeliveryBodies(
  db: Db,
  keyring: Keyring,
  after: string | null,
): Promise<ResealBatch<string>> {
  const prefix = currentSealedTextPrefix(keyring);
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string; body: string }>(
      tx,
      sql`select id, body from webhook_deliveries
        where ${after === null ? sql`true` : sql`id > ${after}::uuid`}
          and body is not null and (submission_id is not null or event_type like 'member.%')
          and left(body, ${prefix.length}) <> ${prefix}
        order by id limit ${RESEAL_BATCH} for update skip locked`,
    );
    const last = rows.at(-1);
    if (!last) return { moved: 0, next: null };
    const ids = rows.map((row) => row.id);
    const bodies = rows.map((row) => sealDeliveryBody(keyring, row.id, openDeliveryBody(keyring, row)));
    await tx.execute(
      sql`update webhook_deliveries d set body = v.body
        from unnest(${sql.param(ids)}::uuid[], ${sql.param(bodies)}::text[]) as v(id, body) where d.id = v.id`,
    );
    return { moved: rows.length, next: rows.length < RESEAL_BATCH ? null : last.id };
  });
}
