import type { ApiKey, ApiKeyScope, createApiKeyBodySchema } from '@formsmith/core/api-keys/schemas';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { hashToken } from '../../lib/tokens.ts';
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
  const row = await repo.createApiKey(app.db, {
    userId,
    workspaceId,
    name: input.body.name,
    prefix,
    keyHash: hashToken(key),
    scopes: input.body.scopes,
    expiresAt: input.body.expires_at ? new Date(input.body.expires_at) : null,
  });
  await sendApiKeyCreatedAlert(app, { userId, keyName: row.name, prefix });
  return { ...toApiKey(row), key };
}

export async function listUserApiKeys(app: FastifyInstance, userId: string) {
  return { items: (await repo.listApiKeys(app.db, userId)).map(toApiKey) };
}

export async function revokeUserApiKey(app: FastifyInstance, input: { userId: string; keyId: string }) {
  if (!isUuid(input.keyId) || !(await repo.revokeApiKey(app.db, input))) throw notFound('API key not found');
}
