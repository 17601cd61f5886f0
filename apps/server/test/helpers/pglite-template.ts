import { readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { type Database, migrateDatabase, openDatabase, pgliteDatabase } from '../../src/db/client.ts';

/**
 * Where global-setup.ts leaves a migrated PGlite data folder (a tar file) for the workers. A fresh
 * PGlite runs initdb, then every migration: seconds per test file. Loading this copy costs a
 * fraction of that, and the app's own migrate then finds nothing to do.
 */
const TEMPLATE_ENV = 'FORMSMITH_TEST_PGLITE_TEMPLATE';

/** Migrates a PGlite in memory and writes its data folder to `file` for openTestPglite. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateDatabase(database);
    const dump = await database.pglite!.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env[TEMPLATE_ENV] = file;
  } finally {
    await database.close();
  }
}

/**
 * A migrated PGlite in memory: from global-setup's copy when there is one, else made afresh
 * (a single file run outside the suite's setup).
 */
export async function openTestPglite(): Promise<Database> {
  const file = process.env[TEMPLATE_ENV];
  if (!file) return openDatabase({ dataDir: 'memory://' });
  const client = new PGlite({ loadDataDir: new Blob([readFileSync(file)]) });
  await client.waitReady;
  return pgliteDatabase(client);
}
