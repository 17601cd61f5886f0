import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@formsmith/core/auth/two-factor';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { recoveryCodes } from '../../../db/schema.ts';
import { hashToken } from '../../../lib/tokens.ts';

// No 0/o, 1/l/i: codes get copied from paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

const hashCode = (normalized: string) => hashToken(`recovery:${normalized}`);

/** Replaces a user's recovery codes by RECOVERY_CODE_COUNT new ones; returns them (shown once). */
export async function replaceRecoveryCodes(db: DbOrTx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await deleteRecoveryCodes(db, userId);
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashCode(code.replace('-', '')) })));
  return codes;
}

export async function deleteRecoveryCodes(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Uses up one code (already normalised: lower case, no dash); false when unknown or used. */
export async function useRecoveryCode(db: DbOrTx, userId: string, normalized: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashCode(normalized)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}
