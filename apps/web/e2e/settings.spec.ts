import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { authHeaders, registerAndLogin } from './support/login.ts';
import { createFormViaApi } from './support/seed-forms.ts';

const SHOTS = process.env.SETTINGS_SHOTS_DIR;

/** Screenshots for looking at the page (only when SETTINGS_SHOTS_DIR is set). */
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function openTab(page: Page, name: RegExp) {
  await page.getByRole('tab', { name }).click();
}

async function signInThroughLoginPage(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe('settings page', () => {
  test('Account tab shows the profile, resets edits, saves changes and keeps an email change pending', async ({
    page,
  }) => {
    const user = await registerAndLogin(page, { name: 'Olivia Owner' });
    await page.goto('/dashboard/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Member since')).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();

    const name = page.getByLabel('Full name');
    await expect(name).toHaveValue('Olivia Owner');
    await expect(page.getByLabel('Email address')).toHaveValue(user.email);

    await name.fill('Somebody Else');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(name).toHaveValue('Olivia Owner');

    await name.fill('Olivia Updated');
    await page.getByLabel('Company').fill('Acme Ltd');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const saved = page.getByText('Profile updated successfully!');
    await expect(saved).toBeVisible();
    await expect(saved).toBeHidden({ timeout: 5000 });
    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('Olivia Updated');
    await expect(page.getByLabel('Company')).toHaveValue('Acme Ltd');

    const newEmail = `new-${user.email}`;
    await page.getByLabel('Email address').fill(newEmail);
    // A new address needs the current password.
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Current password is required')).toBeVisible();
    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(/Email change pending/)).toContainText(newEmail);
    // The account keeps its address until the new one is verified.
    const current = await page.request.get('/api/auth/current', { headers: authHeaders(user) });
    expect((await current.json()).email).toBe(user.email);
    await expectNoAxeViolations(page);
  });

  test('Notifications tab shows the defaults and saves the switches on the server', async ({ page }) => {
    await registerAndLogin(page);
    await page.goto('/dashboard/settings');
    await openTab(page, /Notifications/);
    await expect(page.getByLabel('Form submission notifications')).toBeChecked();
    await expect(page.getByLabel('New sign-in alerts')).toBeChecked();
    // A self-hosted product sends no marketing mail, so there is nothing to turn off.
    await expect(page.getByLabel('Marketing emails')).toHaveCount(0);
    await expect(page.getByLabel('Weekly digest')).toBeChecked();

    await page.getByLabel('Form submission notifications').uncheck();
    await page.getByLabel('Weekly digest').uncheck();
    await page.getByRole('button', { name: 'Save Notification Settings' }).click();
    const saved = page.getByText('Notification settings saved successfully!');
    await expect(saved).toBeVisible();
    await expect(saved).toBeHidden({ timeout: 4000 });

    await page.reload();
    await openTab(page, /Notifications/);
    await expect(page.getByLabel('Form submission notifications')).not.toBeChecked();
    await expect(page.getByLabel('Weekly digest')).not.toBeChecked();
    await expectNoAxeViolations(page);
  });

  test('the Notifications tab is called Alerts on phones', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await registerAndLogin(page);
    await page.goto('/dashboard/settings');
    await expect(page.getByRole('tab', { name: 'Alerts' })).toBeVisible();
    await openTab(page, /Alerts/);
    await expect(page.getByLabel('Weekly digest')).toBeVisible();
  });

  test('Security tab changes the password, after which the new one signs in', async ({ page, browser }) => {
    const user = await registerAndLogin(page);
    await page.goto('/dashboard/settings?tab=security');
    const update = page.getByRole('button', { name: 'Update Password' });
    await expect(update).toBeDisabled();
    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill('brand-new-password-1');
    await expect(update).toBeDisabled();
    await page.getByLabel('Confirm new password').fill('something-different');
    await expect(update).toBeEnabled();
    await update.click();
    await expect(page.getByText('New passwords do not match')).toBeVisible();

    await page.getByLabel('Confirm new password').fill('brand-new-password-1');
    await update.click();
    await expect(page.getByText('Password updated successfully!')).toBeVisible();
    // This session stays signed in.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await other.goto('/login');
    await other.getByLabel('Email').fill(user.email);
    await other.getByLabel('Password').fill(user.password);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(other.getByText('Invalid email or password')).toBeVisible();
    await signInThroughLoginPage(other, user.email, 'brand-new-password-1');
    await fresh.close();
  });

  test('Security tab checks the current password', async ({ page }) => {
    await registerAndLogin(page);
    await page.goto('/dashboard/settings?tab=security');
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('brand-new-password-1');
    await page.getByLabel('Confirm new password').fill('brand-new-password-1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();
  });

  test('Security tab saves security settings, downloads my data and lists the request', async ({ page }) => {
    const user = await registerAndLogin(page);
    await createFormViaApi(page, user, { title: 'Exported survey' });
    await page.goto('/dashboard/settings?tab=security');
    const level = page.getByLabel('Encryption Level');
    await expect(level).toHaveValue('standard');
    await expect(level.getByRole('option', { name: 'Standard (Default)' })).toBeAttached();
    // How long submissions are kept is each form's setting, not the account's.
    await expect(page.getByLabel('Data Retention Period')).toHaveCount(0);
    await expect(page.getByText('No data protection requests yet')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set up' })).toBeVisible();
    await expect(page.getByText('No passkeys yet.')).toBeVisible();

    await level.selectOption('enhanced');
    await page.getByLabel('GDPR Compliance Mode').check();
    await page.getByRole('button', { name: 'Save Security Settings' }).click();
    await expect(page.getByText('Security settings saved successfully!')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Encryption Level')).toHaveValue('enhanced');
    await expect(page.getByLabel('GDPR Compliance Mode')).toBeChecked();

    const downloadEvent = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download My Data' }).click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toMatch(/^formsmith-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(
      await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
    );
    expect(data.profile.email).toBe(user.email);
    expect(data.forms.map((f: { title: string }) => f.title)).toEqual(['Exported survey']);
    await expect(page.getByText('Data Access Request')).toBeVisible();
    await expect(page.getByText(/Completed /)).toBeVisible();
    await shot(page, 'settings-security-1280');
    await expectNoAxeViolations(page);
  });

  test('the load failure message shows when security settings cannot be loaded', async ({ page }) => {
    await registerAndLogin(page);
    await page.route('**/api/security/settings', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto('/dashboard/settings?tab=security');
    await expect(
      page.getByText('Unable to load security settings. Please refresh the page or try again later.'),
    ).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Save Security Settings' })).toHaveCount(0);
  });

  test('Active Sessions lists real sessions and revokes another browser', async ({ page, browser }) => {
    const user = await registerAndLogin(page);
    const phoneContext = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    const phone = await phoneContext.newPage();
    await signInThroughLoginPage(phone, user.email, user.password);

    await page.goto('/dashboard/settings?tab=security');
    await expect(page.getByText('Current session')).toBeVisible();
    await expect(page.getByText('Active Now')).toBeVisible();
    const revoke = page.getByRole('button', { name: 'Revoke Safari on iOS session' });
    await expect(revoke).toBeVisible();
    await revoke.click();
    await expect(revoke).toHaveCount(0);

    // The phone is signed out: its next call is refused and it lands on the login page.
    await phone.goto('/dashboard/settings');
    await expect(phone).toHaveURL(/\/login/);
    await phoneContext.close();
  });

  test('Delete My Data asks for the email, deletes the account and goes home', async ({ page }) => {
    const user = await registerAndLogin(page);
    await page.goto('/dashboard/settings?tab=security');
    await page.getByRole('button', { name: 'Delete My Data' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Delete Permanently' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type your email address to confirm').fill('wrong@example.com');
    await expect(confirm).toBeDisabled();
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Type your email address to confirm').fill(user.email);
    await confirm.click();
    await expect(page).toHaveURL(/\/$/);
    const current = await page.request.get('/api/auth/current', { headers: authHeaders(user) });
    expect(current.status()).toBe(401);
    const login = await page.request.post('/api/auth/login', {
      data: { email: user.email, password: user.password },
    });
    expect(login.status()).toBe(401);
  });

  test('Billing tab says the product is free during the beta', async ({ page }) => {
    await registerAndLogin(page);
    await page.goto('/dashboard/settings');
    await openTab(page, /Billing/);
    await expect(page.getByText(/no cost during the beta period/)).toBeVisible();
    await expect(page.getByText(/no billing features/)).toBeVisible();
  });

  for (const dark of [false, true]) {
    for (const width of [1280, 390]) {
      test(`every tab is accessible (${dark ? 'dark' : 'light'}, ${width} px)`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        if (dark) await page.emulateMedia({ colorScheme: 'dark' });
        await registerAndLogin(page);
        await page.goto('/dashboard/settings');
        const tabs =
          width < 640
            ? ['Account', 'Alerts', 'Security', 'Billing']
            : ['Account', 'Notifications', 'Security', 'Billing'];
        for (const name of tabs) {
          await page.getByRole('tab', { name }).click();
          await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
          await page.waitForLoadState('networkidle');
          await expectNoAxeViolations(page);
          await shot(page, `settings-${name.toLowerCase()}-${width}-${dark ? 'dark' : 'light'}`);
        }
      });
    }
  }
});
