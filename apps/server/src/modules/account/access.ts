import type { AccountAccess } from '@formsmith/core/account/api';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { listUserApiKeys, revokeApiKey } from '../api-keys/index.ts';
import { listUserPasskeys, removeUserPasskey } from '../auth/index.ts';

/** The account's passkeys and live API keys: what, besides the password, can get in. */
export async function listAccountAccess(app: FastifyInstance, userId: string): Promise<AccountAccess> {
  const [passkeys, keys] = await Promise.all([
    listUserPasskeys(app.db, userId),
    listUserApiKeys(app, userId),
  ]);
  return { passkeys, api_keys: keys.items };
}

/**
 * Revokes the chosen passkeys and API keys together, as after a password reset when the owner no
 * longer trusts what was added. One that is missing or someone else's answers 404 and nothing is
 * revoked. Each passkey removed is mailed like any other.
 */
export async function revokeAccountAccess(
  app: FastifyInstance,
  input: { userId: string; passkeyIds: string[]; apiKeyIds: string[]; ip: string; userAgent?: string },
): Promise<AccountAccess> {
  const meta = { ip: input.ip, userAgent: input.userAgent };
  await app.db.transaction(async (tx) => {
    for (const id of new Set(input.passkeyIds)) {
      if (!isUuid(id)) throw notFound('Passkey not found');
      await removeUserPasskey(app, tx, { userId: input.userId, id, meta });
    }
    for (const keyId of new Set(input.apiKeyIds)) {
      if (!isUuid(keyId) || !(await revokeApiKey(tx, { userId: input.userId, keyId })))
        throw notFound('API key not found');
    }
  });
  return listAccountAccess(app, input.userId);
}
