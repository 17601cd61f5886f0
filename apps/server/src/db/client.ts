import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { runDataMigrations } from './data-migrations.ts';
import * as schema from './schema.ts';
import { MIGRATIONS_DIR, refuseNewerDatabase } from './upgrade.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The pg pool, when on PostgreSQL: streaming (COPY, cursors) needs a raw client. */
  pool: pg.Pool | undefined;
  pglite: PGlite | undefined;
  close: () => Promise<void>;
};

// Any constant works; every instance must use the same one so migrations never run twice at once.
const MIGRATION_LOCK = 727001;

export class DatabaseUnavailableError extends Error {}

export { queryRows } from './rows.ts';

/** Opens PGlite under dataDir/db (or in memory for 'memory://'), or PostgreSQL when a URL is given. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 20);
  const dir = opts.dataDir === 'memory://' ? undefined : path.join(opts.dataDir, 'db');
  if (dir) mkdirSync(dir, { recursive: true });
  const client = dir ? new PGlite(dir) : new PGlite();
  await client.waitReady;
  return pgliteDatabase(client);
}

/** The Database over an open PGlite client (the tests also open theirs from a migrated copy). */
export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, kind: 'pglite', pool: undefined, pglite: client, close: () => client.close() };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => {});
    const reason = err instanceof Error ? err.message : String(err);
    throw new DatabaseUnavailableError(`Cannot connect to DATABASE_URL: ${reason}`);
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return { db, kind: 'postgres', pool, pglite: undefined, close: () => pool.end() };
}

/**
 * Applies the committed migrations; safe to run again and from several instances at once.
 * Refuses (DatabaseTooNewError) a database a newer release has migrated: this release's code
 * would run on a schema it was not written for.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await refuseNewerDatabase(database.db);
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's migrator wants its concrete driver type
    await migratePglite(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
    await runDataMigrations(database.db);
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    // All on the locked connection, so one instance at a time checks, migrates and rewrites.
    const locked = drizzlePg({ client, schema }) as unknown as Db;
    await refuseNewerDatabase(locked);
    await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_DIR });
    await runDataMigrations(locked);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

/** True when a trivial query answers. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
