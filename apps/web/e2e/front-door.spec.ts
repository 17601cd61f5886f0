import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_DIR } from './support/env.ts';

// An instance whose operator keeps `/` for signing in (HOME_PAGE=signin) and names no support
// page: a second server beside the journeys' own, on a port the system picks.

let server: ChildProcess | undefined;
let base = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const main = path.resolve(import.meta.dirname, '../../server/dist/main.js');
  server = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(E2E_DIR, 'front-door'),
      DATABASE_URL: '',
      SMTP_URL: '',
      SUPPORT_URL: '',
      HOME_PAGE: 'signin',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  base = await new Promise<string>((resolve, reject) => {
    let out = '';
    server?.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /running at http:\/\/localhost:(\d+)/.exec(out)?.[1];
      if (port) resolve(`http://localhost:${port}`);
    });
    server?.once('exit', (code) => reject(new Error(`the server stopped (${code}): ${out}`)));
  });
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((resolve) => server?.once('exit', resolve));
});

test('with HOME_PAGE=signin, / opens the sign-in page, by address and from the app', async ({ page }) => {
  await page.goto(`${base}/`);
  await expect(page).toHaveURL(`${base}/login`);
  await expect(page.getByRole('heading', { name: 'Sign in to Formsmith' })).toBeVisible();
  // The app's own link to / (its logo) follows the same choice.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Formsmith' }).click();
  await expect(page).toHaveURL(`${base}/login`);
  await expect(page.getByRole('heading', { name: 'Sign in to Formsmith' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Describe it/ })).toHaveCount(0);
});

test('with no SUPPORT_URL the instance names no support page', async ({ request }) => {
  const settings = await request.get(`${base}/api/instance`);
  expect(await settings.json()).toEqual({ home_page: { kind: 'signin' }, support_url: null });
});
