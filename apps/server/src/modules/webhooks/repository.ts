import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema.ts';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export const WEBHOOK_JOB = 'webhook.deliver';
/** About a day of retries: see RETRY_DELAYS_SECONDS in deliver.ts. */
export const WEBHOOK_MAX_ATTEMPTS = 8;

export async function listWebhooks(db: DbOrTx, formId: number): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(eq(webhooks.formId, formId)).orderBy(webhooks.createdAt);
}

/** The form's webhook, or null when it is missing or belongs to another form. */
export async function findWebhook(
  db: DbOrTx,
  input: { formId: number; webhookId: string },
): Promise<WebhookRow | null> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, input.webhookId), eq(webhooks.formId, input.formId)))
    .limit(1);
  return row ?? null;
}

export async function createWebhook(
  db: DbOrTx,
  values: Pick<typeof webhooks.$inferInsert, 'id' | 'url' | 'events' | 'format' | 'secret'> & { formId: number },
): Promise<WebhookRow> {
  // A form's webhook belongs to the form's workspace (and moves with it).
  const workspaceId = sql<number>`(select workspace_id from forms where id = ${values.formId})`;
  const [row] = await db
    .insert(webhooks)
    .values({ ...values, workspaceId })
    .returning();
  return row!;
}

export async function updateWebhook(
  db: DbOrTx,
  input: {
    formId: number;
    webhookId: string;
    changes: Partial<Omit<typeof webhooks.$inferInsert, 'id' | 'formId' | 'createdAt'>>;
  },
): Promise<WebhookRow | null> {
  const [row] = await db
    .update(webhooks)
    .set({ ...input.changes, updatedAt: new Date() })
    .where(and(eq(webhooks.id, input.webhookId), eq(webhooks.formId, input.formId)))
    .returning();
  return row ?? null;
}

export async function deleteWebhook(
  db: DbOrTx,
  input: { formId: number; webhookId: string },
): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, input.webhookId), eq(webhooks.formId, input.formId)))
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
