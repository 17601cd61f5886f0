import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './e2e/support/env.ts';

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
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
