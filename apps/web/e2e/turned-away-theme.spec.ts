import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { authHeaders, registerAndLogin } from './support/login.ts';
import { createFormViaApi, publishViaApi } from './support/seed-forms.ts';

// The access-code gate and a closed form's page, drawn by the server in the form's theme (the
// built-in "Clear" theme: black on white, a self-hosted font) with its logo.
test('the gate and the expired page wear the form’s theme, light and dark, at 1280 and 375 px', async ({
  page,
}) => {
  // Eight pages, each checked by axe.
  test.setTimeout(300_000);
  const owner = await registerAndLogin(page);
  const themed = async (title: string, settings: Record<string, unknown>) => {
    const form = await createFormViaApi(page, owner, { title });
    const res = await page.request.put(`/api/forms/${form.id}`, {
      headers: authHeaders(owner),
      data: {
        logo_url: `${E2E_BASE_URL}/favicon.svg`,
        theme_config: { themeRef: 'builtin:clear' },
        ...settings,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    await publishViaApi(page, owner, form.id);
    return form.id;
  };
  const gated = await themed('Members only', { access_restriction: 'password', access_code: 'tulip-42' });
  // A date in the past is refused on save: this one passes while the gate is looked at (the loop
  // waits for it if the gate's pages were quicker).
  const expiresAt = Date.now() + 5000;
  const expired = await themed('Last year’s survey', { expiration_date: new Date(expiresAt).toISOString() });
  await page.context().clearCookies();

  for (const [name, id, heading] of [
    ['gate', gated, 'Members only'],
    ['expired', expired, 'This form has expired'],
  ] as const) {
    if (name === 'expired') await page.waitForTimeout(Math.max(0, expiresAt + 500 - Date.now()));
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [1280, 375]) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/form/${id}`);
        await expect(page.getByRole('heading', { name: heading })).toBeVisible();
        await expect(page.locator('main.fs-theme')).toBeVisible();
        await expect(page.locator('main img')).toHaveAttribute('src', `${E2E_BASE_URL}/favicon.svg`);
        // The theme's font, served by the instance, is the page's, and its file has come.
        expect(await page.locator('main h1').evaluate((el) => getComputedStyle(el).fontFamily)).toContain(
          'Atkinson',
        );
        const loaded = await page.evaluate(async () => {
          await document.fonts.ready;
          return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family);
        });
        // The bundled face itself, not only its metric-matched local fallback, from the rules the
        // server's page carries inline (the app adds no stylesheet for them).
        expect(loaded.some((family) => family.includes('Atkinson') && !family.endsWith(' Fallback'))).toBe(
          true,
        );
        await expect(page.locator('head style[data-fs-font="/fonts/atkinson.css"]')).toHaveCount(1);
        await expect(page.locator('link[href="/fonts/atkinson.css"]')).toHaveCount(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `/tmp/turned-away-${name}-${scheme}-${width}.png`, fullPage: true });
      }
    }
  }
});
