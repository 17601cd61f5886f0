import { normalizeFields } from '@formsmith/core/forms/read-field';
import { asc, eq, gt } from 'drizzle-orm';
import type { Db, DbOrTx } from './client.ts';
import { dataMigrations, forms } from './schema.ts';

type DataMigration = { name: string; run: (db: DbOrTx) => Promise<void> };

const BATCH = 500;

/**
 * Forms written by the first release hold fields in the wire shape (aliases, snake_case names)
 * or in whatever shape older clients sent. Read each once through the door and store the
 * canonical field, so that reads never normalise again.
 */
async function canonicalFields(db: DbOrTx): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: forms.id, fields: forms.fields })
      .from(forms)
      .where(gt(forms.id, after))
      .orderBy(asc(forms.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    for (const row of rows) {
      await db
        .update(forms)
        .set({ fields: normalizeFields(row.fields) })
        .where(eq(forms.id, row.id));
    }
    after = rows[rows.length - 1]!.id;
  }
}

/** In order; a name, once applied, never changes meaning. */
const DATA_MIGRATIONS: DataMigration[] = [{ name: 'canonical-fields', run: canonicalFields }];

/**
 * Applies the data migrations this database has not had yet, each in its own transaction with
 * its record. The caller holds the migration lock, so no two instances run one at once.
 */
export async function runDataMigrations(db: Db): Promise<void> {
  const done = new Set(
    (await db.select({ name: dataMigrations.name }).from(dataMigrations)).map((r) => r.name),
  );
  for (const migration of DATA_MIGRATIONS) {
    if (done.has(migration.name)) continue;
    await db.transaction(async (tx) => {
      await migration.run(tx);
      await tx.insert(dataMigrations).values({ name: migration.name });
    });
  }
}
