import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and the base64 of 24 random bytes, as Standard Webhooks writes them. */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** The `v1,` signature of one message with one secret (the HMAC key is the secret's decoded bytes). */
export function signWebhook(input: { secret: string; id: string; timestamp: number; body: string }): string {
  const key = Buffer.from(input.secret.slice(SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key)
    .update(`${input.id}.${input.timestamp}.${input.body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/** The three Standard Webhooks headers; during a rotation each live secret adds a signature. */
export function webhookHeaders(input: {
  secrets: string[];
  id: string;
  timestamp: number;
  body: string;
}): Record<string, string> {
  const signatures = input.secrets.map((secret) => signWebhook({ ...input, secret }));
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': signatures.join(' '),
  };
}
