import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { uniqueEmail } from './support/login.ts';
import { waitForMailLink } from './support/mail.ts';

const PASSWORD = 'correct horse battery';

test.describe('security findings', () => {
  for (const returnUrl of [
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2e%2e//evil.example',
  ]) {
    test(`finding 8: returnUrl ${returnUrl} leads to the dashboard, not off-site`, async ({ page }) => {
      const email = uniqueEmail('return');
      const res = await page.request.post('/api/auth/register', {
        data: {
          name: 'Return User',
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          acceptTerms: true,
        },
      });
      expect(res.status()).toBe(201);
      await page.goto(`/login?returnUrl=${encodeURIComponent(returnUrl)}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('finding 16: the magic-link page waits for a click before using the link', async ({ page }) => {
    const email = uniqueEmail('magic');
    const res = await page.request.post('/api/auth/register', {
      data: { name: 'Magic User', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
    });
    expect(res.status()).toBe(201);
    await page.request.post('/api/auth/magic-link', { data: { email } });
    const link = await waitForMailLink(email, `${E2E_BASE_URL}/magic-link/`);

    // A visit that runs the page's scripts (as some mail scanners do) and clicks nothing.
    const scanner = await page.context().browser()!.newContext();
    const scan = await scanner.newPage();
    let used = false;
    scan.on('request', (r) => {
      if (r.url().includes('/api/auth/magic-link/')) used = true;
    });
    await scan.goto(link);
    await expect(scan.getByRole('button', { name: `Sign in as ${email}` })).toBeVisible();
    await scan.waitForLoadState('networkidle');
    expect(used).toBe(false);
    await scanner.close();

    // The owner's click then signs in with the same, still unused, link.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Sign in to Formsmith' })).toBeVisible();
    await expect(page.getByText(`You opened a login link for ${email}.`)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.getByRole('button', { name: `Sign in as ${email}` }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`finding 16: the magic-link page is accessible in ${scheme} mode and fits 375 px`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 375, height: 740 });
      const email = `a-rather-long-address-${Date.now()}@an-example-domain.test`;
      await page.goto(`/magic-link/not-a-real-token?email=${encodeURIComponent(email)}`);
      await expect(page.getByRole('button', { name: `Sign in as ${email}` })).toBeVisible();
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `/tmp/shots-security/magic-link-${scheme}.png` });
    });
  }
});
