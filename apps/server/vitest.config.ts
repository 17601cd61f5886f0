import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // On PostgreSQL all files share one database and one jobs table: one file at a time keeps a
    // file's job drain from sending another file's mail.
    maxWorkers: process.env.TEST_DATABASE_URL ? 1 : 2,
    fileParallelism: !process.env.TEST_DATABASE_URL,
  },
});
