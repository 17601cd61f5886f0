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
 * A database for one test file alone. Tests that put a new data key in the key registry need one:
 * in the shared PostgreSQL test database every later test file's server would refuse to start
 * without that key. With TEST_DATABASE_URL: a new database on the same server, dropped after;
 * without: PGlite in memory (createTestApp's own).
 */
export async function ownTestDatabase(): Promise<OwnDatabase> {
  const shared = process.env.TEST_DATABASE_URL;
  if (!shared) return { env: { DATABASE_URL: '' }, drop: async () => {} };
  const name = `formsmith_own_${randomUUID().replaceAll('-', '')}`;
  await onServer(shared, `create database ${name}`);
  const url = new URL(shared);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: () => onServer(shared, `drop database if exists ${name} with (force)`),
  };
}
