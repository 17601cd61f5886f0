import { type Keyring, openSecret, type SecretColumns, sealSecret } from '../../lib/encryption/index.ts';
import type { WebhookRow } from './repository.ts';

/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Where the signing secrets are kept, sealed under the data key (the key command re-seals them).
 * A rotation moves the sealed current secret to previous_secret as it is, so both share a context.
 */
export const WEBHOOK_SECRET_COLUMNS: SecretColumns = {
  table: 'webhooks',
  key: 'id',
  columns: ['secret', 'previous_secret'],
  context: (webhookId) => `webhooks.secret:${webhookId}`,
};

export const sealWebhookSecret = (keyring: Keyring, webhookId: string, secret: string): string =>
  sealSecret(keyring, secret, WEBHOOK_SECRET_COLUMNS.context(webhookId));

/** The secrets that sign now, opened: the current one, and the previous one while it has not expired. */
export function liveSecrets(keyring: Keyring, webhook: WebhookRow, now = new Date()): string[] {
  const previousLive =
    webhook.previousSecret &&
    webhook.previousSecretExpiresAt &&
    webhook.previousSecretExpiresAt.getTime() > now.getTime();
  const stored = previousLive ? [webhook.secret, webhook.previousSecret!] : [webhook.secret];
  return stored.map((secret) => openSecret(keyring, secret, WEBHOOK_SECRET_COLUMNS.context(webhook.id)));
}
