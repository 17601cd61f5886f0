import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './e2e/support/env.ts';

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // In CI a failed journey runs once more; `npm test` names each one that passed only on retry.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  globalSetup: './e2e/support/global-setup.ts',
  reporter: [['list'], ['json']],
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
