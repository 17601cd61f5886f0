// The webhooks module's public entry: other modules queue events through these.
export { resealDeliveryBodies, webhookDeliveryJob } from './deliver.ts';
export { eventDeliveryCtes, queueFormEvent } from './repository.ts';
export { WEBHOOK_SECRET_COLUMNS } from './secrets.ts';
