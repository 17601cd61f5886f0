import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { type Keyring, KeyringError } from './keyring.ts';

// The database remembers which data keys have sealed something in it (their fingerprints, never
// the keys), so that an instance started with other keys (its own generated key file, a
// forgotten ENCRYPTION_KEY) refuses to start instead of failing on every sealed answer.

/** Ids of keys that may still have data sealed under them (not retired by the key command). */
export async function listRegisteredKeys(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from encryption_keys where retired_at is null order by created_at, id`,
  );
  return rows.map((r) => r.id);
}

/** Records the current key as one that seals data here. */
export async function registerCurrentKey(db: DbOrTx, keyring: Keyring): Promise<void> {
  await db.execute(
    sql`insert into encryption_keys (id) values (${keyring.current.id})
      on conflict (id) do update set retired_at = null`,
  );
}

/**
 * Refuses a keyring that lacks a key the database holds data under, then records its current
 * key. Throws KeyringError (one line, for main.ts to print).
 */
export async function checkKeyRegistry(db: DbOrTx, keyring: Keyring): Promise<void> {
  const missing = (await listRegisteredKeys(db)).filter((id) => !keyring.byId(id));
  if (missing.length > 0) {
    const where = keyring.source === 'env' ? 'ENCRYPTION_KEY' : keyring.source;
    throw new KeyringError(
      `The database holds answers sealed under encryption key ${missing.join(', ')}, which ${where} does not have: give every instance the same ENCRYPTION_KEY (or copy the key file of the first instance), then start again`,
    );
  }
  await registerCurrentKey(db, keyring);
}

/** Marks keys as sealing nothing here any more (the key command checked): a start no longer needs them. */
export async function retireKeys(db: DbOrTx, ids: readonly string[]): Promise<void> {
  for (const id of ids) await db.execute(sql`update encryption_keys set retired_at = now() where id = ${id}`);
}
