import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_SUPPORT_URL } from './support/env.ts';

const WIDTHS = [1280, 390] as const;

/** Opens `path` with the given theme remembered, as a returning visitor would. */
async function openWithTheme(page: Page, path: string, dark: boolean) {
  await page.addInitScript((value) => localStorage.setItem('darkMode', value), String(dark));
  await page.goto(path);
  await expect(page.locator('html')).toHaveClass(dark ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

test("the landing page shows the three one-time support tiers, leading to the operator's SUPPORT_URL", async ({
  page,
}) => {
  await page.goto('/');
  const tiers = page.getByRole('region', { name: 'Free to use. Supported by you.' });
  await expect(tiers.getByRole('heading', { level: 3 })).toHaveText(['Supporter', 'Backer', 'Lifetime']);

  const oneYear = tiers.getByRole('listitem', { name: 'Supporter' });
  await expect(oneYear).toContainText('$5');
  await expect(oneYear).toContainText('1-year subscription guarantee');
  const threeYears = tiers.getByRole('listitem', { name: 'Backer' });
  await expect(threeYears).toContainText('$20');
  await expect(threeYears.getByText('Recommended')).toBeVisible();
  const lifetime = tiers.getByRole('listitem', { name: 'Lifetime' });
  await expect(lifetime).toContainText('$100');
  await expect(tiers.getByText('Recommended')).toHaveCount(1);
  await expect(tiers.getByText('one-time', { exact: true })).toHaveCount(3);

  for (const [price, tier] of [
    [5, 'one-year'],
    [20, 'three-years'],
    [100, 'lifetime'],
  ] as const) {
    const link = tiers.getByRole('link', { name: new RegExp(`Contribute \\$${price}\\b`) });
    await expect(link).toHaveAttribute('href', `${E2E_SUPPORT_URL}?tier=${tier}`);
    await expect(link).toHaveAttribute('target', '_blank');
  }
  await expect(page.getByText('What do the support contributions get me?')).toBeVisible();
});

test('the landing page has the hero, features, real screenshots, four steps with the live demo, counted facts and a call to action', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start building for free' })).toHaveAttribute(
    'href',
    '/register',
  );
  await expect(page.getByRole('link', { name: 'Try the live demo' })).toHaveAttribute('href', '/demo');

  const features = page.getByRole('region', { name: 'Everything you need to collect answers' });
  for (const feature of ['AI form generation', 'Privacy by design', 'End-to-end encryption', 'Self-hosted'])
    await expect(features.getByRole('heading', { name: feature })).toBeVisible();

  // Screenshots of the app, loaded; no invented figures or customers.
  for (const name of [/^The form editor/, /as a respondent sees it on a phone/, /^A form's analytics/]) {
    const shot = page.getByRole('img', { name }).first();
    await shot.scrollIntoViewIfNeeded();
    await expect(shot).toBeVisible();
    await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(page.getByText('Submissions this week')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Made for people who collect answers' })).toHaveCount(0);

  const steps = page.getByRole('region', { name: 'From idea to live form in four steps' });
  await expect(steps.getByRole('heading', { level: 3 })).toHaveText([
    'Describe',
    'Generate',
    'Secure',
    'Deploy',
    'See it in action',
  ]);
  await expect(steps.getByRole('link', { name: 'Open the live demo' })).toHaveAttribute('href', '/demo');
  await expect(steps.getByText(/coming soon/i)).toHaveCount(0);

  const facts = page.getByRole('region', { name: 'Counted, not claimed' });
  await expect(facts.getByRole('definition')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Create your free account' })).toHaveAttribute(
    'href',
    '/register',
  );
});

test('the live demo the landing page leads to is a working form', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('region', { name: 'From idea to live form in four steps' })
    .getByRole('link', { name: 'Open the live demo' })
    .click();
  await expect(page).toHaveURL(/\/demo$/);
  const demo = page.frameLocator('iframe[title^="Formsmith demo form"]');
  await expect(demo.getByRole('heading', { name: 'Product feedback' })).toBeVisible();
  await expect(demo.getByLabel('Your name')).toBeVisible();
});

test('the landing FAQ opens an answer when its question is clicked', async ({ page }) => {
  await page.goto('/');
  const faq = page.getByRole('region', { name: 'Frequently asked questions' });
  const answer = faq.getByText('during the beta period there are no billing features at all');
  await expect(answer).toBeHidden();
  await faq.getByText('Is Formsmith really free?').click();
  await expect(answer).toBeVisible();
  await faq.getByText('Is Formsmith really free?').press('Enter');
  await expect(answer).toBeHidden();
});

test('the public header and footer carry their links', async ({ page }) => {
  await page.goto('/privacy');
  const header = page.getByRole('navigation', { name: 'Main' });
  await expect(header.getByRole('link', { name: 'Formsmith' })).toHaveAttribute('href', '/');
  await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await expect(header.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
  await expect(header.getByRole('button', { name: 'Dark mode' })).toBeVisible();

  const footer = page.getByRole('navigation', { name: 'Footer' }).getByRole('link');
  await expect(footer).toHaveText([
    'Home',
    'Sign In',
    'Get Started',
    'Dashboard',
    'Create Form',
    'AI Form Builder',
    'Privacy Policy',
    'Terms of Service',
  ]);
  const hrefs = await footer.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual([
    '/',
    '/login',
    '/register',
    '/dashboard',
    '/forms/new',
    '/forms/ai-builder',
    '/privacy',
    '/terms',
  ]);
});

test('dark mode follows the system until the toggle is used, and the choice survives a reload', async ({
  page,
}) => {
  const html = page.locator('html');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(html).toHaveClass(/\bdark\b/);

  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
  const toggle = page.getByRole('button', { name: 'Dark mode' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');

  await toggle.click();
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Dark mode' }).click();
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('false');
});

test('an unknown path lands on the landing page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the privacy policy is dated May 5, 2025 and states no tracking and the user rights', async ({
  page,
}) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('Last updated: May 5, 2025')).toBeVisible();
  const main = page.getByRole('main');
  for (const statement of [
    'We use no third-party analytics.',
    'We use no tracking cookies.',
    'We never sell your data',
  ])
    await expect(main.getByText(statement)).toBeVisible();
  const rights = main.getByRole('region', { name: 'Your rights' });
  for (const right of ['Access', 'Correction', 'Deletion', 'Export', 'Withdrawal of consent'])
    await expect(rights.getByText(right, { exact: true })).toBeVisible();
});

test('the terms of service are dated May 5, 2025, have 13 numbered sections, exclude children under 13 and promise 30 days notice', async ({
  page,
}) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByText('Last updated: May 5, 2025')).toBeVisible();
  const sections = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(sections).toHaveCount(13);
  const titles = await sections.allTextContents();
  expect(titles.map((t) => Number.parseInt(t, 10))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  await expect(page.getByText(/not directed at children under 13/)).toBeVisible();
  await expect(page.getByText(/at least 30 days’ notice of material changes/)).toBeVisible();
});

test('the help page explains building, sharing and reviewing, with a FAQ', async ({ page }) => {
  await page.goto('/help');
  for (const topic of ['Build a form', 'Share a form', 'Review submissions'])
    await expect(page.getByRole('heading', { level: 2, name: topic })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Help topics' })
    .getByRole('link', { name: 'Share a form' })
    .click();
  await expect(page).toHaveURL(/#share$/);
});

for (const path of ['/', '/privacy', '/terms', '/help']) {
  for (const dark of [false, true]) {
    test(`${path} has no accessibility violations in ${dark ? 'dark' : 'light'} mode at 1280 and 390 px`, async ({
      page,
    }) => {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await openWithTheme(page, path, dark);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBe(
          width,
        );
        await expectNoAxeViolations(page);
      }
    });
  }
}
