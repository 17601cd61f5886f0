import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { generateToken, hashToken } from '../../lib/tokens.ts';

/** How a session was signed in to. */
export type SessionMethod = 'password' | 'magic_link' | 'passkey' | 'sso';

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: string;
  sessionId: string;
  authMethod: string;
  sessionCreatedAt: Date;
  /** The sign-in or the last proof of identity since (epoch for an API key, which never proves one). */
  provedAt: Date;
  /** Whether the user has proven their address (publishing needs it). */
  emailVerified: boolean;
};

/** The provider a session was opened through and its session id there (the ID token's `sid`). */
export type SsoSessionMark = { issuer: string; sid: string | null };

/** Creates a session and returns the bearer token (shown once, stored hashed). */
export async function createSession(
  db: DbOrTx,
  input: {
    userId: string;
    ttlSeconds: number;
    authMethod: SessionMethod;
    userAgent?: string;
    ip?: string;
    /** A refreshed session keeps the sign-in time of the one it replaces. */
    createdAt?: Date;
    /** And the time of its last proof of identity: a refresh proves nothing. */
    provedAt?: Date;
    /** The absolute lifetime from sign-in: the expiry never goes past createdAt + this. */
    maxAgeSeconds?: number;
    /** Opened through a provider: its back-channel logout may end the session. */
    sso?: SsoSessionMark | null;
  },
): Promise<{ token: string; sessionId: string; expiresIn: number }> {
  const token = generateToken();
  const signedInAt = input.createdAt?.getTime() ?? Date.now();
  const left = input.maxAgeSeconds
    ? Math.floor((signedInAt + input.maxAgeSeconds * 1000 - Date.now()) / 1000)
    : Number.POSITIVE_INFINITY;
  const ttlSeconds = Math.max(1, Math.min(input.ttlSeconds, left));
  const [row] = await db
    .insert(sessions)
    .values({
      userId: input.userId,
      tokenHash: hashToken(token),
      authMethod: input.authMethod,
      userAgent: input.userAgent?.slice(0, 500),
      ip: input.ip,
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      ...(input.provedAt ? { provedAt: input.provedAt } : {}),
      ...(input.sso ? { ssoIssuer: input.sso.issuer, ssoSid: input.sso.sid } : {}),
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id, expiresIn: ttlSeconds };
}

/**
 * The user behind a live session token, or null: unrevoked, unexpired, and signed in less than
 * maxAgeSeconds ago (refreshing moves the expiry, never the sign-in time).
 */
export async function findSessionUser(
  db: DbOrTx,
  token: string,
  opts: { maxAgeSeconds: number },
): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      sessionId: sessions.id,
      authMethod: sessions.authMethod,
      sessionCreatedAt: sessions.createdAt,
      provedAt: sessions.provedAt,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        gt(sessions.createdAt, new Date(Date.now() - opts.maxAgeSeconds * 1000)),
      ),
    )
    .limit(1);
  if (!row) return null;
  // Touch at most once a minute: the sessions list shows 'last used' without a write per request.
  if (Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  const { lastUsedAt: _, ...user } = row;
  return user;
}

/** The provider mark of a session, which a refresh carries over to the session replacing it. */
export async function ssoMarkOf(db: DbOrTx, sessionId: string): Promise<SsoSessionMark | null> {
  const [row] = await db
    .select({ issuer: sessions.ssoIssuer, sid: sessions.ssoSid })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.issuer ? { issuer: row.issuer, sid: row.sid } : null;
}

/**
 * Ends the live sessions a provider opened, as its back-channel logout asks: those of its session
 * `sid`, those of the account `userId`, or those of both at once. Answers how many ended.
 */
export async function revokeSsoSessions(
  db: DbOrTx,
  input: { issuer: string; sid: string | null; userId: string | null },
): Promise<number> {
  if (input.sid === null && input.userId === null) return 0;
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.ssoIssuer, input.issuer),
        input.sid === null ? undefined : eq(sessions.ssoSid, input.sid),
        input.userId === null ? undefined : eq(sessions.userId, input.userId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

export async function revokeSession(
  db: DbOrTx,
  input: { sessionId: string; userId: string },
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(sessions.id, input.sessionId), eq(sessions.userId, input.userId), isNull(sessions.revokedAt)),
    )
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every live session of a user except the one given (password change, mailbox proven). */
export async function revokeOtherSessions(
  db: DbOrTx,
  input: { userId: string; keepSessionId?: string },
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, input.userId),
        isNull(sessions.revokedAt),
        input.keepSessionId ? ne(sessions.id, input.keepSessionId) : undefined,
      ),
    );
}

/** Records that the session's owner just proved who they are (password, code or passkey). */
export async function markSessionProved(db: DbOrTx, sessionId: string): Promise<Date> {
  const [row] = await db
    .update(sessions)
    .set({ provedAt: sql`now()` })
    .where(eq(sessions.id, sessionId))
    .returning({ provedAt: sessions.provedAt });
  return row?.provedAt ?? new Date();
}
