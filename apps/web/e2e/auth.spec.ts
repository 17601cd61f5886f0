import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { waitForMailLink } from './support/mail.ts';

const PASSWORD = 'correct horse battery';
const newEmail = () => `e2e-auth-${randomUUID()}@example.com`;

/** An account made through the API (not verified); sign in with PASSWORD. */
async function registerByApi(request: APIRequestContext, name = 'Journey User'): Promise<string> {
  const email = newEmail();
  const res = await request.post('/api/auth/register', {
    data: { name, email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
  });
  expect(res.status()).toBe(201);
  return email;
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('register, verify by mail and land signed in on the dashboard, sign out, sign in again', async ({
  page,
}) => {
  const email = newEmail();
  await page.goto('/register');
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/register-success$/);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to login' })).toBeVisible();

  const link = await waitForMailLink(email, `${E2E_BASE_URL}/verify-email?token=`);
  await page.goto(link);
  // Opening the link uses nothing up (mail scanners open links); the click verifies and signs in.
  await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Email verification' })).toHaveCount(0);

  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const expiration = Number(await page.evaluate(() => localStorage.getItem('token_expiration')));
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(expiration).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);

  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  const after = await page.request.get('/api/auth/current', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(after.status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fdashboard$/);
});

test('signs in with a magic link', async ({ page }) => {
  const email = await registerByApi(page.request, 'Magic User');
  await page.goto('/login');
  await page.getByRole('link', { name: /magic link/i }).click();
  await expect(page).toHaveURL(/\/magic-link$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await expect(page).toHaveURL(/\/magic-link-sent$/);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible();

  const link = await waitForMailLink(email, `${E2E_BASE_URL}/magic-link/`);
  await page.goto(link);
  await page.getByRole('button', { name: `Sign in as ${email}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The link works once.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await page.getByRole('button', { name: `Sign in as ${email}` }).click();
  await expect(page.getByRole('heading', { name: 'Magic Link Error' })).toBeVisible();
  await expect(page.getByText('This login link is invalid or has expired.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/magic-link');
  await expect(page.getByRole('link', { name: 'Sign in with password' })).toHaveAttribute('href', '/login');
});

test('a protected page sends a signed-out visitor to login and back after signing in', async ({ page }) => {
  const email = await registerByApi(page.request);
  await page.goto('/dashboard/forms?sort=name');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fdashboard%2Fforms%3Fsort%3Dname$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard\/forms\?sort=name$/);
});

test('an off-site returnUrl is ignored and an expired token counts as signed out', async ({ page }) => {
  const email = await registerByApi(page.request);
  await page.goto('/login?returnUrl=//evil.example.com/x');
  await signIn(page, email);
  await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard`);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => localStorage.setItem('token_expiration', String(Date.now() - 1000)));
  await page.goto('/dashboard/analytics');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fdashboard%2Fanalytics$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});

test('a revoked token is dropped at start-up and the guard goes to login', async ({ page }) => {
  const email = await registerByApi(page.request);
  await page.goto('/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Let the dashboard's own calls finish first: one still in flight after the revoke would get a
  // 401 and send this tab to login itself, racing the navigation below.
  await page.waitForLoadState('networkidle');
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const revoked = await page.request.post('/api/auth/logout', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(revoked.ok()).toBe(true);
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fdashboard%2Fsettings$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});

test('the guard refreshes a token that is close to expiry', async ({ page }) => {
  const email = await registerByApi(page.request);
  await page.goto('/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The guard checks the token once the dashboard has mounted; changing its expiry before that
  // would start a refresh in this page that the reload below cuts off.
  await page.waitForLoadState('networkidle');
  const old = await page.evaluate(() => localStorage.getItem('auth_token'));
  // Pretend only an hour is left: the guard swaps the token for a fresh one.
  await page.evaluate(() => localStorage.setItem('token_expiration', String(Date.now() + 3600_000)));
  await page.reload();
  // A new token, not merely a different value: a cleared one (null) would mean signed out.
  const stored = () => page.evaluate(() => localStorage.getItem('auth_token'));
  await expect.poll(async () => ((await stored()) ?? old) !== old).toBe(true);
  const expiration = Number(await page.evaluate(() => localStorage.getItem('token_expiration')));
  expect(expiration).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
  const stale = await page.request.get('/api/auth/current', { headers: { authorization: `Bearer ${old}` } });
  expect(stale.status()).toBe(401);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a call that crosses a token refresh made in another tab is sent again with the new token', async ({
  page,
}) => {
  const email = await registerByApi(page.request, 'Tab One');
  await page.goto('/login?returnUrl=%2Fdashboard%2Fsettings');
  await signIn(page, email);
  await expect(page.getByLabel('Full name')).toHaveValue('Tab One');
  const old = await page.evaluate(() => localStorage.getItem('auth_token'));
  let fresh = '';
  // While the save is on its way, another tab refreshes the shared session: the server now refuses
  // the token this call carries.
  await page.route('**/api/auth/profile', async (route) => {
    if (route.request().headers().authorization === `Bearer ${old}` && !fresh) {
      const res = await page.request.post('/api/auth/refresh', {
        headers: { authorization: `Bearer ${old}` },
      });
      expect(res.status()).toBe(200);
      const body = (await res.json()) as { token: string; expires_in: number };
      fresh = body.token;
      await page.evaluate(
        ({ token, expiresIn }) => {
          localStorage.setItem('auth_token', token);
          localStorage.setItem('token_expiration', String(Date.now() + expiresIn * 1000));
        },
        { token: body.token, expiresIn: body.expires_in },
      );
    }
    await route.continue();
  });
  await page.getByLabel('Full name').fill('Tab One Renamed');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBe(fresh);
  const current = await page.request.get('/api/auth/current', {
    headers: { authorization: `Bearer ${fresh}` },
  });
  expect((await current.json()).name).toBe('Tab One Renamed');
});

test('login shows every validation message and a wrong password', async ({ page }) => {
  const email = await registerByApi(page.request);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Email is invalid')).toBeVisible();
  await signIn(page, email, 'wrong password');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('register shows every validation message and a taken email', async ({ page }) => {
  const taken = await registerByApi(page.request);
  await page.goto('/register');
  const submit = page.getByRole('button', { name: 'Create account' });
  await submit.click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Name').fill('Grace');
  await page.getByLabel('Email').fill('grace@');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('other');
  await submit.click();
  await expect(page.getByText('Email is invalid')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Email').fill(taken.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await submit.click();
  await expect(page.getByText('This email is already registered')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('forgot password mails a login link that leads to setting a new password', async ({ page }) => {
  const email = await registerByApi(page.request);
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send login link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill('nope');
  await page.getByRole('button', { name: 'Send login link' }).click();
  await expect(page.getByText('Email is invalid')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send login link' }).click();
  await expect(
    page.getByText("We've sent you a secure login link. Check your email to reset your password."),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  const link = await waitForMailLink(email, `${E2E_BASE_URL}/magic-link/`);
  await page.goto(link);
  await page.getByRole('button', { name: `Sign in as ${email}` }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
});

test('verify-email without a token says so and goes to login', async ({ page }) => {
  await page.goto('/verify-email');
  await expect(page.getByText('No verification token provided.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 8000 });
  await page.goto('/verify_email/not-a-real-token');
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page.getByText('Failed to verify email. The link may be invalid or expired.')).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`auth screens have no axe violations in ${scheme} mode`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of ['/login', '/register', '/magic-link', '/forgot-password']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /dark/ : /^(?!.*dark)/);
      await expectNoAxeViolations(page);
    }
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
