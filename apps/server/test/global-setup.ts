import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import { buildAdminBundle } from './helpers/admin-bundle.ts';
import { writePgliteTemplate } from './helpers/pglite-template.ts';
import { TEST_WORKERS, workerDatabaseName } from './helpers/worker-database.ts';

/**
 * Gives the run one scratch folder as the system's temporary folder (the test files' data folders,
 * archives and key files go there; the workers inherit it) and removes it at the end. On PGlite,
 * leaves a migrated data folder there for the files' in-memory databases. On PostgreSQL, migrates
 * once and copies the result into one database per worker (worker-setup.ts points each worker at
 * its own; each file then migrates as a no-op).
 */
export default async function setup(): Promise<() => void> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'formsmith-api-tests-'));
  chmodSync(scratch, 0o755);
  process.env.TMPDIR = scratch;
  const removeAdminBundle = buildAdminBundle();
  const teardown = () => {
    rmSync(scratch, { recursive: true, force: true });
    removeAdminBundle();
  };
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    await writePgliteTemplate(path.join(scratch, 'pglite-template.tar'));
    return teardown;
  }
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await migrateDatabase(database);
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const template = new URL(url).pathname.slice(1);
    for (let poolId = 1; poolId <= TEST_WORKERS; poolId++) {
      const name = workerDatabaseName(url, poolId);
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`create database ${name} template ${template}`);
    }
  } finally {
    await client.end();
  }
  return teardown;
}
