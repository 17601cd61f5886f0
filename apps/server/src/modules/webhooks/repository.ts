import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema.ts';
import { enqueueJob } from '../../jobs/queue.ts';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export const WEBHOOK_JOB = 'webhook.deliver';
/** About a day of retries: see RETRY_DELAYS_SECONDS in deliver.ts. */
export const WEBHOOK_MAX_ATTEMPTS = 8;

/**
 * Whose webhook it is: a form's (it hears the form's events) or a workspace's (form_id null: it
 * hears the workspace's member events).
 */
export type WebhookOwner = { formId: number } | { workspaceId: number };

function ownedBy(owner: WebhookOwner): SQL {
  return 'formId' in owner
    ? eq(webhooks.formId, owner.formId)
    : and(isNull(webhooks.formId), eq(webhooks.workspaceId, owner.workspaceId))!;
}

/** The owner a stored webhook answers to. */
export const ownerOf = (row: WebhookRow): WebhookOwner =>
  row.formId === null ? { workspaceId: row.workspaceId } : { formId: row.formId };

export async function listWebhooks(db: DbOrTx, owner: WebhookOwner): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(ownedBy(owner)).orderBy(webhooks.createdAt);
}

/** The owner's webhook, or null when it is missing or belongs to another owner. */
export async function findWebhook(
  db: DbOrTx,
  input: { owner: WebhookOwner; webhookId: string },
): Promise<WebhookRow | null> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, input.webhookId), ownedBy(input.owner)))
    .limit(1);
  return row ?? null;
}

export async function createWebhook(
  db: DbOrTx,
  values: Pick<typeof webhooks.$inferInsert, 'id' | 'url' | 'events' | 'format' | 'secret'> & {
    owner: WebhookOwner;
  },
): Promise<WebhookRow> {
  const { owner, ...rest } = values;
  // A form's webhook belongs to the form's workspace (and moves with it).
  const placed =
    'formId' in owner
      ? {
          formId: owner.formId,
          workspaceId: sql<number>`(select workspace_id from forms where id = ${owner.formId})`,
        }
      : { formId: null, workspaceId: owner.workspaceId };
  const [row] = await db
    .insert(webhooks)
    .values({ ...rest, ...placed })
    .returning();
  return row!;
}

export async function updateWebhook(
  db: DbOrTx,
  input: {
    owner: WebhookOwner;
    webhookId: string;
    changes: Partial<Omit<typeof webhooks.$inferInsert, 'id' | 'formId' | 'workspaceId' | 'createdAt'>>;
  },
): Promise<WebhookRow | null> {
  const [row] = await db
    .update(webhooks)
    .set({ ...input.changes, updatedAt: new Date() })
    .where(and(eq(webhooks.id, input.webhookId), ownedBy(input.owner)))
    .returning();
  return row ?? null;
}

export async function deleteWebhook(
  db: DbOrTx,
  input: { owner: WebhookOwner; webhookId: string },
): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, input.webhookId), ownedBy(input.owner)))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

/**
 * Data-modifying CTEs that queue one delivery (and its job) per enabled webhook of the form that
 * subscribes to `event`, for each row of `source` (a CTE with `id` and `form_id` columns, or a
 * literal row). Used inside the statement that writes what the event is about, so the event
 * commits with it or not at all.
 */
export function eventDeliveryCtes(input: { event: string; source: string; name: string }): SQL[] {
  const source = sql.raw(input.source);
  const deliveries = sql.raw(`${input.name}_deliveries`);
  const jobsName = sql.raw(`${input.name}_jobs`);
  return [
    sql`${deliveries} as (
      insert into webhook_deliveries (webhook_id, event_type, submission_id)
      select w.id, ${input.event}::text, src.id from ${source} src
      join webhooks w on w.form_id = src.form_id
      where w.enabled and w.events @> jsonb_build_array(${input.event}::text)
      returning id)`,
    sql`${jobsName} as (
      insert into jobs (kind, payload, max_attempts)
      select ${WEBHOOK_JOB}::text, jsonb_build_object('deliveryId', id), ${WEBHOOK_MAX_ATTEMPTS}::int
      from ${deliveries})`,
  ];
}

/** Queues a form-level event (no submission) for every subscribed webhook of the form. */
export async function queueFormEvent(db: DbOrTx, input: { formId: number; event: string }): Promise<void> {
  const ctes = eventDeliveryCtes({ event: input.event, source: 'src_form', name: 'form_event' });
  await db.execute(
    sql`with src_form as (select null::uuid as id, ${input.formId}::int as form_id), ${sql.join(ctes, sql`, `)} select 1`,
  );
}

/** The enabled webhooks of a workspace (not of its forms) that subscribe to `event`. */
export async function listSubscribedWorkspaceWebhooks(
  db: DbOrTx,
  input: { workspaceId: number; event: string },
): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(
      and(
        ownedBy({ workspaceId: input.workspaceId }),
        eq(webhooks.enabled, true),
        sql`${webhooks.events} @> jsonb_build_array(${input.event}::text)`,
      ),
    );
}

/** Queues one delivery, its body already made, and the job that sends it. */
export async function queueDelivery(
  db: DbOrTx,
  values: { id: string; webhookId: string; eventType: string; body: string },
): Promise<void> {
  await db.insert(webhookDeliveries).values(values);
  await enqueueJob(db, {
    kind: WEBHOOK_JOB,
    payload: { deliveryId: values.id },
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
  });
}

export async function createDelivery(
  db: DbOrTx,
  values: { webhookId: string; eventType: string; submissionId?: string | null; body?: string },
): Promise<DeliveryRow> {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  return row!;
}

/** A delivery with its webhook, for the job that sends it. */
export async function findDeliveryWithWebhook(db: DbOrTx, deliveryId: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, webhook: webhooks })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1);
  return row ?? null;
}

export async function findDelivery(
  db: DbOrTx,
  input: { webhookId: string; deliveryId: string },
): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, input.deliveryId), eq(webhookDeliveries.webhookId, input.webhookId)))
    .limit(1);
  return row ?? null;
}

export async function updateDelivery(
  db: DbOrTx,
  input: { deliveryId: string; changes: Partial<Pick<DeliveryRow, 'body' | 'status'>> },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ ...input.changes, updatedAt: new Date() })
    .where(eq(webhookDeliveries.id, input.deliveryId));
}

export async function recordAttempt(
  db: DbOrTx,
  values: Omit<typeof webhookAttempts.$inferInsert, 'id' | 'attemptedAt'>,
): Promise<void> {
  await db.insert(webhookAttempts).values(values);
}

/** The webhook's latest deliveries (or the one named), newest first, each with its attempts in order. */
export async function listDeliveries(
  db: DbOrTx,
  input: { webhookId: string; limit: number; deliveryId?: string },
): Promise<(DeliveryRow & { attempts: AttemptRow[] })[]> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhookId, input.webhookId),
        input.deliveryId ? eq(webhookDeliveries.id, input.deliveryId) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(input.limit);
  if (rows.length === 0) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(webhookAttempts.id);
  return rows.map((row) => ({ ...row, attempts: attempts.filter((a) => a.deliveryId === row.id) }));
}
