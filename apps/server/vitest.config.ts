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
    // On PostgreSQL each worker has its own database (test/helpers/worker-database.ts).
    maxWorkers: TEST_WORKERS,
  },
});
