import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/** The rows of a raw SQL statement (the same on PGlite and node-postgres). */
export async function queryRows<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}
