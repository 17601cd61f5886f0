import type { Passkey } from '@formsmith/core/auth/two-factor';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { passkeys } from '../../../db/schema.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;

export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    backed_up: row.backedUp,
  };
}

export async function listPasskeys(db: DbOrTx, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

export async function findPasskeyByCredentialId(
  db: DbOrTx,
  credentialId: string,
): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row ?? null;
}

export async function createPasskey(
  db: DbOrTx,
  input: Omit<typeof passkeys.$inferInsert, 'id' | 'createdAt' | 'lastUsedAt'>,
): Promise<PasskeyRow> {
  const [row] = await db.insert(passkeys).values(input).returning();
  return row!;
}

export async function updatePasskey(
  db: DbOrTx,
  input: {
    userId: string;
    id: string;
    patch: Partial<Pick<PasskeyRow, 'name' | 'counter' | 'lastUsedAt' | 'backedUp'>>;
  },
): Promise<PasskeyRow | null> {
  const [row] = await db
    .update(passkeys)
    .set(input.patch)
    .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, input.userId)))
    .returning();
  return row ?? null;
}

export async function deletePasskey(
  db: DbOrTx,
  input: { userId: string; id: string },
): Promise<PasskeyRow | null> {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, input.userId)))
    .returning();
  return row ?? null;
}
