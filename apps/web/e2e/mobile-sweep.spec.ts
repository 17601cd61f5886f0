import { expect, type Page, test } from '@playwright/test';
import { authHeaders, registerAndLogin } from './support/login.ts';
import { createFormViaApi, publishViaApi, submitViaApi } from './support/seed-forms.ts';

// Phones from 360 to 414 px: with a mobile viewport Chromium widens innerWidth to fit overflowing content, so the
// page is measured against the screen's width instead.

const LONG_TITLE =
  'Annual customer satisfaction survey for the northern region offices and all partners 2026';
const LONG_TEXT =
  'We moved offices twice this year and the new reception desk is great, but parking remains a problem for visitors arriving after nine. See https://example.com/feedback/northern-region/offices/parking-and-reception-desk-improvements-2026';

/** Elements a person uses or reads that stick out of the screen (outside scrolling containers). */
async function overflowOf(page: Page): Promise<{ scrollWidth: number; screen: number; cutOff: string[] }> {
  return page.evaluate(() => {
    const screenWidth = window.screen.width;
    const scrollsInside = (el: Element): boolean => {
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const { overflowX } = getComputedStyle(node);
        if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden') return true;
      }
      return false;
    };
    const cutOff: string[] = [];
    for (const el of document.querySelectorAll('a, button, input, select, textarea, h1, h2, h3, p, td, th')) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || scrollsInside(el)) continue;
      if (rect.right > screenWidth + 1 || rect.left < -1)
        cutOff.push(
          `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" ${Math.round(rect.left)}..${Math.round(rect.right)}`,
        );
    }
    return { scrollWidth: document.documentElement.scrollWidth, screen: screenWidth, cutOff };
  });
}

/** Visits each path; every page's problems are listed together, so one run shows them all. */
async function expectAllFit(page: Page, paths: string[]) {
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const { scrollWidth, screen, cutOff } = await overflowOf(page);
    if (scrollWidth > screen) problems.push(`${path} is ${scrollWidth} px wide on a ${screen} px screen`);
    for (const item of cutOff) problems.push(`${path}: ${item}`);
  }
  expect(problems).toEqual([]);
}

const PUBLIC_ROUTES = [
  '/',
  '/privacy',
  '/terms',
  '/help',
  '/demo',
  '/login',
  '/register',
  '/register-success',
  '/magic-link',
  '/magic-link-sent',
  '/verify-email',
  '/forgot-password',
];

for (const width of [360, 375, 414]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 }, isMobile: true, hasTouch: true });

    test('public pages fit the phone', async ({ page }) => {
      test.setTimeout(120_000);
      await expectAllFit(page, PUBLIC_ROUTES);
    });

    test('every owner page and the public form fit the phone, with long content', async ({ page }) => {
      test.setTimeout(180_000);
      const user = await registerAndLogin(page);
      const fields = [
        {
          label: 'How did you hear about us, and what made you decide to get in touch today?',
          type: 'textarea',
        },
        {
          label: 'Which of our offices did you visit most often this year?',
          type: 'select',
          options: ['Northern region headquarters', 'Harbour street branch'],
        },
        { label: 'Email address', type: 'email' },
      ];
      const form = await createFormViaApi(page, user, { title: LONG_TITLE, description: LONG_TEXT, fields });
      await publishViaApi(page, user, form.id);
      const stored = await page.request.get(`/api/forms/${form.id}`, { headers: authHeaders(user) });
      const ids = ((await stored.json()) as { fields: { id: string }[] }).fields.map((f) => f.id);
      for (let i = 0; i < 3; i += 1)
        await submitViaApi(page, form.id, {
          [ids[0]!]: LONG_TEXT,
          [ids[1]!]: 'northern region headquarters',
          [ids[2]!]: `averyveryverylongemailaddress${i}@subdomain.example-company.com`,
        });

      await expectAllFit(page, [
        '/dashboard',
        '/dashboard/forms',
        '/dashboard/submissions',
        '/dashboard/analytics',
        '/dashboard/settings',
        '/dashboard/profile',
        '/dashboard/search?q=parking',
        '/dashboard/notifications',
        '/dashboard/billing',
        '/password-reset',
        '/forms/new',
        '/templates',
        '/templates?preview=pet-adoption',
        `/forms/${form.id}/edit`,
        `/forms/${form.id}/submissions`,
        `/forms/${form.id}/publish`,
        `/form/${form.id}`,
        `/form/${form.id}/embed`,
      ]);
    });
  });
}

test.describe('the editor at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('every tab of the editor fits the phone, Settings and its version history included', async ({
    page,
  }) => {
    const user = await registerAndLogin(page);
    const fields = [
      { label: 'How likely are you to recommend our northern region offices to a friend?', type: 'nps' },
      {
        label: 'Which of our offices did you visit most often this year?',
        type: 'radio',
        options: ['North', 'Harbour street branch'],
      },
    ];
    const form = await createFormViaApi(page, user, { title: LONG_TITLE, description: LONG_TEXT, fields });
    await publishViaApi(page, user, form.id);
    await page.goto(`/forms/${form.id}/edit`);
    await page.getByRole('button', { name: `Select ${fields[1]!.label}` }).click();
    const problems: string[] = [];
    for (const tab of ['Fields', 'Add', 'Properties', 'Logic', 'Languages', 'Design', 'Preview']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      const { scrollWidth, screen, cutOff } = await overflowOf(page);
      if (scrollWidth > screen) problems.push(`${tab} is ${scrollWidth} px wide on a ${screen} px screen`);
      for (const item of cutOff) problems.push(`${tab}: ${item}`);
      // The tabs themselves are all in sight, none scrolled away inside their strip.
      const strip = await page
        .getByRole('tablist', { name: 'Editor sections' })
        .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      if (strip.scroll > strip.client)
        problems.push(`${tab}: the tabs need ${strip.scroll} px of ${strip.client}`);
      await page.screenshot({
        path: `/tmp/shots-builder21/editor-375-${tab.toLowerCase()}.png`,
        fullPage: true,
      });
    }
    expect(problems).toEqual([]);
  });
});
