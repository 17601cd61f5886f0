import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { uniqueEmail } from './support/login.ts';
import { waitForMailLink } from './support/mail.ts';

const PASSWORD = 'correct-horse-battery';
const SHOTS = process.env.TWO_FACTOR_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A verified account created through the API; the journey signs in through the login page itself. */
async function registerVerified(page: Page): Promise<string> {
  const email = uniqueEmail('twofactor');
  const res = await page.request.post('/api/auth/register', {
    data: { name: 'Tess Twofactor', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const link = await waitForMailLink(email, `${E2E_BASE_URL}/verify-email?token=`);
  const verified = await page.request.get(`/api/auth/verify/${new URL(link).searchParams.get('token')}`);
  expect(verified.ok()).toBe(true);
  return email;
}

async function submitPassword(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page) {
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
}

/** The code an authenticator app would show `steps` 30-second steps from now. */
function totpCode(secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** A platform authenticator with user verification, as on a laptop with a fingerprint reader. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test.describe('two-factor authentication', () => {
  test('enrol a passkey in settings, then sign in with it and no password', async ({ page }) => {
    const email = await registerVerified(page);
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
    await submitPassword(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/dashboard/settings?tab=security');
    const card = page.getByRole('heading', { name: 'Two-Factor Authentication' });
    await expect(card).toBeVisible();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const nameDialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await nameDialog.getByLabel('Passkey name').fill('Work laptop');
    await nameDialog.getByRole('button', { name: 'Create passkey' }).click();

    // The first second factor brings the recovery codes, shown once.
    const codesDialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
    await expect(codesDialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(
      10,
    );
    await expectNoAxeViolations(page);
    await codesDialog.getByRole('button', { name: 'I have saved my codes' }).click();
    await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText('Work laptop')).toBeVisible();
    await expect(page.getByText('10 of 10 left')).toBeVisible();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    await page.getByRole('button', { name: 'Rename Work laptop' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename passkey' });
    await renameDialog.getByLabel('Passkey name').fill('My laptop');
    await renameDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText('My laptop')).toBeVisible();

    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const me = await page.evaluate(async () => {
      const res = await fetch('/api/auth/current', {
        headers: { authorization: `Bearer ${localStorage.getItem('auth_token')}` },
      });
      return res.json();
    });
    expect(me.email).toBe(email);

    // With a passkey on the account, a password sign-in asks for it as the second step.
    await signOut(page);
    await submitPassword(page, email);
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('enrol an authenticator app, then sign in with a code the test computes', async ({ page }) => {
    const email = await registerVerified(page);
    await submitPassword(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard/settings?tab=security');
    await page.getByRole('button', { name: 'Set up' }).click();

    const setup = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await expect(
      setup.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'totp-setup');
    const secret = (await setup.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    await setup.getByLabel('Code from the app').fill('000000' === totpCode(secret) ? '111111' : '000000');
    await setup.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(setup.getByText('That code is not valid')).toBeVisible();
    await setup.getByLabel('Code from the app').fill(totpCode(secret));
    await setup.getByRole('button', { name: 'Verify and turn on' }).click();

    const codesDialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
    await expect(codesDialog.getByRole('listitem')).toHaveCount(10);
    await shot(page, 'recovery-codes');
    const codes = await codesDialog
      .getByRole('list', { name: 'Recovery codes' })
      .getByRole('listitem')
      .allInnerTexts();
    expect(codes).toHaveLength(10);
    const download = page.waitForEvent('download');
    await codesDialog.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('formsmith-recovery-codes.txt');
    await codesDialog.getByRole('button', { name: 'I have saved my codes' }).click();
    await expect(page.getByRole('heading', { name: /Authenticator app/ }).getByText('On')).toBeVisible();

    await signOut(page);
    await submitPassword(page, email);
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'second-step');
    // The code of the next step: the current one was spent confirming the set-up.
    await page.getByLabel('Authentication code').fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // A recovery code works once.
    await signOut(page);
    await submitPassword(page, email);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Turning the app off needs the password; then signing in is one step again.
    await page.goto('/dashboard/settings?tab=security');
    await expect(page.getByText('9 of 10 left')).toBeVisible();
    await page.getByRole('button', { name: 'Turn off' }).click();
    const off = page.getByRole('dialog', { name: 'Turn off the authenticator app?' });
    await off.getByLabel('Current password').fill(PASSWORD);
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByRole('button', { name: 'Set up' })).toBeVisible();
    await signOut(page);
    await submitPassword(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  for (const dark of [false, true]) {
    for (const width of [1280, 375]) {
      test(`the two-factor settings look right and are accessible (${dark ? 'dark' : 'light'}, ${width} px)`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 900 });
        if (dark) await page.emulateMedia({ colorScheme: 'dark' });
        const email = await registerVerified(page);
        await addVirtualAuthenticator(page);
        await submitPassword(page, email);
        await expect(page).toHaveURL(/\/dashboard$/);
        await page.goto('/dashboard/settings?tab=security');
        await page.getByRole('button', { name: 'Add a passkey' }).click();
        await page
          .getByRole('dialog', { name: 'Add a passkey' })
          .getByRole('button', { name: 'Create passkey' })
          .click();
        await page.getByRole('button', { name: 'I have saved my codes' }).click();
        await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText('Passkey 1')).toBeVisible();
        await expectNoAxeViolations(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.getByRole('heading', { name: 'Two-Factor Authentication' }).scrollIntoViewIfNeeded();
        await shot(page, `settings-two-factor-${width}-${dark ? 'dark' : 'light'}`);
        await signOut(page);
        await expectNoAxeViolations(page);
        await shot(page, `login-${width}-${dark ? 'dark' : 'light'}`);
      });
    }
  }
});
