import type { WebhookDelivery } from '@formsmith/core/webhooks/api';
import { useSendDelivery, useWebhookDeliveries, type WebhookOwner } from '../../lib/webhooks-api/webhooks.ts';
import { Button } from '../ui/button.tsx';
import { Alert, Badge, Spinner } from '../ui/feedback.tsx';

const STATUS_TONES = { succeeded: 'success', failed: 'warning', pending: 'neutral' } as const;

/** A webhook's latest deliveries: each attempt's time, status, duration and the start of the answer. */
export function DeliveryLog({ owner, webhookId }: { owner: WebhookOwner; webhookId: string }) {
  const deliveries = useWebhookDeliveries(owner, webhookId);
  const send = useSendDelivery(owner, webhookId);
  if (deliveries.isPending) return <Spinner label="Loading deliveries" />;
  if (deliveries.isError) return <Alert tone="error">Failed to load deliveries</Alert>;
  if (deliveries.data.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">No deliveries yet.</p>;
  }
  return (
    <section aria-label="Delivery log" className="space-y-3">
      {send.isError && <Alert tone="error">The delivery could not be sent again.</Alert>}
      <ol className="space-y-3">
        {deliveries.data.map((delivery) => (
          <DeliveryItem
            key={delivery.id}
            delivery={delivery}
            resending={send.isPending && send.variables?.resend === delivery.id}
            onResend={() => send.mutate({ resend: delivery.id })}
          />
        ))}
      </ol>
    </section>
  );
}

function DeliveryItem(props: { delivery: WebhookDelivery; resending: boolean; onResend: () => void }) {
  const { delivery } = props;
  return (
    <li className="space-y-2 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <code>{delivery.event_type}</code>
          <Badge tone={STATUS_TONES[delivery.status]}>{delivery.status}</Badge>
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {new Date(delivery.created_at).toLocaleString()}
          </span>
        </div>
        <Button size="sm" variant="secondary" onClick={props.onResend} disabled={props.resending}>
          Resend
        </Button>
      </div>
      <ul className="space-y-1" aria-label="Attempts">
        {delivery.attempts.map((attempt) => (
          <li key={attempt.attempted_at} className="break-words text-xs text-slate-700 dark:text-slate-300">
            <span className="font-medium">
              {attempt.status_code === null ? 'No answer' : `HTTP ${attempt.status_code}`}
            </span>{' '}
            · {attempt.duration_ms} ms · {new Date(attempt.attempted_at).toLocaleTimeString()}
            {attempt.error && (
              <span className="block text-amber-800 dark:text-amber-300">{attempt.error}</span>
            )}
            {attempt.response_excerpt && (
              <code className="mt-1 block max-h-24 overflow-auto whitespace-pre-wrap rounded bg-white p-2 dark:bg-slate-900">
                {attempt.response_excerpt}
              </code>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}
