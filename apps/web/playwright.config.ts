import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './e2e/support/env.ts';

// Debian's chromium-headless-shell (the old headless mode, without the full browser's window
// machinery) runs the journeys with about a third less CPU than chromium; either is a real
// Chromium of the same version. E2E_CHROMIUM picks another binary.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

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
      executablePath: CHROMIUM,
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
