import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authTokens, users } from '../../db/schema.ts';
import { generateToken, hashToken } from '../../lib/tokens.ts';

export type UserRow = typeof users.$inferSelect;
export type AuthTokenKind = 'verify' | 'magic_link' | 'email_change';

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The advisory lock the first account's creation holds, so that only one becomes administrator. */
const FIRST_ACCOUNT_LOCK = 0x46_53_41_44; // 'FSAD'

/**
 * A new account. The first one on an instance (no account but the server's own yet) is its
 * administrator, who connects the server-wide sign-on provider; every later one is a user.
 *
 * Two sign-ups at the same moment on an empty instance would each miss the other's row, not yet
 * committed, and both become administrator. So while no account is to be seen, the insert runs
 * under a transaction-scoped advisory lock: the second waits until the first has committed, and
 * its statement (read committed: a fresh snapshot per statement) then sees that account. The
 * lock lasts until the caller's transaction commits, which is when the row becomes visible. Once
 * an account can be seen the lock is never taken again.
 */
export async function createUser(
  db: DbOrTx,
  input: { email: string; name: string; passwordHash: string },
): Promise<UserRow> {
  const role = sql<string>`case when exists (select 1 from ${users} where ${users.role} <> 'system')
    then 'user' else 'admin' end`;
  const insert = (tx: DbOrTx) =>
    tx
      .insert(users)
      .values({ ...input, role })
      .returning();
  const [seen] = await db.select({ id: users.id }).from(users).where(ne(users.role, 'system')).limit(1);
  if (seen) return (await insert(db))[0]!;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ACCOUNT_LOCK})`);
    return (await insert(tx))[0]!;
  });
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  patch: Partial<Pick<UserRow, 'name' | 'email' | 'company' | 'passwordHash' | 'emailVerifiedAt'>>,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/** Stores a new mailed token (hashed) and returns the token itself, which only the mail carries. */
export async function createAuthToken(
  db: DbOrTx,
  input: { userId: string; kind: AuthTokenKind; ttlSeconds: number; data?: Record<string, unknown> },
): Promise<string> {
  const token = generateToken();
  await db.insert(authTokens).values({
    userId: input.userId,
    kind: input.kind,
    tokenHash: hashToken(token),
    data: input.data ?? null,
    expiresAt: new Date(Date.now() + input.ttlSeconds * 1000),
  });
  return token;
}

/**
 * Marks a live token of one of the kinds as used and returns it, in one statement so that two
 * concurrent uses cannot both succeed. Null when unknown, used, expired or of another kind.
 */
export async function consumeAuthToken(
  db: DbOrTx,
  token: string,
  kinds: AuthTokenKind[],
): Promise<{ userId: string; kind: AuthTokenKind; data: Record<string, unknown> | null } | null> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        inArray(authTokens.kind, kinds),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: authTokens.userId, kind: authTokens.kind, data: authTokens.data });
  return row ? { ...row, kind: row.kind as AuthTokenKind } : null;
}

/** Retires every live token of a kind for a user (a newer one replaces them). */
export async function retireAuthTokens(db: DbOrTx, userId: string, kind: AuthTokenKind): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
}

/** The new address of a pending, unconfirmed email change, or null. */
export async function findPendingEmail(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ data: authTokens.data })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.kind, 'email_change'),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  const email = row?.data?.email;
  return typeof email === 'string' ? email : null;
}

/** Deletes the user; the foreign keys cascade to forms, submissions, sessions and settings. */
export async function deleteUser(db: DbOrTx, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/**
 * The id of a system account (no password: it cannot sign in), created when missing. Safe when
 * several instances start at once: the insert never overwrites.
 */
export async function ensureSystemUser(
  db: DbOrTx,
  input: { email: string; name: string },
): Promise<string | null> {
  await db
    .insert(users)
    .values({ email: input.email, name: input.name, role: 'system', passwordHash: null })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()));
  return row?.id ?? null;
}
