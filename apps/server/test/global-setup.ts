import { migrateDatabase, openDatabase } from '../src/db/client.ts';

/** On PostgreSQL, migrate once before the files run in parallel (each file then migrates as a no-op). */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await migrateDatabase(database);
  await database.close();
}
