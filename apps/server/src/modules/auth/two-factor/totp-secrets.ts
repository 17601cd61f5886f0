import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { DbOrTx } from '../../../db/client.ts';
import { totpSecrets } from '../../../db/schema.ts';
import { type Keyring, openSecret, type SecretColumns, sealSecret } from '../../../lib/encryption/index.ts';

export type TotpRow = typeof totpSecrets.$inferSelect;

const PERIOD_SECONDS = 30;

/** Where the secrets are kept, sealed under the data key (the key command re-seals them). */
export const TOTP_SECRET_COLUMNS: SecretColumns = {
  table: 'totp_secrets',
  key: 'user_id',
  columns: ['secret'],
  context: (userId) => `totp_secrets.secret:${userId}`,
};

/** The TOTP of a stored secret, in the form every authenticator app reads (SHA-1, 6 digits, 30 s). */
export function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: 'Formsmith',
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export async function findTotpSecret(db: DbOrTx, userId: string): Promise<TotpRow | null> {
  const [row] = await db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId)).limit(1);
  return row ?? null;
}

/** Starts (or restarts) an unconfirmed set-up with a fresh secret, stored sealed. */
export async function savePendingTotpSecret(
  db: DbOrTx,
  keyring: Keyring,
  input: { userId: string; secret: string },
): Promise<void> {
  const { userId } = input;
  const secret = sealSecret(keyring, input.secret, TOTP_SECRET_COLUMNS.context(userId));
  await db
    .insert(totpSecrets)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: totpSecrets.userId,
      set: { secret, confirmedAt: null, lastUsedStep: null },
      where: isNull(totpSecrets.confirmedAt),
    });
}

export async function confirmTotpSecret(db: DbOrTx, userId: string): Promise<void> {
  await db.update(totpSecrets).set({ confirmedAt: new Date() }).where(eq(totpSecrets.userId, userId));
}

export async function deleteTotpSecret(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
}

/**
 * Accepts a code of the previous, current or next 30-second step (clock drift), once: the step is
 * recorded in the same statement, and a code of that step or an older one is refused afterwards.
 * `confirmed` picks an enabled secret (sign-in) or a pending one (set-up).
 */
export async function acceptTotpCode(
  db: DbOrTx,
  keyring: Keyring,
  input: { row: TotpRow; code: string; confirmed: boolean },
): Promise<boolean> {
  const now = Date.now();
  const secret = openSecret(keyring, input.row.secret, TOTP_SECRET_COLUMNS.context(input.row.userId));
  const delta = totpFor(secret, '').validate({ token: input.code, timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  const rows = await db
    .update(totpSecrets)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(totpSecrets.userId, input.row.userId),
        eq(totpSecrets.secret, input.row.secret),
        input.confirmed ? isNotNull(totpSecrets.confirmedAt) : isNull(totpSecrets.confirmedAt),
        or(isNull(totpSecrets.lastUsedStep), lt(totpSecrets.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpSecrets.userId });
  return rows.length > 0;
}
