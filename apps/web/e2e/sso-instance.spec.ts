import { expect, type Page, test } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../../server/test/sso-provider.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectNoSidewaysScroll } from './support/fill-page.ts';
import { type OwnApp, startOwnApp } from './support/own-app.ts';

// The server-wide single sign-on provider end to end: the instance administrator (made with the
// admin command line before the server starts) connects a real OpenID Connect provider
// (oidc-provider on 127.0.0.1) and gives a workspace an email domain on /dashboard/admin/sso;
// then a new person signs in with "Sign in with <provider>" on the login page, through the
// provider's own pages, and lands in that workspace.

const PASSWORD = 'correct-horse-battery';
const ADMIN = 'ada-admin@example.test';
const DOMAIN = 'globex-sso.test';

let app: OwnApp;
let idp: TestProvider;

test.describe('the server-wide single sign-on provider', () => {
  test.beforeAll(async () => {
    // A fresh database is migrated first (and once more for each admin command): slow on a busy machine.
    test.setTimeout(240_000);
    app = await startOwnApp({
      name: 'sso-instance',
      env: {},
      admin: [
        ['create-user', '--email', ADMIN, '--name', 'Ada Admin', '--password', PASSWORD],
        ['instance-admin', ADMIN],
      ],
    });
    idp = await startTestProvider({
      redirectUri: `${app.base}/api/auth/sso/callback`,
      backchannelLogoutUri: `${app.base}/api/auth/sso/backchannel-logout`,
    });
    idp.people.set('gil', {
      sub: 'gil-sub',
      email: `gil@${DOMAIN}`,
      email_verified: true,
      name: 'Gil Globex',
    });
  });
  test.afterAll(async () => {
    await idp?.close();
    await app?.close();
  });

  const provider = (page: Page) => page.getByRole('region', { name: 'Server-wide provider' });
  const domains = (page: Page) => page.getByRole('region', { name: 'Email domains' });

  test('the admin connects the provider and assigns a domain; a new person signs in and lands in the workspace', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const admin = await browser.newContext({ baseURL: app.base });
    const page = await admin.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const made = await page.request.post('/api/workspaces', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: 'Globex' },
    });
    expect(made.ok(), await made.text()).toBe(true);

    // The sidebar leads the administrator to the page.
    await page.getByRole('link', { name: 'Server SSO' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Single sign-on for this server' }),
    ).toBeVisible();
    const card = provider(page);
    await expect(card.getByText(`${app.base}/api/auth/sso/callback`)).toBeVisible();
    // Workspaces only: a server-wide provider has nothing to require.
    await expect(card.getByText('Require SSO for members')).toHaveCount(0);
    await card.getByLabel('Issuer URL').fill(idp.issuer);
    await card.getByLabel('Client id').fill(idp.clientId);
    await card.getByLabel('Client secret').fill(idp.clientSecret);
    await card
      .getByLabel("Role in a domain's workspace without a provider of its own")
      .selectOption('editor');
    await card.getByRole('button', { name: 'Connect provider' }).click();
    await expect(card.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await expect(card.getByLabel('Client secret')).toHaveValue('');

    // Domains: a bad one is refused in place; one given, another given and taken back.
    const table = domains(page);
    await table.getByRole('button', { name: 'Assign domain' }).click();
    await expect(table.getByText('A domain looks like example.org')).toBeVisible();
    await expect(table.getByText('Choose the workspace')).toBeVisible();
    await table.getByLabel('Workspace').selectOption({ label: 'Globex' });
    for (const domain of [DOMAIN, 'spare.test']) {
      await table.getByRole('textbox', { name: 'Domain' }).fill(domain);
      await table.getByRole('button', { name: 'Assign domain' }).click();
      await expect(table.getByRole('row', { name: new RegExp(`${domain}\\s+Globex`) })).toBeVisible();
    }
    await table.getByRole('button', { name: 'Remove spare.test' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove spare.test?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm).toBeHidden();
    await expect(table.getByRole('row', { name: /spare\.test/ })).toHaveCount(0);

    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [1280, 375]) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: 900 });
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `/tmp/sso-admin-${width}-${scheme}.png`, fullPage: true });
      }
    }

    // A new person of the domain: "Sign in with <provider>" on the login page, the provider's own pages.
    const guest = await browser.newContext({ baseURL: app.base });
    const person = await guest.newPage();
    await person.goto('/login');
    const signIn = person.getByRole('button', { name: `Sign in with ${new URL(idp.issuer).host}` });
    for (const scheme of ['light', 'dark'] as const) {
      await person.emulateMedia({ colorScheme: scheme });
      await expect(signIn).toBeVisible();
      await expectNoAxeViolations(person);
    }
    await person.screenshot({ path: '/tmp/sso-login-instance.png' });
    await signIn.click();
    await expect(person).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    await person.getByPlaceholder('Enter any login').fill('gil');
    await person.locator('input[type=password]').fill('any');
    await person.getByRole('button', { name: 'Sign-in' }).click();
    await person.getByRole('button', { name: 'Continue' }).click();
    await expect(person).toHaveURL(/\/dashboard/);
    await expect(person.getByRole('button', { name: /^Workspace: Globex, Editor\./ })).toBeVisible();
    // Not the administrator: no link to the page, and the page itself sends them back.
    await expect(person.getByRole('link', { name: 'Server SSO' })).toHaveCount(0);
    await person.goto('/dashboard/admin/sso');
    await expect(person).toHaveURL(/\/dashboard$/);
    await guest.close();

    // The administrator names the provider as people know it; the login page's button says that name.
    await page.emulateMedia({ colorScheme: 'light' });
    await card.getByLabel('Display name').fill('Globex Keycloak');
    await card.getByRole('button', { name: 'Save changes' }).click();
    await expect(card.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    const visitor = await browser.newContext({ baseURL: app.base });
    const login = await visitor.newPage();
    await login.goto('/login');
    const named = login.getByRole('button', { name: 'Sign in with Globex Keycloak' });
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [1280, 375]) {
        await login.emulateMedia({ colorScheme: scheme });
        await login.setViewportSize({ width, height: 900 });
        await expect(named).toBeVisible();
        await expectNoSidewaysScroll(login);
        await expectNoAxeViolations(login);
        await login.screenshot({ path: `/tmp/sso-login-named-${width}-${scheme}.png`, fullPage: true });
      }
    }
    await expect(login.getByRole('button', { name: `Sign in with ${new URL(idp.issuer).host}` })).toHaveCount(
      0,
    );
    await named.click();
    await expect(login).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    await visitor.close();
    await admin.close();
  });
});
