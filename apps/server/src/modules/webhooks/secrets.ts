import type { WebhookRow } from './repository.ts';

/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_TTL_MS = 24 * 60 * 60 * 1000;

/** The secrets that sign now: the current one, and the previous one while it has not expired. */
export function liveSecrets(webhook: WebhookRow, now = new Date()): string[] {
  const previousLive =
    webhook.previousSecret &&
    webhook.previousSecretExpiresAt &&
    webhook.previousSecretExpiresAt.getTime() > now.getTime();
  return previousLive ? [webhook.secret, webhook.previousSecret!] : [webhook.secret];
}
