import { workerDatabaseUrl } from './helpers/worker-database.ts';

// Runs in each worker before each test file: points TEST_DATABASE_URL at the worker's own
// database (made by global-setup.ts), so every helper and child process the file starts uses it.
const shared = process.env.TEST_DATABASE_SHARED_URL ?? process.env.TEST_DATABASE_URL;
if (shared) {
  process.env.TEST_DATABASE_SHARED_URL = shared;
  process.env.TEST_DATABASE_URL = workerDatabaseUrl(shared, Number(process.env.VITEST_POOL_ID ?? 1));
}
