import {
  createWebhookBodySchema,
  createWorkspaceWebhookBodySchema,
  FORM_WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_FORMATS,
  type Webhook,
  type WebhookEvent,
  WORKSPACE_WEBHOOK_EVENTS,
} from '@formsmith/core/webhooks/api';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { fieldMessages } from '../../lib/field-messages.ts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendDelivery,
  useUpdateWebhook,
  useWebhooks,
  type WebhookOwner,
} from '../../lib/webhooks-api/webhooks.ts';
import { Button } from '../ui/button.tsx';
import { Card, CardBody, CardHeader } from '../ui/card.tsx';
import { Alert, Badge, Spinner } from '../ui/feedback.tsx';
import { FormField } from '../ui/form-field.tsx';
import { CheckboxField, Input, Select } from '../ui/input.tsx';
import { SecretOnce } from '../ui/secret-once.tsx';
import { DeliveryLog } from './delivery-log.tsx';

/** What each kind of owner offers: its events, the ones ticked at first, its schema and its blurb. */
const KINDS = {
  form: {
    events: FORM_WEBHOOK_EVENTS,
    initial: ['submission.created'],
    schema: createWebhookBodySchema,
    blurb: 'Send each new response to another service.',
  },
  workspace: {
    events: WORKSPACE_WEBHOOK_EVENTS,
    initial: [...WORKSPACE_WEBHOOK_EVENTS],
    schema: createWorkspaceWebhookBodySchema,
    blurb: 'Tell another service when someone is invited, joins, changes role or leaves.',
  },
} satisfies Record<
  WebhookOwner['kind'],
  { events: readonly WebhookEvent[]; initial: WebhookEvent[]; schema: unknown; blurb: string }
>;

const FORMAT_LABELS: Record<(typeof WEBHOOK_FORMATS)[number], string> = {
  json: 'JSON (signed)',
  slack: 'Slack message',
  discord: 'Discord message',
};

/**
 * A form's or a workspace's webhooks: add, list, send a test event, delivery log with resend,
 * rotate the secret, enable or disable, delete.
 */
export function WebhooksCard({ owner }: { owner: WebhookOwner }) {
  const webhooks = useWebhooks(owner);
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold text-slate-900 dark:text-white">Webhooks</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {KINDS[owner.kind].blurb} Requests are signed (Standard Webhooks) and retried for about a day.
        </p>
      </CardHeader>
      <CardBody className="space-y-5">
        {secret ? (
          <SecretOnce label={secret.label} value={secret.value} onDone={() => setSecret(null)} />
        ) : (
          <AddWebhookForm
            owner={owner}
            onCreated={(value) => setSecret({ label: 'Signing secret', value })}
          />
        )}
        {webhooks.isPending && <Spinner label="Loading webhooks" />}
        {webhooks.isError && <Alert tone="error">Failed to load webhooks</Alert>}
        <ul className="space-y-4" aria-label="Webhooks">
          {webhooks.data?.map((webhook) => (
            <WebhookItem
              key={webhook.id}
              owner={owner}
              webhook={webhook}
              onSecret={(value) =>
                setSecret({ label: 'New signing secret (the old one works for 24 hours)', value })
              }
            />
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

function AddWebhookForm({ owner, onCreated }: { owner: WebhookOwner; onCreated: (secret: string) => void }) {
  const kind = KINDS[owner.kind];
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(kind.initial);
  const [format, setFormat] = useState<(typeof WEBHOOK_FORMATS)[number]>('json');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateWebhook(owner);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = kind.schema.safeParse({ url, events, format });
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setUrl('');
        onCreated(created.secret);
      },
      onError: (err) => setErrors(err instanceof ApiError && err.fields ? err.fields : {}),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <FormField label="Endpoint URL" error={errors.url} required>
          <Input
            type="url"
            inputMode="url"
            placeholder="https://example.com/hooks/formsmith"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </FormField>
        <FormField label="Format">
          <Select value={format} onChange={(e) => setFormat(e.target.value as typeof format)}>
            {WEBHOOK_FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Events</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {kind.events.map((event) => (
            <CheckboxField
              key={event}
              checked={events.includes(event)}
              onChange={(e) =>
                setEvents((current) =>
                  e.target.checked ? [...current, event] : current.filter((x) => x !== event),
                )
              }
              label={WEBHOOK_EVENT_LABELS[event]}
            />
          ))}
        </div>
        {errors.events && <p className="text-sm text-red-600 dark:text-red-400">{errors.events}</p>}
      </fieldset>
      {create.isError && !(create.error instanceof ApiError && create.error.fields) && (
        <Alert tone="error">The webhook could not be added. Please try again.</Alert>
      )}
      <Button type="submit" disabled={create.isPending}>
        Add webhook
      </Button>
    </form>
  );
}

function WebhookItem(props: { owner: WebhookOwner; webhook: Webhook; onSecret: (secret: string) => void }) {
  const { owner, webhook } = props;
  const [showLog, setShowLog] = useState(false);
  const send = useSendDelivery(owner, webhook.id);
  const update = useUpdateWebhook(owner, webhook.id);
  const rotate = useRotateWebhookSecret(owner, webhook.id);
  const remove = useDeleteWebhook(owner, webhook.id);
  const lastTest = send.data && !send.variables?.resend ? send.data : null;

  return (
    <li className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="break-all font-mono text-sm">{webhook.url}</p>
          <div className="flex flex-wrap gap-1">
            {webhook.events.map((event) => (
              <Badge key={event}>{event}</Badge>
            ))}
            <Badge tone="brand">{webhook.format}</Badge>
            {webhook.enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="warning">Disabled</Badge>}
          </div>
          {webhook.disabled_reason && (
            <p className="text-sm text-amber-800 dark:text-amber-300">{webhook.disabled_reason}</p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => send.mutate({})} disabled={send.isPending}>
          Send test event
        </Button>
        <Button size="sm" variant="secondary" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
          {showLog ? 'Hide deliveries' : 'Show deliveries'}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={update.isPending}
          onClick={() => update.mutate({ enabled: !webhook.enabled })}
        >
          {webhook.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={rotate.isPending}
          onClick={() => rotate.mutate(undefined, { onSuccess: (res) => props.onSecret(res.secret) })}
        >
          Rotate secret
        </Button>
        <Button
          size="sm"
          variant="danger"
          aria-label={`Delete webhook ${webhook.url}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          Delete
        </Button>
      </div>
      {lastTest && (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          Test event {lastTest.status === 'succeeded' ? 'delivered' : 'failed'}
          {lastTest.attempts.at(-1)?.status_code ? ` (HTTP ${lastTest.attempts.at(-1)?.status_code})` : ''}
          {lastTest.attempts.at(-1)?.error ? `: ${lastTest.attempts.at(-1)?.error}` : ''}
        </p>
      )}
      {(send.isError || update.isError || rotate.isError || remove.isError) && (
        <Alert tone="error">That did not work. Please try again.</Alert>
      )}
      {showLog && <DeliveryLog owner={owner} webhookId={webhook.id} />}
    </li>
  );
}
