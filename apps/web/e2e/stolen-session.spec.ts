import { createFormKey } from '@formsmith/core/crypto/key-wrap';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { authHeaders, registerAndLogin, uniqueEmail } from './support/login.ts';
import { type OwnApp, startOwnApp } from './support/own-app.ts';

// A session token copied out of the owner's browser (a stolen session) must not become a lasting
// takeover: changes to how the account signs in or who may act for it ask the person at the
// keyboard to confirm who they are once the session's last proof is older than the window. A
// server of its own runs with a 3-second window, so the copied token is 'old' within the test.

const PASSWORD = 'correct-horse-battery';
const NOTHING_CHANGED = 'Nothing was changed: confirm it is you to make this change.';
const SHOTS = process.env.REAUTH_SHOTS_DIR;

let app: OwnApp;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A browser context that holds nothing but this session token, as a thief's would. */
async function contextWithToken(
  browser: Browser,
  session: { token: string; expires_in: number },
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: app.base, ...options });
  await context.addInitScript(
    ({ token, expiresIn }) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('token_expiration', String(Date.now() + expiresIn * 1000));
    },
    { token: session.token, expiresIn: session.expires_in },
  );
  return context;
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A new owner's session token, once the sign-in's window has passed (when a thief would use it). */
async function staleSession(request: APIRequestContext) {
  const email = uniqueEmail('stolen');
  const register = await request.post(`${app.base}/api/auth/register`, {
    data: { name: 'Olive Owner', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
  });
  expect(register.ok(), await register.text()).toBe(true);
  const login = await request.post(`${app.base}/api/auth/login`, { data: { email, password: PASSWORD } });
  const session = (await login.json()) as { token: string; expires_in: number };
  const asOwner = { authorization: `Bearer ${session.token}` };
  await expect
    .poll(
      async () =>
        (await (await request.get(`${app.base}/api/auth/reauth`, { headers: asOwner })).json()).seconds_left,
    )
    .toBe(0);
  return { email, session, asOwner };
}

test.describe('on a server whose window is 3 seconds', () => {
  // One worker for the whole group: each worker would start its own server on the same data folder.
  test.describe.configure({ mode: 'default' });
  test.beforeAll(async () => {
    // Starting a server of its own migrates a fresh database first: slow on a busy machine.
    test.setTimeout(180_000);
    app = await startOwnApp({ name: 'reauth', env: { REAUTH_WINDOW_SECONDS: '3' } });
  });
  test.afterAll(async () => {
    await app?.close();
  });

  test('a copied session token cannot create an API key or add an authenticator app without the password', async ({
    browser,
    request,
  }) => {
    // Two browsers, two accessibility checks and a server on a busy machine: more than the default minute.
    test.setTimeout(120_000);
    const { session, asOwner } = await staleSession(request);

    const thief = await contextWithToken(browser, session, {
      viewport: { width: 375, height: 800 },
      colorScheme: 'dark',
    });
    const page = await thief.newPage();
    await page.goto('/dashboard/settings?tab=security');
    await expect(page.getByText('Identity confirmed less than a minute ago')).toBeVisible();
    await expect(page.getByText(/will first ask for your password, a code or a passkey/)).toBeVisible();

    // An API key: the server refuses, the page asks who is there instead of showing an error.
    await page.getByLabel('Key name').fill('Backdoor');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByText(/Last confirmed/)).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'confirm-dialog-375-dark');
    await confirm.getByLabel('Password').fill('a guess at the password');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(confirm.getByText('Current password is incorrect')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByText(NOTHING_CHANGED)).toBeVisible();
    await expect(page.getByText('No API keys yet.')).toBeVisible();

    // An authenticator app: the same question before any secret is shown.
    await page.getByRole('button', { name: 'Set up' }).click();
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    const setup = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await expect(setup.getByText(NOTHING_CHANGED)).toBeVisible();
    await expect(page.getByTestId('totp-secret')).toHaveCount(0);
    await page.keyboard.press('Escape');

    const keys = await request.get(`${app.base}/api/account/api-keys`, { headers: asOwner });
    expect((await keys.json()).items).toEqual([]);
    const factors = await request.get(`${app.base}/api/auth/two-factor`, { headers: asOwner });
    expect(await factors.json()).toMatchObject({ enabled: false, totp_enabled: false });
    await thief.close();

    // The owner, who knows the password, gets through the same question.
    const owner = await contextWithToken(browser, session, { viewport: { width: 1280, height: 900 } });
    const ownerPage = await owner.newPage();
    await ownerPage.goto('/dashboard/settings?tab=security');
    await ownerPage.getByLabel('Key name').fill('Reporting');
    await ownerPage.getByRole('button', { name: 'Create API key' }).click();
    const asked = ownerPage.getByRole('dialog', { name: 'Confirm it’s you' });
    await asked.getByLabel('Password').fill(PASSWORD);
    await asked.getByRole('button', { name: 'Confirm' }).click();
    await expect(ownerPage.getByText('Your new API key')).toBeVisible();
    await expect(ownerPage.getByText(/^Identity confirmed/)).toBeVisible();
    await expectNoAxeViolations(ownerPage);
    await shot(ownerPage, 'key-after-confirm-1280-light');
    await owner.close();
  });

  test('a copied session token cannot delete the account without the password', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const { email, session, asOwner } = await staleSession(request);
    const thief = await contextWithToken(browser, session, { viewport: { width: 375, height: 800 } });
    const page = await thief.newPage();
    await page.goto('/dashboard/settings?tab=security');
    await page.getByRole('button', { name: 'Delete My Data' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete your account and data?' });
    await remove.getByLabel('Type your email address to confirm').fill(email);
    await remove.getByRole('button', { name: 'Delete Permanently' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await expect(confirm).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(remove.getByText(NOTHING_CHANGED)).toBeVisible();
    const still = await request.get(`${app.base}/api/auth/current`, { headers: asOwner });
    expect(still.status()).toBe(200);

    // The owner, who knows the password, confirms and the account goes.
    await remove.getByRole('button', { name: 'Delete Permanently' }).click();
    await confirm.getByLabel('Password').fill(PASSWORD);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/$/);
    const gone = await request.get(`${app.base}/api/auth/current`, { headers: asOwner });
    expect(gone.status()).toBe(401);
    await thief.close();
  });
});

test('after a password reset, the owner revokes the API keys they do not recognise', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const user = await registerAndLogin(page);
  for (const name of ['Reporting', 'Unknown sync']) {
    const created = await page.request.post('/api/account/api-keys', {
      headers: authHeaders(user),
      data: { name, scopes: ['forms:read'] },
    });
    expect(created.ok(), await created.text()).toBe(true);
  }
  await page.goto('/password-reset');
  await page.getByLabel('Current password').fill(user.password);
  await page.getByLabel('New password', { exact: true }).fill('a much newer passphrase');
  await page.getByLabel('Confirm new password').fill('a much newer passphrase');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  const review = page.getByRole('form', { name: 'Review what else can get into your account' });
  await expect(review.getByLabel(/Revoke API key Unknown sync/)).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);
  await shot(page, 'reset-review-375-dark');
  await review.getByLabel(/Revoke API key Unknown sync/).check();
  await review.getByRole('button', { name: 'Revoke selected' }).click();
  await expect(review.getByText('Revoked 1 item.')).toBeVisible();
  await expect(review.getByLabel(/Revoke API key Unknown sync/)).toHaveCount(0);
  await expect(review.getByLabel(/Revoke API key Reporting/)).toBeVisible();
});

test("turning end-to-end encryption off shows in the form's history", async ({ page }) => {
  const user = await registerAndLogin(page);
  const created = await page.request.post('/api/forms', {
    headers: authHeaders(user),
    data: {
      title: 'Confidential reports',
      fields: [{ id: 'report', type: 'text', label: 'Your report', position: 0 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const { formKey } = await createFormKey({ passphrase: 'four unrelated words here' });
  for (const data of [{ level: 'enhanced', key: formKey }, { level: 'standard' }]) {
    const res = await page.request.put(`/api/forms/${id}/encryption`, { headers: authHeaders(user), data });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await page.goto(`/forms/${id}/settings`);
  const changes = page.getByRole('list', { name: 'Encryption changes' });
  await expect(changes.getByRole('listitem')).toHaveCount(2);
  await expect(changes.getByRole('listitem').first()).toContainText('End-to-end encryption turned off');
  await expect(changes.getByRole('listitem').first()).toContainText('in a signed-in session');
  await expectNoAxeViolations(page);
});
