import type { FastifyInstance } from 'fastify';
import { sendSecurityAlert } from '../auth/index.ts';

/**
 * The one place an 'API key created' security alert leaves from: the auth module's alert mail,
 * which names the key and respects the owner's security-alerts switch.
 */
export async function sendApiKeyCreatedAlert(
  app: FastifyInstance,
  input: { userId: string; keyName: string; prefix: string; ip?: string },
): Promise<void> {
  await sendSecurityAlert(app, input.userId, {
    kind: 'api-key-created',
    keyName: `${input.keyName} (${input.prefix}…)`,
    ip: input.ip,
  });
}
