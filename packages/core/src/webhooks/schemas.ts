import { z } from 'zod';

/**
 * Events a webhook can subscribe to; `submission.completed` fires when a partial response is
 * finished, `form.moved` when the form goes to another workspace.
 */
export const WEBHOOK_EVENTS = [
  'submission.created',
  'submission.completed',
  'form.published',
  'form.moved',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** How the settings page and chat messages name each event. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'submission.created': 'New submission',
  'submission.completed': 'Partial submission completed',
  'form.published': 'Form published',
  'form.moved': 'Form moved to another workspace',
};

/** The event type of 'Send test event' deliveries (never subscribed to, always delivered). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_FORMATS = ['json', 'slack', 'discord'] as const;

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter a full http:// or https:// URL',
  urlTooLong: 'The URL must be at most 2000 characters',
  eventsRequired: 'Choose at least one event',
} as const;

const urlSchema = z
  .string({ error: WEBHOOK_MESSAGES.urlInvalid })
  .trim()
  .max(2000, { error: WEBHOOK_MESSAGES.urlTooLong })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { error: WEBHOOK_MESSAGES.urlInvalid },
  );

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS), { error: WEBHOOK_MESSAGES.eventsRequired })
  .min(1, { error: WEBHOOK_MESSAGES.eventsRequired })
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);

/** POST /api/forms/:id/webhooks. */
export const createWebhookBodySchema = z.object({
  url: urlSchema,
  events: eventsSchema,
  format: z.enum(WEBHOOK_FORMATS).default('json'),
});
export type CreateWebhookBody = z.input<typeof createWebhookBodySchema>;

/** PATCH /api/forms/:id/webhooks/:webhookId: any of the fields; `enabled: true` re-enables a disabled one. */
export const updateWebhookBodySchema = z.object({
  url: urlSchema.optional(),
  events: eventsSchema.optional(),
  format: z.enum(WEBHOOK_FORMATS).optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookBody = z.input<typeof updateWebhookBodySchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  format: z.enum(WEBHOOK_FORMATS),
  enabled: z.boolean(),
  /** Why it was turned off automatically (failing for days), or null. */
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The create and rotate answers: the only time the secret is shown. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });

export const webhookListSchema = z.object({ items: z.array(webhookSchema) });

export const webhookAttemptSchema = z.object({
  attempted_at: z.string(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  /** The first kilobyte of the answer's body. */
  response_excerpt: z.string(),
  /** Why no answer came (refused target, timeout, connection error), or null. */
  error: z.string().nullable(),
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  created_at: z.string(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema) });

/** The `json` format's body of submission events. */
export const submissionEventSchema = z.object({
  type: z.string(),
  timestamp: z.string(),
  data: z.object({
    form: z.object({ id: z.number().int(), title: z.string() }),
    submission: z
      .object({
        id: z.string(),
        created_at: z.string(),
        status: z.enum(['complete', 'partial']),
        answers: z.array(
          z.object({ field_id: z.string(), label: z.string(), type: z.string(), value: z.unknown() }),
        ),
        variables: z.record(z.string(), z.unknown()),
      })
      .optional(),
  }),
});
export type SubmissionEvent = z.infer<typeof submissionEventSchema>;
