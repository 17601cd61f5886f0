import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './test/helpers/worker-database.ts';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/worker-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // On PostgreSQL a worker runs its files in one module graph: importing the server once
    // instead of once per file halves the suite's time. Every file builds its own app, so nothing
    // of one file's server leaks into the next. On PGlite each file's in-memory database (WASM
    // memory) outlives its file in a shared process, so there every file gets a fresh one.
    isolate: !process.env.TEST_DATABASE_URL,
    // On PostgreSQL each worker has its own database (test/helpers/worker-database.ts).
    maxWorkers: TEST_WORKERS,
  },
});
