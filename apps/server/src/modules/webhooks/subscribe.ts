import { onFormEvent } from '../forms/index.ts';
import { onSubmissionEvent } from '../submissions/index.ts';
import { onMemberEvent } from '../workspaces/index.ts';
import { queueMemberEvent } from './member-events.ts';
import { eventDeliveryCtes, queueFormEvent } from './repository.ts';

/**
 * Queues a delivery for every subscribed webhook when a form is published or moved, when a
 * submission is stored or completed, and when a workspace's members change, in the same
 * transaction or statement. app.ts calls it once at start, before any route can change them.
 */
export function subscribeWebhooks(): void {
  onFormEvent(queueFormEvent);
  onSubmissionEvent(eventDeliveryCtes);
  onMemberEvent(queueMemberEvent);
}
