import { expect, test } from '@playwright/test';
import { registerAndLogin } from './support/login.ts';

test('a signed-in visitor of the landing page is offered the dashboard, not sign-in', async ({ page }) => {
  await registerAndLogin(page);
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
});

test('pages load without router warnings in the console', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await registerAndLogin(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(warnings.filter((w) => /HydrateFallback/.test(w))).toEqual([]);
});
