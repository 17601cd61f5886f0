import type { ApiKey, ApiKeyScope, createApiKeyBodySchema } from '@formsmith/core/api-keys/api';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { hashToken } from '../../lib/tokens.ts';
import { recordAudit } from '../audit/index.ts';
import { type Caller, chooseWorkspace } from '../workspaces/index.ts';
import { sendApiKeyCreatedAlert } from './alert.ts';
import { generateApiKey } from './keys.ts';
import * as repo from './repository.ts';

export function toApiKey(row: repo.ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    workspace_id: row.workspaceId,
  };
}

/** A new key: answered once with the key itself, stored only as its hash. */
export async function createUserApiKey(
  app: FastifyInstance,
  input: { caller: Caller; workspaceId: number | undefined; body: z.output<typeof createApiKeyBodySchema> },
) {
  const { key, prefix } = generateApiKey();
  const workspaceId = await chooseWorkspace(app.db, input.caller, input.workspaceId);
  const userId = input.caller.userId;
  const row = await app.db.transaction(async (tx) => {
    const made = await repo.createApiKey(tx, {
      userId,
      workspaceId,
      name: input.body.name,
      prefix,
      keyHash: hashToken(key),
      scopes: input.body.scopes,
      expiresAt: input.body.expires_at ? new Date(input.body.expires_at) : null,
    });
    await recordAudit(tx, {
      action: 'api_key.created',
      where: { workspaceId },
      target: { type: 'api_key', id: made.id, label: made.name },
      details: { scopes: made.scopes, prefix },
    });
    return made;
  });
  await sendApiKeyCreatedAlert(app, { userId, keyName: row.name, prefix });
  return { ...toApiKey(row), key };
}

export async function listUserApiKeys(app: FastifyInstance, userId: string) {
  return { items: (await repo.listApiKeys(app.db, userId)).map(toApiKey) };
}

export async function revokeUserApiKey(app: FastifyInstance, input: { userId: string; keyId: string }) {
  if (!isUuid(input.keyId)) throw notFound('API key not found');
  await app.db.transaction(async (tx) => {
    const revoked = await repo.revokeApiKey(tx, input);
    if (!revoked) throw notFound('API key not found');
    await recordAudit(tx, {
      action: 'api_key.revoked',
      where: { workspaceId: revoked.workspaceId },
      target: { type: 'api_key', id: input.keyId, label: revoked.name },
    });
  });
}
