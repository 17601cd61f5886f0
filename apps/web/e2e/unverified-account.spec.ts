import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { uniqueEmail } from './support/login.ts';
import { mailLinks, waitForMailLink } from './support/mail.ts';

test('an unverified owner can have the link sent again, sees why publishing waits, and is told so on Publish', async ({
  page,
}) => {
  const email = uniqueEmail('unverified');
  const password = 'correct-horse-battery';
  await page.goto('/register');
  await page.getByLabel('Name').fill('Uma Unverified');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: /create account/i }).click();

  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const first = await waitForMailLink(email, `${E2E_BASE_URL}/verify-email?token=`);
  await page.getByRole('button', { name: 'Resend', exact: true }).click();
  await expect(page.getByText('we have sent it a new verification link')).toBeVisible();
  await expectNoAxeViolations(page);
  // A second, different link arrives.
  const links = () => mailLinks(email, `${E2E_BASE_URL}/verify-email?token=`);
  await expect.poll(() => links().length, { timeout: 15_000 }).toBe(2);
  expect(links()[1]).not.toBe(first);

  // Signed in but unverified: every dashboard page says why publishing waits, with a resend.
  const login = await page.request.post('/api/auth/login', { data: { email, password } });
  const session = (await login.json()) as { token: string; expires_in: number };
  await page.evaluate(
    ({ token, expiresIn }) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('token_expiration', String(Date.now() + expiresIn * 1000));
    },
    { token: session.token, expiresIn: session.expires_in },
  );
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Email verification' });
  await expect(banner).toContainText('Verify your email to publish forms.');
  await banner.getByRole('button', { name: 'Resend email' }).click();
  await expect(banner).toContainText('We have sent you a new verification link.');
  await expectNoAxeViolations(page);

  // Publishing from the editor shows the server's reason.
  await page.goto('/forms/new');
  await page.getByRole('button', { name: 'Add Text field' }).click();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('Your name');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Verify your email address to publish forms.');
});
