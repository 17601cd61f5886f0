import type { SessionView } from '@formsmith/core/account/api';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { describeDevice } from '../auth/index.ts';

/** The user's live sessions, most recently used first; the caller's own is marked current. */
export async function listLiveSessions(
  db: DbOrTx,
  input: { userId: string; currentSessionId: string },
): Promise<SessionView[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(
      and(eq(sessions.userId, input.userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    current: row.id === input.currentSessionId,
  }));
}
