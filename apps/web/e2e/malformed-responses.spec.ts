import { expect, type Page, type Route, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { registerAndLogin } from './support/login.ts';
import { createFormViaApi } from './support/seed-forms.ts';

// The web parses every answer with core's schema: an answer of the wrong shape (here, as a server
// that renamed a field would send it) must end in a message on the page, not in a broken screen.

const CANNOT_READ = /The server sent an answer this page cannot read/;

/** Answers the matching call with a body of the wrong shape, and counts how often it was asked. */
async function answerMalformed(page: Page, url: RegExp, body: unknown): Promise<{ calls: number }> {
  const seen = { calls: 0 };
  await page.route(url, (route: Route) => {
    seen.calls += 1;
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  });
  return seen;
}

async function expectNoCrash(page: Page) {
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
}

test('a submissions list with a renamed field shows an error instead of breaking the page', async ({
  page,
}) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, { title: 'Renamed fields survey' });
  // `items` renamed to `rows`: what an older or newer server would send.
  const list = await answerMalformed(page, /\/api\/form-submissions\/forms\/\d+\/submissions(\?|$)/, {
    rows: [],
    total: 0,
    page: 1,
    limit: 10,
  });

  await page.goto(`/forms/${form.id}/submissions`);
  await expect(page.getByText('Failed to load form submissions')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Renamed fields survey' })).toBeVisible();
  await expectNoCrash(page);
  expect(list.calls).toBeGreaterThan(0);
  await expectNoAxeViolations(page);
});

test('an analytics report of the wrong shape names the problem', async ({ page }) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, { title: 'Shape check' });
  await answerMalformed(page, /\/api\/analytics\/forms\/\d+(\?|$)/, {
    formId: form.id,
    total_submissions: 'three',
  });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/dashboard/analytics?formId=${form.id}`);
  await expect(page.getByRole('alert')).toContainText(CANNOT_READ);
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expectNoCrash(page);
  // The message wraps on a phone: no sideways scroll.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '/tmp/shots-contract-web/analytics-malformed-375.png', fullPage: true });
});

test('settings of the wrong shape show the load error, and the other tabs keep working', async ({ page }) => {
  await registerAndLogin(page);
  await answerMalformed(page, /\/api\/account\/notifications$/, { form_submissions: 'yes' });

  await page.goto('/dashboard/settings?tab=notifications');
  await expect(page.getByText('Failed to load user data')).toBeVisible();
  await expect(page.getByLabel('Weekly digest')).toHaveCount(0);
  await expectNoCrash(page);

  await page.getByRole('tab', { name: /Account/ }).click();
  await expect(page.getByLabel('Name')).toHaveValue('Olivia Owner');
});
