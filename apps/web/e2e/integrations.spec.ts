import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFormPage } from './support/fill-page.ts';
import { registerAndLogin } from './support/login.ts';
import { createFormViaApi } from './support/seed-forms.ts';

const SHOTS = process.env.OUTFLOW_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A real local HTTP endpoint that answers 200 and keeps what it received. */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('thanks from the receiver');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** No axe violations in light and dark, no sideways scroll at 375 px; a screenshot of each. */
async function expectLightDarkNarrow(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await shot(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expectNoAxeViolations(page);
  await shot(page, `${name}-dark`);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await shot(page, `${name}-375`);
}

test.describe('integrations', () => {
  test('adds a webhook, sends a test event, sees it in the delivery log and resends it', async ({ page }) => {
    const receiver = await startReceiver();
    try {
      const user = await registerAndLogin(page);
      const form = await createFormViaApi(page, user, { title: 'Webhook journey' });
      await page.goto(`/forms/${form.id}/settings`);

      await page.getByLabel('Endpoint URL').fill(receiver.url);
      await page.getByRole('button', { name: 'Add webhook' }).click();
      const secret = page.getByLabel('Signing secret');
      await expect(secret).toHaveValue(/^whsec_/);
      await shot(page, 'webhook-secret');
      await page.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByLabel('Signing secret')).toHaveCount(0);

      const hooks = page.getByRole('list', { name: 'Webhooks' });
      await expect(hooks.getByText(receiver.url)).toBeVisible();
      await hooks.getByRole('button', { name: 'Send test event' }).click();
      await expect(
        hooks.getByRole('status').filter({ hasText: 'Test event delivered (HTTP 200)' }),
      ).toBeVisible();
      expect(receiver.received).toHaveLength(1);

      await hooks.getByRole('button', { name: 'Show deliveries' }).click();
      const log = page.getByRole('region', { name: 'Delivery log' });
      await expect(log.getByText('webhook.test')).toBeVisible();
      await expect(log.getByText('succeeded')).toBeVisible();
      await expect(log.getByText('thanks from the receiver')).toBeVisible();
      await log.getByRole('button', { name: 'Resend' }).click();
      await expect(log.getByRole('list', { name: 'Attempts' }).getByRole('listitem')).toHaveCount(2);
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
      expect(String(receiver.received[1]!.headers['webhook-signature'])).toMatch(/^v1,/);

      await expectLightDarkNarrow(page, 'webhooks');
    } finally {
      await receiver.close();
    }
  });

  test("a workspace admin's webhook hears an invitation as a signed member.invited event", async ({
    page,
  }) => {
    const receiver = await startReceiver();
    try {
      await registerAndLogin(page, { name: 'Hook Owner' });
      await page.goto('/dashboard/workspace');
      await page.getByRole('button', { name: /^Workspace: .* Switch workspace$/ }).click();
      await page.getByRole('menuitem', { name: 'New workspace' }).click();
      const dialog = page.getByRole('dialog', { name: 'New workspace' });
      await dialog.getByRole('textbox', { name: 'Workspace name' }).fill('Hooked team');
      await dialog.getByRole('button', { name: 'Create workspace' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: 'Hooked team' })).toBeVisible();

      // Member events only, all ticked at first; a form's events are not offered here.
      await expect(page.getByRole('checkbox', { name: 'Member joined' })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'New submission' })).toHaveCount(0);
      await page.getByLabel('Endpoint URL').fill(receiver.url);
      await page.getByRole('button', { name: 'Add webhook' }).click();
      await expect(page.getByLabel('Signing secret')).toHaveValue(/^whsec_/);
      await page.getByRole('button', { name: 'Done' }).click();
      const hooks = page.getByRole('list', { name: 'Webhooks' });
      await expect(hooks.getByText(receiver.url)).toBeVisible();

      const invitee = `invitee-${Date.now()}@example.com`;
      await page.getByRole('textbox', { name: 'Email address' }).fill(invitee);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByText(`Invitation sent to ${invitee}.`)).toBeVisible();
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
      const event = JSON.parse(receiver.received[0]!.body);
      expect(event).toMatchObject({
        type: 'member.invited',
        data: { workspace: { name: 'Hooked team' }, member: { email: invitee, role: 'editor' } },
      });
      expect(String(receiver.received[0]!.headers['webhook-signature'])).toMatch(/^v1,/);

      await hooks.getByRole('button', { name: 'Show deliveries' }).click();
      await expect(
        page.getByRole('region', { name: 'Delivery log' }).getByText('member.invited'),
      ).toBeVisible();
      await hooks.getByRole('button', { name: 'Disable' }).click();
      await expect(hooks.getByText('Disabled', { exact: true })).toBeVisible();

      await expectLightDarkNarrow(page, 'workspace-webhooks');
    } finally {
      await receiver.close();
    }
  });

  test('creates an API key, shows it once, and revokes it', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await registerAndLogin(page);
    await page.goto('/dashboard/settings?tab=security');
    await page.getByLabel('Key name').fill('Spreadsheet sync');
    await page.getByLabel(/submissions:write/).check();
    await page.getByRole('button', { name: 'Create API key' }).click();

    const field = page.getByLabel('Your new API key');
    await expect(field).toHaveValue(/^fsk_[0-9A-Za-z]{43}$/);
    const key = await field.inputValue();
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shot(page, 'api-key-once');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByLabel('Your new API key')).toHaveCount(0);
    await expect(page.getByText(key)).toHaveCount(0);

    const keys = page.getByRole('list', { name: 'API keys' });
    await expect(keys.getByText('Spreadsheet sync')).toBeVisible();
    await expect(keys.getByText('submissions:write')).toBeVisible();
    const withKey = { authorization: `Bearer ${key}` };
    expect((await page.request.get('/api/forms', { headers: withKey })).status()).toBe(200);
    // Keys cannot manage keys.
    expect((await page.request.get('/api/account/api-keys', { headers: withKey })).status()).toBe(403);

    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSidewaysScroll(page);
    await shot(page, 'api-keys-375');

    await keys.getByRole('button', { name: 'Revoke API key Spreadsheet sync' }).click();
    await expect(keys.getByText('Spreadsheet sync')).toHaveCount(0);
    expect((await page.request.get('/api/forms', { headers: withKey })).status()).toBe(401);
  });

  test('a form closed by its limit shows "This form is closed" with the owner\'s message', async ({
    page,
  }) => {
    const user = await registerAndLogin(page);
    const form = await createFormViaApi(page, user, { title: 'Limited form' });
    await page.goto(`/forms/${form.id}/settings`);
    await page.getByLabel('Close after this many responses').fill('1');
    await page.getByLabel('Message when closed (optional)').fill('We have all the answers we need.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
    await expect(page.getByText('0 of 1 responses')).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'limits');

    await page.request.post(`/api/forms/${form.id}/publish`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    const fill = await page.context().newPage();
    await openFormPage(fill, `/form/${form.id}`);
    await fill.getByLabel('Your name').fill('First');
    await fill.waitForTimeout(3100);
    await fill.getByRole('button', { name: 'Submit' }).click();
    await expect(fill.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
    await fill.goto(`/form/${form.id}`);
    await expect(fill.getByRole('heading', { name: 'This form is closed' })).toBeVisible();
    await expect(fill.getByText('We have all the answers we need.')).toBeVisible();
    await expectNoAxeViolations(fill);
    await shot(fill, 'closed');
  });
});

test('the API reference page renders from this server alone (no CDN)', async ({ page }) => {
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  await page.goto('/api/reference/');
  await expect(page.getByText('Formsmith API').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('webhooks', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Ask AI')).toHaveCount(0);
  // Every script and style the page loads has been asked for once it has loaded and rendered; the
  // reference keeps talking to its own server afterwards, so 'network idle' may never come.
  await page.waitForLoadState('load');
  await page.waitForTimeout(1000);
  expect([...origins].filter((o) => o.startsWith('http'))).toEqual([new URL(page.url()).origin]);
  await shot(page, 'api-reference');
});
