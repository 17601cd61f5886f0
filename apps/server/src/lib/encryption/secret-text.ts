import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Keyring } from './keyring.ts';
import { currentSealedTextPrefix, RESEAL_BATCH, type ResealBatch } from './reseal.ts';
import { fromSealedText, openText, seal, toSealedText } from './seal.ts';
import { sealFailure } from './seal-failure.ts';

// Secrets the server must read back to use them (an authenticator app's TOTP key, a webhook's
// signing secret) cannot be hashed like passwords and API keys; they are sealed under the data
// key like answers, so a copy of the database alone does not give them away. The associated data
// names the row, so a sealed secret copied onto another row does not open.

/** A secret sealed for a text column. `context` names its row (for example `webhooks.secret:<id>`). */
export const sealSecret = (keyring: Keyring, secret: string, context: string): string =>
  toSealedText(seal(keyring, secret, context));

/** A stored secret: opened, or as it was stored before secrets were sealed (the key command seals those). */
export function openSecret(keyring: Keyring, stored: string, context: string): string {
  const sealed = fromSealedText(stored);
  if (!sealed) return stored;
  try {
    return openText(keyring, sealed, context);
  } catch (err) {
    throw sealFailure(err, 'This secret is');
  }
}

/** A table whose text columns hold sealed secrets, keyed by a uuid column that also names their context. */
export type SecretColumns = {
  table: string;
  key: string;
  columns: readonly string[];
  context: (key: string) => string;
};

/**
 * One batch of the key command over a table of secrets: every secret not sealed under the current
 * key (an older key's, or one stored in clear) sealed again under it.
 */
export async function resealSecrets(
  db: Db,
  keyring: Keyring,
  target: SecretColumns,
  after: string | null,
): Promise<ResealBatch<string>> {
  const prefix = currentSealedTextPrefix(keyring);
  const key = sql.identifier(target.key);
  const columns = target.columns.map((c) => sql.identifier(c));
  const stale = sql.join(
    target.columns.map((c) => sql`left(${sql.identifier(c)}, ${prefix.length}) <> ${prefix}`),
    sql` or `,
  );
  return db.transaction(async (tx) => {
    const rows = await queryRows<Record<string, string | null>>(
      tx,
      sql`select ${key}::text as key, ${sql.join(columns, sql`, `)} from ${sql.identifier(target.table)}
        where ${after === null ? sql`true` : sql`${key} > ${after}::uuid`} and (${stale})
        order by ${key} limit ${RESEAL_BATCH} for update skip locked`,
    );
    const last = rows.at(-1);
    if (!last) return { moved: 0, next: null };
    // One UPDATE for the batch, each column's new texts as an array parameter.
    const ids = rows.map((row) => row.key as string);
    const sealed = target.columns.map((c) =>
      rows.map((row) => {
        const stored = row[c];
        const context = target.context(row.key as string);
        return stored == null ? null : sealSecret(keyring, openSecret(keyring, stored, context), context);
      }),
    );
    await tx.execute(
      sql`update ${sql.identifier(target.table)} t
          set ${sql.join(
            columns.map((c) => sql`${c} = v.${c}`),
            sql`, `,
          )}
          from unnest(${sql.param(ids)}::uuid[], ${sql.join(
            sealed.map((texts) => sql`${sql.param(texts)}::text[]`),
            sql`, `,
          )}) as v(key, ${sql.join(columns, sql`, `)})
          where t.${key} = v.key`,
    );
    return { moved: rows.length, next: rows.length < RESEAL_BATCH ? null : (last.key as string) };
  });
}
