import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { registerAndLogin } from './support/login.ts';

const SIDEBAR_LINKS = [
  ['Dashboard', '/dashboard'],
  ['Forms', '/dashboard/forms'],
  ['Analytics', '/dashboard/analytics'],
  ['Submissions', '/dashboard/submissions'],
  ['Trash', '/dashboard/trash'],
  ['Members', '/dashboard/workspace'],
  ['Settings', '/dashboard/settings'],
  ['Create Form', '/forms/new'],
  ['Templates', '/templates'],
  ['AI Form Builder', '/forms/ai-builder'],
] as const;

/** The top bar's path-dependent title. */
function topBarTitle(page: Page, title: string) {
  // The title is the bar's one paragraph ('Search' is also the search box's name).
  return page.getByRole('banner').locator('p').getByText(title, { exact: true });
}

test('the dashboard shell has the sidebar links, top-bar actions and a title that follows the path', async ({
  page,
}) => {
  await registerAndLogin(page);
  await page.goto('/dashboard');
  await expect(topBarTitle(page, 'Dashboard')).toBeVisible();

  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  const links = sidebar.getByRole('link');
  await expect(links).toHaveText(SIDEBAR_LINKS.map(([label]) => label));
  const hrefs = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(SIDEBAR_LINKS.map(([, href]) => href));
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('complementary').getByRole('link', { name: 'Formsmith' })).toHaveAttribute(
    'href',
    '/',
  );

  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'New Form' })).toHaveAttribute('href', '/forms/new');
  await expect(banner.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
  await expect(banner.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
    'href',
    '/dashboard/notifications',
  );

  const titles: Array<[string, string]> = [
    ['/dashboard/forms', 'Forms'],
    ['/dashboard/analytics', 'Analytics'],
    ['/dashboard/settings', 'Settings'],
    ['/dashboard/profile', 'Profile'],
    ['/dashboard/submissions', 'Form Submissions'],
    ['/forms/new', 'Forms'],
    ['/templates', 'Templates'],
    ['/dashboard/search?q=lunch', 'Search'],
    ['/dashboard/notifications', 'Notifications'],
    ['/dashboard/workspace', 'Members'],
  ];
  for (const [path, title] of titles) {
    await page.goto(path);
    await expect(topBarTitle(page, title)).toBeVisible();
  }
  await page.goto('/dashboard/analytics');
  await expect(sidebar.getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
});

test('the top-bar search goes to the search page with the query', async ({ page }) => {
  await registerAndLogin(page);
  await page.goto('/dashboard');
  const search = page.getByRole('search').getByRole('searchbox', { name: 'Search' });
  await search.fill('team offsite');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/search\?q=team%20offsite$/);
  await expect(page.getByRole('search').getByRole('searchbox', { name: 'Search', exact: true })).toHaveValue(
    'team offsite',
  );
});

test('the user menu shows the name and email, leads to billing, and signs out', async ({ page }) => {
  const user = await registerAndLogin(page, { name: 'Menu Tester' });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /User menu/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Menu Tester')).toBeVisible();
  await expect(menu.getByText(user.email)).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText(['Settings', 'Profile', 'Billing', 'Sign out']);

  await menu.getByRole('menuitem', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(
    page.getByText(/offered at no cost during the beta period. There are no billing features/),
  ).toBeVisible();

  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  const current = await page.request.get('/api/auth/current', {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(current.status()).toBe(401);
});

test('on a phone the sidebar is a drawer opened from the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerAndLogin(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect(drawer.getByRole('link')).toHaveText(['Formsmith', ...SIDEBAR_LINKS.map(([label]) => label)]);
  await drawer.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/dashboard\/analytics$/);
  await expect(drawer).toBeHidden();
  await expect(topBarTitle(page, 'Analytics')).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeHidden();
});

test('the dashboard shell starts with a skip link and remembers the dark-mode toggle', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await registerAndLogin(page);
  await page.goto('/dashboard');
  await expect(topBarTitle(page, 'Dashboard')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await skip.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  await page.getByRole('banner').getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

for (const dark of [false, true]) {
  test(`the shell and billing page have no accessibility violations in ${dark ? 'dark' : 'light'} mode at 1280 and 390 px`, async ({
    page,
  }) => {
    // Four axe scans of the shell: close to a minute on a loaded two-core machine.
    test.setTimeout(120_000);
    await page.addInitScript((value) => localStorage.setItem('darkMode', value), String(dark));
    await registerAndLogin(page);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard/billing');
      await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: /User menu/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
    }
  });
}
