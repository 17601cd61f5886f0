import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiKeys, users, workspaceMembers } from '../../db/schema.ts';
import { personalWorkspaceId } from '../workspaces/index.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function createApiKey(
  db: DbOrTx,
  values: Pick<
    typeof apiKeys.$inferInsert,
    'userId' | 'name' | 'prefix' | 'keyHash' | 'scopes' | 'expiresAt'
  > & { workspaceId?: number },
): Promise<ApiKeyRow> {
  const workspaceId = values.workspaceId ?? (await personalWorkspaceId(db, values.userId));
  const [row] = await db
    .insert(apiKeys)
    .values({ ...values, workspaceId })
    .returning();
  return row!;
}

/** The user's keys that are not revoked, newest first (expired ones stay listed until revoked). */
export async function listApiKeys(db: DbOrTx, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
}

/** Revokes the user's key; null when it is missing, revoked already or someone else's. */
export async function revokeApiKey(
  db: DbOrTx,
  input: { userId: string; keyId: string },
): Promise<{ workspaceId: number; name: string } | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, input.keyId), eq(apiKeys.userId, input.userId), isNull(apiKeys.revokedAt)))
    .returning({ workspaceId: apiKeys.workspaceId, name: apiKeys.name });
  return row ?? null;
}

/**
 * The owner and scopes of a live key (not revoked, not expired), marking it used; null otherwise.
 * last_used_at is written at most once a minute per key, so busy integrations do not write on
 * every call.
 */
export async function useApiKey(db: DbOrTx, keyHash: string) {
  const live = and(
    eq(apiKeys.keyHash, keyHash),
    isNull(apiKeys.revokedAt),
    or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
  );
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      scopes: apiKeys.scopes,
      keyCreatedAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      workspaceId: apiKeys.workspaceId,
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    // A key acts for its maker in its workspace only while the maker is still a member there.
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, apiKeys.workspaceId), eq(workspaceMembers.userId, apiKeys.userId)),
    )
    .where(live)
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, row.keyId));
  }
  return row;
}
