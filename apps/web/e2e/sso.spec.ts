import { expect, type Page, test } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../../server/test/sso-provider.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectNoSidewaysScroll } from './support/fill-page.ts';
import { type OwnApp, startOwnApp } from './support/own-app.ts';

// Single sign-on end to end: a server of its own (the instance administrator is made with the
// admin command line before it starts, as PGlite lets one process hold the data at a time), a
// real OpenID Connect provider (oidc-provider) on 127.0.0.1 with its own login and consent
// pages, the owner's settings card, and a new person signing in through /sso. Its proof of
// identity lasts 10 seconds, so the card's changes go through the password question.

const PASSWORD = 'correct-horse-battery';
const OWNER = 'ivy-owner@example.test';
const DOMAIN = 'acme-sso.test';
const REAUTH_WINDOW_SECONDS = 10;

let app: OwnApp;
let idp: TestProvider;

test.describe('single sign-on', () => {
  test.beforeAll(async () => {
    // A fresh database is migrated first (and once more for each admin command): slow on a busy machine.
    test.setTimeout(240_000);
    app = await startOwnApp({
      name: 'sso',
      env: { REAUTH_WINDOW_SECONDS: String(REAUTH_WINDOW_SECONDS) },
      admin: [
        ['create-user', '--email', OWNER, '--name', 'Ivy Owner', '--password', PASSWORD],
        ['instance-admin', OWNER],
      ],
    });
    idp = await startTestProvider({
      redirectUri: `${app.base}/api/auth/sso/callback`,
      backchannelLogoutUri: `${app.base}/api/auth/sso/backchannel-logout`,
    });
    idp.people.set('sam', { sub: 'sam-sub', email: `sam@${DOMAIN}`, email_verified: true, name: 'Sam Sso' });
  });
  test.afterAll(async () => {
    await idp?.close();
    await app?.close();
  });

  const card = (page: Page) => page.getByRole('region', { name: 'Single sign-on' });
  /** Waits until the sign-in's proof of identity is over, as it is for an owner some minutes later. */
  const proofExpired = (page: Page, auth: Record<string, string>) =>
    expect
      .poll(
        async () =>
          (
            (await (await page.request.get('/api/auth/reauth', { headers: auth })).json()) as {
              seconds_left: number;
            }
          ).seconds_left,
        { timeout: (REAUTH_WINDOW_SECONDS + 10) * 1000 },
      )
      .toBe(0);
  /** Answers the app's "Confirm it's you" question with the password. */
  const confirmIdentity = async (page: Page) => {
    const asked = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await asked.getByLabel('Password').fill(PASSWORD);
    await asked.getByRole('button', { name: 'Confirm' }).click();
    await expect(asked).toBeHidden();
  };

  test('an owner connects the provider on the workspace page; a new person signs in through it', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const owner = await browser.newContext({ baseURL: app.base });
    const page = await owner.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(OWNER);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const auth = { authorization: `Bearer ${token}` };

    // A team workspace, and its email domain from the instance administrator (an API call: no page for it).
    const made = await page.request.post('/api/workspaces', { headers: auth, data: { name: 'Acme' } });
    expect(made.ok(), await made.text()).toBe(true);
    const workspaceId = ((await made.json()) as { id: number }).id;
    const domain = await page.request.put(`/api/admin/domains/${DOMAIN}`, {
      headers: auth,
      data: { workspace_id: workspaceId },
    });
    expect(domain.ok(), await domain.text()).toBe(true);
    await page.evaluate((id) => localStorage.setItem('current_workspace', String(id)), workspaceId);

    await page.goto('/dashboard/workspace');
    await expect(page.getByRole('heading', { level: 1, name: 'Acme' })).toBeVisible();
    const sso = card(page);
    await expect(sso.getByText(`${app.base}/api/auth/sso/callback`)).toBeVisible();
    await expect(sso.getByText(`${app.base}/api/auth/sso/backchannel-logout`)).toBeVisible();
    await expect(sso.getByText(DOMAIN)).toBeVisible();

    // What the browser can tell before asking the server, then what only the server can.
    await sso.getByRole('button', { name: 'Connect provider' }).click();
    await expect(sso.getByText('The client id is required')).toBeVisible();
    await expect(sso.getByText('The client secret is required')).toBeVisible();
    await sso.getByLabel('Issuer URL').fill(`${idp.issuer}/nowhere`);
    await sso.getByLabel('Client id').fill(idp.clientId);
    await sso.getByLabel('Client secret').fill(idp.clientSecret);
    // The change needs a recent proof of identity: the card asks for the password, then goes on.
    await proofExpired(page, auth);
    await sso.getByRole('button', { name: 'Connect provider' }).click();
    await confirmIdentity(page);
    await expect(sso.getByRole('alert')).toContainText('does not describe an OpenID Connect provider');

    await sso.getByLabel('Issuer URL').fill(idp.issuer);
    await sso.getByLabel('Role of people who join through it').selectOption('viewer');
    await sso.getByRole('textbox', { name: 'Session length' }).fill('8');
    await sso.getByRole('button', { name: 'Connect provider' }).click();
    await expect(sso.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    // The secret is never shown again: the field is empty and says one is set.
    await expect(sso.getByLabel('Client secret')).toHaveValue('');
    await expect(sso.getByText('Set. Leave empty to keep it')).toBeVisible();
    await expect(sso.getByRole('button', { name: 'Remove' })).toBeVisible();
    const stored = await page.request.get(`/api/workspaces/${workspaceId}/sso`, { headers: auth });
    expect(await stored.text()).not.toContain(idp.clientSecret);
    expect(((await stored.json()) as { connection: object }).connection).toMatchObject({
      issuer: idp.issuer,
      default_role: 'viewer',
      session_max_age_seconds: 8 * 3600,
    });

    await expectNoAxeViolations(page);
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [1280, 375]) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: 900 });
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page);
        await sso.screenshot({ path: `/tmp/sso-card-${width}-${scheme}.png` });
      }
    }

    // A new person of the domain signs in through the provider's own pages.
    const guest = await browser.newContext({ baseURL: app.base });
    const person = await guest.newPage();
    await person.goto('/sso');
    await person.getByLabel('Work email').fill(`sam@${DOMAIN}`);
    await person.getByRole('button', { name: 'Continue' }).click();
    await expect(person).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    await person.getByPlaceholder('Enter any login').fill('sam');
    await person.locator('input[type=password]').fill('any');
    await person.getByRole('button', { name: 'Sign-in' }).click();
    await person.getByRole('button', { name: 'Continue' }).click();
    await expect(person).toHaveURL(/\/dashboard/);
    // The dashboard opens in the workspace whose provider signed them in.
    await expect(person.getByRole('button', { name: /^Workspace: Acme, Viewer\./ })).toBeVisible();
    await person.goto('/dashboard/workspace');
    await expect(person.getByRole('heading', { level: 1, name: 'Acme' })).toBeVisible();
    await expect(person.getByText('Team workspace · You are a viewer')).toBeVisible();
    // Not an owner: no single sign-on card.
    await expect(card(person)).toHaveCount(0);
    await person.screenshot({ path: '/tmp/sso-member-workspace.png' });

    // The owner removes the provider, confirming who they are again.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await proofExpired(page, auth);
    await sso.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove single sign-on?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await confirmIdentity(page);
    await expect(confirm).toBeHidden();
    await expect(sso.getByRole('button', { name: 'Connect provider' })).toBeVisible();
    await guest.close();
    await owner.close();
  });
});
