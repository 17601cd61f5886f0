import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';
import { waitForMailLink } from './support/mail.ts';
import { createFormViaApi, publishViaApi } from './support/seed-forms.ts';

const SHOTS = process.env.SETTINGS_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** axe on the demo page itself; the embedded form page is checked by the respondents' journeys. */
async function expectDemoPageAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
}

async function submitAnswers(page: Page, formId: number, data: Record<string, unknown>) {
  const res = await page.request.post(`/api/form-submissions/forms/${formId}/submit`, {
    data: { data: { ...data, _formLoadTime: Date.now() - 10_000 }, metadata: {} },
    headers: { 'idempotency-key': `${formId}-${Math.random()}` },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function formWithAnswers(page: Page, user: TestUser, title: string, answers: string[]) {
  const form = await createFormViaApi(page, user, {
    title,
    description: `All about ${title.toLowerCase()}`,
    fields: [{ label: 'Your name', type: 'text' }],
  });
  await publishViaApi(page, user, form.id);
  for (const answer of answers) await submitAnswers(page, form.id, { seed_0: answer });
  return form.id;
}

test('the profile page shows name, email, role and joined date, and links to Reset Password', async ({
  page,
}) => {
  const user = await registerAndLogin(page, { name: 'Pat Profile' });
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  const details = page.getByRole('definition');
  await expect(details).toHaveText(['Pat Profile', user.email, 'User', /\w+ \d{1,2}, \d{4}/]);
  await page.getByRole('link', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
  await expect(
    page.getByText('Not needed if you signed in with a magic link in the last 10 minutes'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('after a magic-link sign-in, /password-reset sets a new password without the current one', async ({
  page,
  browser,
}) => {
  const user = await registerAndLogin(page);
  // A context of its own: registerAndLogin's init script would put the password session back.
  const context = await browser.newContext();
  const linked = await context.newPage();
  const sent = await linked.request.post('/api/auth/forgot-password', { data: { email: user.email } });
  expect(sent.ok()).toBe(true);
  const link = await waitForMailLink(user.email, `${E2E_BASE_URL}/magic-link/`);
  await linked.goto(link.replace(E2E_BASE_URL, ''));
  await linked.getByRole('button', { name: `Sign in as ${user.email}` }).click();
  // The reset mail's link lands on /password-reset.
  await expect(linked).toHaveURL(/\/password-reset$/);

  const submit = linked.getByRole('button', { name: 'Set New Password' });
  await expect(submit).toBeDisabled();
  await linked.getByLabel('New password', { exact: true }).fill('reset-by-link-123');
  await linked.getByLabel('Confirm new password').fill('reset-by-link-123');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(linked.getByText('Password updated successfully!')).toBeVisible();
  // Still signed in.
  await linked.goto('/dashboard/profile');
  await expect(linked.getByText(user.email)).toBeVisible();
  const login = await linked.request.post('/api/auth/login', {
    data: { email: user.email, password: 'reset-by-link-123' },
  });
  expect(login.status()).toBe(200);
  await context.close();
});

test('search finds forms and submissions and links to them', async ({ page }) => {
  const user = await registerAndLogin(page);
  const formId = await formWithAnswers(page, user, 'Kiwi Survey', ['Loves kiwifruit a lot', 'Hates bananas']);
  await formWithAnswers(page, user, 'Unrelated', []);
  await page.goto('/dashboard/search?q=kiwi');
  await expect(page.getByRole('searchbox', { name: 'Search forms and submissions' })).toHaveValue('kiwi');
  const formLink = page.getByRole('link', { name: 'Kiwi Survey' }).first();
  await expect(page.getByRole('heading', { name: /Forms \(1\)/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Submissions \(1\)/ })).toBeVisible();
  await expect(page.getByText('Loves kiwifruit a lot')).toBeVisible();
  await expect(page.getByText('Hates bananas')).toHaveCount(0);
  await expect(formLink).toHaveAttribute('href', `/forms/${formId}/edit`);
  // A found submission opens itself.
  await expect(page.getByRole('link', { name: 'Kiwi Survey' }).nth(1)).toHaveAttribute(
    'href',
    new RegExp(`^/forms/${formId}/submissions\\?submission=[0-9a-f-]{36}$`),
  );
  await expectNoAxeViolations(page);
  await shot(page, 'search-1280');

  await page.getByRole('searchbox', { name: 'Search forms and submissions' }).fill('nothing-matches-this');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=nothing-matches-this/);
  await expect(page.getByText('No results')).toBeVisible();
});

test('notifications list recent submissions across forms, newest first', async ({ page }) => {
  const user = await registerAndLogin(page);
  await page.goto('/dashboard/notifications');
  await expect(page.getByText('No notifications yet')).toBeVisible();
  const first = await formWithAnswers(page, user, 'First form', ['a']);
  const second = await formWithAnswers(page, user, 'Second form', ['b']);
  await page.reload();
  const items = page.getByRole('main').getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('New submission to Second form');
  // Each opens its own submission, not only its form's list.
  await expect(items.nth(0).getByRole('link')).toHaveAttribute(
    'href',
    new RegExp(`^/forms/${second}/submissions\\?submission=[0-9a-f-]{36}$`),
  );
  await expect(items.nth(1).getByRole('link')).toHaveAttribute(
    'href',
    new RegExp(`^/forms/${first}/submissions\\?submission=[0-9a-f-]{36}$`),
  );
  await items.nth(1).getByRole('link').click();
  await expect(page.getByText('Submission ID')).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'notifications-1280');
  const res = await page.request.get('/api/account/notifications/recent', { headers: authHeaders(user) });
  expect((await res.json()).length).toBe(2);
});

test('the demo page embeds a live form that a visitor can fill in', async ({ page }) => {
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the form full page' })).toHaveAttribute(
    'href',
    '/form/demo',
  );
  const frame = page.frameLocator('iframe[title^="Formsmith demo form"]');
  await expect(frame.getByText('Product feedback')).toBeVisible({ timeout: 15_000 });
  await shot(page, 'demo-1280');
  await frame.getByLabel(/Your name/).fill('Visiting Vera');
  await frame.getByLabel('4', { exact: true }).check();
  await frame.getByLabel(/Comments/).fill('Nice demo');
  await page.waitForTimeout(3200);
  await frame.getByRole('button', { name: 'Send feedback' }).click();
  await expect(frame.getByText('Thank you for your feedback!')).toBeVisible();
  await expectDemoPageAccessible(page);
});

for (const dark of [false, true]) {
  for (const width of [1280, 390]) {
    test(`account pages are accessible (${dark ? 'dark' : 'light'}, ${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      if (dark) await page.emulateMedia({ colorScheme: 'dark' });
      await registerAndLogin(page);
      for (const path of [
        '/dashboard/profile',
        '/password-reset',
        '/dashboard/search?q=x',
        '/dashboard/notifications',
        '/demo',
      ]) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        if (path === '/demo') await expectDemoPageAccessible(page);
        else await expectNoAxeViolations(page);
        await shot(page, `${path.replace(/[/?=]/g, '_')}-${width}-${dark ? 'dark' : 'light'}`);
      }
    });
  }
}
