import { randomUUID } from 'node:crypto';
import pg from 'pg';

export type OwnDatabase = {
  /** For createTestApp's env (or loadConfig): DATABASE_URL of the own database, '' for PGlite. */
  env: { DATABASE_URL: string };
  /** Drops the database (PostgreSQL); call it after the app using it is closed. */
  drop: () => Promise<void>;
};

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on the suite's PostgreSQL server (TEST_DATABASE_URL), and how to drop it
 * once whatever used it is closed. For tests that need a database of their own: a restore target,
 * an old release's schema, or keys the shared database must not learn.
 */
export async function newPostgresDatabase(
  prefix = 'formsmith_own',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const shared = process.env.TEST_DATABASE_URL;
  if (!shared) throw new Error('newPostgresDatabase needs TEST_DATABASE_URL');
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  await onServer(shared, `create database ${name}`);
  const url = new URL(shared);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(shared, `drop database if exists ${name} with (force)`),
  };
}

/**
 * A database for one test file alone. Tests that put a new data key in the key registry need one:
 * in the shared PostgreSQL test database every later test file's server would refuse to start
 * without that key. With TEST_DATABASE_URL: a new database on the same server, dropped after;
 * without: PGlite in memory (createTestApp's own).
 */
export async function ownTestDatabase(): Promise<OwnDatabase> {
  if (!process.env.TEST_DATABASE_URL) return { env: { DATABASE_URL: '' }, drop: async () => {} };
  const { url, drop } = await newPostgresDatabase();
  return { env: { DATABASE_URL: url }, drop };
}
