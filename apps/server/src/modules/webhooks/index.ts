// The webhooks module's public entry: its delivery job, its re-seal, and its subscription to form
// and submission events.
export { resealDeliveryBodies, webhookDeliveryJob } from './deliver.ts';
export { WEBHOOK_SECRET_COLUMNS } from './secrets.ts';
export { subscribeWebhooks } from './subscribe.ts';
