import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';

/**
 * Gives the run one scratch folder as the system's temporary folder (the test files' data folders,
 * archives and key files go there; the workers inherit it) and removes it at the end. On
 * PostgreSQL, migrates once before the files run in parallel (each file then migrates as a no-op).
 */
export default async function setup(): Promise<() => void> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'formsmith-api-tests-'));
  chmodSync(scratch, 0o755);
  process.env.TMPDIR = scratch;
  const teardown = () => rmSync(scratch, { recursive: true, force: true });
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return teardown;
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await migrateDatabase(database);
  await database.close();
  return teardown;
}
