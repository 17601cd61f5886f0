import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';
import { createFormViaApi } from './support/seed-forms.ts';

const SECTIONS = [
  'General',
  'Access',
  'Schedule and limits',
  'Notifications and confirmation',
  'Integrations',
  'Privacy and encryption',
  'Versions',
];

const bar = (page: Page) => page.getByRole('status').filter({ hasText: /changes|Not saved|Saving/ });

async function api(page: Page, user: TestUser, path: string) {
  const res = await page.request.get(path, { headers: authHeaders(user) });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

test.describe('one settings page per form', () => {
  test('settings from several sections are saved with one button; a refusal names the section and keeps what was typed', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const user = await registerAndLogin(page);
    const form = await createFormViaApi(page, user, {
      title: 'Volunteer sign-up',
      fields: [
        { label: 'Your name', type: 'text' },
        { label: 'Email', type: 'email', required: true },
      ],
    });
    await page.goto(`/forms/${form.id}/settings`);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    for (const name of SECTIONS) {
      await expect(page.getByRole('heading', { name, level: 2, exact: true })).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name, exact: true }),
      ).toBeVisible();
    }
    await expect(
      page.getByText('Settings take effect on the live form as soon as you save them.'),
    ).toBeVisible();
    await expect(bar(page)).toHaveText('No unsaved changes');
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    // Changes in four sections; the access code is forgotten.
    const slug = `volunteers-${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'Custom address' }).fill(slug);
    await page.getByRole('radio', { name: /Access code/ }).check();
    await page.getByLabel('Closes at').fill('2099-06-30T18:00');
    await page.getByRole('switch', { name: 'Spam check' }).click();
    await page.getByLabel('Send a confirmation mail').check();
    await page.getByLabel('Subject').fill('Thanks for signing up');
    await expect(bar(page)).toContainText('Unsaved changes: ');
    await expect(bar(page)).toContainText('General and access');
    await expect(bar(page)).toContainText('Confirmation mail');

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(bar(page)).toHaveText(/^Not saved: General and access\./);
    await expect(page.getByText('Type the access code respondents will need')).toBeVisible();
    await expect(page.getByLabel(/^Access code\*?$/)).toBeFocused();
    // What was typed is all still there; the sections that could be saved were.
    await expect(page.getByRole('textbox', { name: 'Custom address' })).toHaveValue(slug);
    const limits = await api(page, user, `/api/forms/${form.id}/limits`);
    expect(limits.spam_challenge).toBe(true);
    expect(limits.closes_at).toBe('2099-06-30T18:00');
    expect((await api(page, user, `/api/forms/${form.id}/confirmation`)).subject).toBe(
      'Thanks for signing up',
    );

    await page.getByLabel(/^Access code\*?$/).fill('helpers-2099');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(bar(page)).toHaveText('All changes saved');
    const stored = await api(page, user, `/api/forms/${form.id}`);
    expect(stored.sharing.slug).toBe(slug);
    expect(stored.sharing.access_restriction).toBe('password');
    expect(stored.sharing.has_access_code).toBe(true);
    // The code is never shown back; the box says one is set.
    await expect(page.getByLabel(/^Access code\*?$/)).toHaveValue('');
    await expect(page.getByText('An access code is set; type a new one to change it')).toBeVisible();

    // Discard puts back what was saved.
    await page.getByLabel('Close after this many responses').fill('50');
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByLabel('Close after this many responses')).toHaveValue('');
    await expect(bar(page)).toHaveText(/No unsaved changes|All changes saved/);
  });

  test('leaving with unsaved settings asks first; the form pages link to each other', async ({ page }) => {
    const user = await registerAndLogin(page);
    const form = await createFormViaApi(page, user, { title: 'Book club' });
    await page.goto(`/forms/${form.id}/settings`);
    const nav = page.getByRole('navigation', { name: 'Form pages' });
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    await page.getByLabel('Message when closed (optional)').fill('See you next season');
    await nav.getByRole('link', { name: 'Submissions' }).click();
    await expect(page.getByRole('dialog', { name: 'Leave with unsaved changes?' })).toBeVisible();
    await page.getByRole('button', { name: 'Stay and keep editing' }).click();
    await expect(page.getByLabel('Message when closed (optional)')).toHaveValue('See you next season');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(bar(page)).toHaveText('All changes saved');
    await nav.getByRole('link', { name: 'Submissions' }).click();
    await expect(page).toHaveURL(new RegExp(`/forms/${form.id}/submissions$`));
    await expect(page.getByRole('tab', { name: 'Settings' })).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Form pages' }).getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/forms/${form.id}/edit$`));
    // The editor has no settings of its own: they are all on the Settings page.
    await expect(page.getByRole('tab', { name: 'Settings' })).toHaveCount(0);
    await page
      .getByRole('navigation', { name: 'Form pages' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(page.getByLabel('Message when closed (optional)')).toHaveValue('See you next season');
  });

  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      test(`the settings page at ${width} px, ${scheme}: no sideways scroll, nothing for axe`, async ({
        page,
      }) => {
        test.setTimeout(150_000);
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: 900 });
        const user = await registerAndLogin(page);
        const form = await createFormViaApi(page, user, {
          title: 'Neighbourhood survey',
          fields: [{ label: 'Email', type: 'email' }],
        });
        await page.goto(`/forms/${form.id}/settings`);
        await expect(page.getByRole('heading', { name: 'Versions', level: 2 })).toBeVisible();
        await page.getByRole('textbox', { name: 'Custom address' }).fill('neighbours');
        await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
        await page.screenshot({ path: `.tmp/shots/form-settings-${scheme}-${width}.png`, fullPage: true });
        await expectNoAxeViolations(page);
      });
    }
  }
});
