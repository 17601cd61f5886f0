/**
 * On PostgreSQL each test worker has a database of its own, copied from the suite's migrated one
 * before any file runs: files in one worker run one after another (a file's job drain never sends
 * another file's mail), and the workers run side by side.
 */

/** How many test files run at once, on PGlite and on PostgreSQL alike. */
export const TEST_WORKERS = 2;

/** The database of worker `poolId` (1…TEST_WORKERS) on the server of `sharedUrl`. */
export function workerDatabaseUrl(sharedUrl: string, poolId: number): string {
  const url = new URL(sharedUrl);
  url.pathname = `${url.pathname}_w${poolId}`;
  return url.toString();
}

/** The name of a worker's database, as `create database` takes it. */
export function workerDatabaseName(sharedUrl: string, poolId: number): string {
  return new URL(workerDatabaseUrl(sharedUrl, poolId)).pathname.slice(1);
}
