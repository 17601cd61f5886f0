import { z } from 'zod';
import { WORKSPACE_ROLES } from '../workspaces/roles.ts';

/**
 * Events a form's webhook can subscribe to; `submission.completed` fires when a partial response is
 * finished, `form.moved` when the form goes to another workspace.
 */
export const FORM_WEBHOOK_EVENTS = [
  'submission.created',
  'submission.completed',
  'form.published',
  'form.moved',
] as const;

/** Events a workspace's webhook can subscribe to: changes to who belongs to it. */
export const WORKSPACE_WEBHOOK_EVENTS = [
  'member.invited',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.invitation_revoked',
] as const;

export const WEBHOOK_EVENTS = [...FORM_WEBHOOK_EVENTS, ...WORKSPACE_WEBHOOK_EVENTS] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export type FormWebhookEvent = (typeof FORM_WEBHOOK_EVENTS)[number];
export type WorkspaceWebhookEvent = (typeof WORKSPACE_WEBHOOK_EVENTS)[number];

/** How the settings pages and chat messages name each event. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'submission.created': 'New submission',
  'submission.completed': 'Partial submission completed',
  'form.published': 'Form published',
  'form.moved': 'Form moved to another workspace',
  'member.invited': 'Someone invited',
  'member.joined': 'Member joined',
  'member.role_changed': "Member's role changed",
  'member.removed': 'Member removed or left',
  'member.invitation_revoked': 'Invitation revoked',
};

/** The event type of 'Send test event' deliveries (never subscribed to, always delivered). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_FORMATS = ['json', 'slack', 'discord'] as const;

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter a full http:// or https:// URL',
  urlTooLong: 'The URL must be at most 2000 characters',
  eventsRequired: 'Choose at least one event',
  formEventsOnly:
    "A form's webhook takes form and submission events; member events go to a workspace webhook",
  workspaceEventsOnly:
    "A workspace webhook takes member events (member.*); form and submission events go to a form's webhook",
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

/**
 * The events of one kind of webhook. Any known event passes the enum, so one that belongs to the
 * other kind of webhook is refused with a message saying where it goes, not as an unknown value.
 */
function eventsSchema(allowed: readonly WebhookEvent[], wrongOwner: string) {
  return z
    .array(z.enum(WEBHOOK_EVENTS), { error: WEBHOOK_MESSAGES.eventsRequired })
    .min(1, { error: WEBHOOK_MESSAGES.eventsRequired })
    .max(allowed.length)
    .refine((events) => events.every((event) => allowed.includes(event)), { error: wrongOwner })
    .transform((events) => [...new Set(events)]);
}

/** The create and change bodies of one kind of webhook (a form's or a workspace's). */
function webhookBodies(allowed: readonly WebhookEvent[], wrongOwner: string) {
  const events = eventsSchema(allowed, wrongOwner);
  return {
    create: z.object({ url: urlSchema, events, format: z.enum(WEBHOOK_FORMATS).default('json') }),
    /** Any of the fields; `enabled: true` re-enables a disabled one. */
    update: z.object({
      url: urlSchema.optional(),
      events: events.optional(),
      format: z.enum(WEBHOOK_FORMATS).optional(),
      enabled: z.boolean().optional(),
    }),
  };
}

const formBodies = webhookBodies(FORM_WEBHOOK_EVENTS, WEBHOOK_MESSAGES.formEventsOnly);
const workspaceBodies = webhookBodies(WORKSPACE_WEBHOOK_EVENTS, WEBHOOK_MESSAGES.workspaceEventsOnly);

/** POST /api/forms/:id/webhooks. */
export const createWebhookBodySchema = formBodies.create;
export type CreateWebhookBody = z.input<typeof createWebhookBodySchema>;

/** PATCH /api/forms/:id/webhooks/:webhookId. */
export const updateWebhookBodySchema = formBodies.update;
export type UpdateWebhookBody = z.input<typeof updateWebhookBodySchema>;

/** POST /api/workspaces/:id/webhooks. */
export const createWorkspaceWebhookBodySchema = workspaceBodies.create;

/** PATCH /api/workspaces/:id/webhooks/:webhookId. */
export const updateWorkspaceWebhookBodySchema = workspaceBodies.update;

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

/**
 * The `json` format's body of member events (a workspace webhook's). `member.user_id` and `name`
 * are null for an invitation (the address may have no account yet); `previous_role` comes with
 * `member.role_changed`; `reason` with `member.removed` says whether an admin removed the member
 * or they left.
 */
export const memberEventSchema = z.object({
  type: z.enum(WORKSPACE_WEBHOOK_EVENTS),
  timestamp: z.string(),
  data: z.object({
    workspace: z.object({ id: z.number().int(), name: z.string() }),
    member: z.object({
      user_id: z.string().nullable(),
      email: z.string(),
      name: z.string().nullable(),
      role: z.enum(WORKSPACE_ROLES),
      previous_role: z.enum(WORKSPACE_ROLES).optional(),
    }),
    reason: z.enum(['removed', 'left']).optional(),
    /** Who made the change (for `member.joined` and a leave, the member). */
    actor_id: z.string().nullable(),
  }),
});
export type MemberEventBody = z.infer<typeof memberEventSchema>;
