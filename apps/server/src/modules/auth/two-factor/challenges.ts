import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { authChallenges } from '../../../db/schema.ts';
import { generateToken, hashToken } from '../../../lib/tokens.ts';

export type ChallengeKind = 'second_factor' | 'passkey_sign_in' | 'passkey_register' | 'passkey_reauth';
export type ChallengeRow = typeof authChallenges.$inferSelect;

/** How long a sign-in step may take: long enough to find a phone, short enough to be worthless when leaked. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

/** Stores a challenge (hashed) and returns the token for the browser. Sweeps long-expired ones. */
export async function createChallenge(
  db: DbOrTx,
  input: { kind: ChallengeKind; userId?: string; authMethod?: string; webauthnChallenge?: string },
): Promise<string> {
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, sql`now() - interval '1 hour'`));
  const token = generateToken();
  await db.insert(authChallenges).values({
    kind: input.kind,
    userId: input.userId ?? null,
    tokenHash: hashToken(token),
    authMethod: input.authMethod ?? null,
    webauthnChallenge: input.webauthnChallenge ?? null,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
  });
  return token;
}

/** The live (unused, unexpired) challenge of this kind behind a token, or null. */
export async function findChallenge(
  db: DbOrTx,
  token: string,
  kind: ChallengeKind,
): Promise<ChallengeRow | null> {
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.tokenHash, hashToken(token)),
        eq(authChallenges.kind, kind),
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function setWebauthnChallenge(db: DbOrTx, id: string, challenge: string): Promise<void> {
  await db.update(authChallenges).set({ webauthnChallenge: challenge }).where(eq(authChallenges.id, id));
}

/** Marks a challenge used; false when a concurrent call already did (only one may open a session). */
export async function consumeChallenge(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(authChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(authChallenges.id, id), isNull(authChallenges.usedAt)))
    .returning({ id: authChallenges.id });
  return rows.length > 0;
}
