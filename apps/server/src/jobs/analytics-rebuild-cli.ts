// `npm run -w apps/server analytics:rebuild [-- <formId>]`: recomputes the analytics aggregates of
// every form (or one) from the stored submissions. Views are kept: they are not in submissions.
import { ConfigError, loadConfig } from '../config.ts';
import { DatabaseUnavailableError, migrateDatabase, openDatabase } from '../db/client.ts';
import { loadKeyring } from '../lib/encryption/index.ts';
import { rebuildFormStats } from '../modules/submissions/index.ts';

async function main(): Promise<void> {
  const arg = process.argv[2];
  const formId = arg === undefined ? undefined : Number(arg);
  if (formId !== undefined && !(Number.isInteger(formId) && formId > 0)) {
    throw new ConfigError(`Not a form id: ${arg}`);
  }
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    const started = Date.now();
    const result = await rebuildFormStats(database.db, loadKeyring(config), formId);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Rebuilt analytics of ${result.forms} form(s) from ${result.submissions} submission(s) in ${seconds} s.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof DatabaseUnavailableError;
  console.error(`Analytics rebuild failed. ${known ? err.message : String(err)}`);
  process.exit(1);
});
