import { onFormEvent } from '../forms/index.ts';
import { onSubmissionEvent } from '../submissions/index.ts';
import { eventDeliveryCtes, queueFormEvent } from './repository.ts';

/**
 * Queues a delivery for every subscribed webhook when a form is published and when a submission
 * is stored or completed, in the same transaction or statement. app.ts calls it once at start,
 * before any route can publish or submit.
 */
export function subscribeWebhooks(): void {
  onFormEvent(queueFormEvent);
  onSubmissionEvent(eventDeliveryCtes);
}
