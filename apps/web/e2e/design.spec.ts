import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFormPage, untilLive } from './support/fill-page.ts';
import { authHeaders, registerAndLogin } from './support/login.ts';
import { createFormViaApi, publishViaApi } from './support/seed-forms.ts';

// Screenshots to look at, kept in the worktree's scratch folder (not committed).
const SHOTS = path.resolve(import.meta.dirname, '../../../.tmp/shots');
mkdirSync(SHOTS, { recursive: true });

const FIELDS = [
  { label: 'Your name', type: 'text', required: true },
  { label: 'Email', type: 'email' },
  { label: 'How did you hear about us?', type: 'radio', options: ['A friend', 'Online', 'Other'] },
];

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};
const background = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('an owner picks a theme, changes its accent, fixes a failing colour, and the published page follows', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, {
    title: 'Community survey',
    description: 'Tell us how we are doing.',
    fields: FIELDS,
  });
  await page.goto(`/forms/${form.id}/edit`);
  await page.getByRole('tab', { name: 'Design' }).click();

  // A built-in theme: the preview is the page drawn with it.
  await page.getByRole('button', { name: 'Ocean' }).click();
  await expect(page.getByRole('button', { name: 'Ocean' })).toHaveAttribute('aria-pressed', 'true');
  const preview = page.getByTestId('design-preview');
  await expect.poll(() => background(preview.locator('.fs-theme'))).toBe(rgb('#e3f0f7'));
  const previewButton = preview.getByTestId('preview-submit');
  await expect.poll(() => background(previewButton)).toBe(rgb('#0369a1'));

  // A new accent: the preview follows at once.
  const accent = page.getByLabel('Accent and buttons (hex)');
  await accent.fill('#7e22ce');
  await expect.poll(() => background(previewButton)).toBe(rgb('#7e22ce'));

  // A pale accent fails: the ratio is shown with the fix, and the form keeps the last good theme.
  await accent.fill('#7dd3fc');
  const contrast = page.getByTestId('contrast-list');
  await expect(contrast).toContainText(/accent \(buttons, focus ring\) on card: 1\.\d\d:1, needs 3:1/);
  await expect(contrast).toContainText(/button label on accent: 1\.\d\d:1, needs 4\.5:1/);
  await expect(page.getByText('These colours are not on the form yet')).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'design-tab-failing-1366.png'), fullPage: true });
  for (let i = 0; i < 3 && (await contrast.getByRole('button', { name: /^Use #/ }).count()) > 0; i++)
    await contrast
      .getByRole('button', { name: /^Use #/ })
      .first()
      .click();
  await expect(contrast.getByRole('button', { name: /^Use #/ })).toHaveCount(0);
  await expect(page.getByText('These colours are not on the form yet')).toHaveCount(0);
  const fixed = await accent.inputValue();
  expect(fixed).toMatch(/^#[0-9a-f]{6}$/);
  expect(fixed).not.toBe('#7dd3fc');
  await expect.poll(() => background(previewButton)).toBe(rgb(fixed));

  // The draft saves; once published, the public page (and its HTML before any script) follows.
  await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 15_000 });
  await publishViaApi(page, user, form.id);
  const html = await (await page.request.get(`/form/${form.id}`)).text();
  expect(html).toContain(`--fs-accent:${fixed}`);
  expect(html).toMatch(/class="[^"]*\bfs-theme\b/);

  const respondentContext = await browser.newContext();
  const respondent = await respondentContext.newPage();
  await openFormPage(respondent, `/form/${form.id}`);
  const submit = respondent.locator('.fs-primary');
  await expect.poll(() => background(submit)).toBe(rgb(fixed));
  await expect.poll(() => background(respondent.locator('.fs-theme'))).toBe(rgb('#e3f0f7'));
  await expectNoAxeViolations(respondent);
  await respondent.emulateMedia({ colorScheme: 'dark' });
  await respondent.reload();
  await untilLive(respondent);
  await expectNoAxeViolations(respondent);
  await respondentContext.close();

  // The Design tab: axe-clean light and dark, and usable at 375 px without sideways scroll.
  await expectNoAxeViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'design-tab-light-1366.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await page.getByRole('tab', { name: 'Design' }).click();
  await expect(page.getByTestId('design-preview')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'design-tab-dark-1366.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('design-preview')).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'design-tab-dark-375.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await page.getByRole('tab', { name: 'Design' }).click();
  expect(await noSidewaysScroll(page)).toBe(true);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'design-tab-light-375.png'), fullPage: true });
});

test('built-in themes draw the public page, light and dark, at 375 px, with the form’s footer', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const user = await registerAndLogin(page);
  for (const id of ['ocean', 'paper', 'terminal', 'sunset', 'midnight', 'clear']) {
    const form = await createFormViaApi(page, user, {
      title: `Volunteer sign-up (${id})`,
      description: 'Join us for the spring clean-up.',
      fields: FIELDS,
    });
    const res = await page.request.put(`/api/forms/${form.id}`, {
      headers: authHeaders(user),
      data: {
        theme_config: {
          themeRef: `builtin:${id}`,
          showPoweredBy: false,
          footerText: 'Riverside Community Trust',
          privacyUrl: 'https://example.org/privacy',
        },
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    await publishViaApi(page, user, form.id);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 1366, height: 900 });
      await openFormPage(page, `/form/${form.id}`);
      await expect(page.getByText('Riverside Community Trust')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
        'href',
        'https://example.org/privacy',
      );
      await expect(page.getByText('Powered by')).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: path.join(SHOTS, `public-${id}-${scheme}-1366.png`), fullPage: true });
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await noSidewaysScroll(page)).toBe(true);
      // Focus stays visible: the ring is the theme's accent, drawn around the focused answer.
      await page.getByLabel(/Your name/).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Shift+Tab');
      const outline = await page
        .getByLabel(/Your name/)
        .evaluate((el) => getComputedStyle(el).boxShadow + getComputedStyle(el).outlineStyle);
      expect(outline).not.toBe('nonenone');
      await page.screenshot({ path: path.join(SHOTS, `public-${id}-${scheme}-375.png`), fullPage: true });
    }
  }
});

test('custom CSS styles the preview and the published page, with and without JavaScript, never the saving notice', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, { title: 'Styled survey', fields: FIELDS });
  const partials = await page.request.put(`/api/forms/${form.id}/partials`, {
    headers: authHeaders(user),
    data: { save_partials: true, partial_retention_days: 30 },
  });
  expect(partials.ok()).toBe(true);
  await page.goto(`/forms/${form.id}/edit`);
  await page.getByRole('tab', { name: 'Design' }).click();
  await page.getByRole('button', { name: 'Ocean' }).click();

  // A line the page would not draw is named, and the preview draws none of the CSS meanwhile.
  const css = page.getByLabel("CSS for this form's page");
  await css.fill('@import url("https://evil.example/x.css");\n.fs-card { border-color: #b91c1c; }');
  const problems = page.getByRole('alert').filter({ hasText: 'The page draws none of this CSS' });
  await expect(problems).toContainText('Line 1: @import is not allowed in custom CSS.');
  const preview = page.getByTestId('design-preview');
  const borderOf = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).borderTopColor);
  await expect.poll(() => borderOf(preview.locator('.fs-card'))).not.toBe(rgb('#b91c1c'));

  // Fixed: the preview draws it, scoped to the page (the editor around it keeps its look).
  const rule =
    'body { background: #fffdf5; }\n.fs-card { border-color: #b91c1c; }\np { letter-spacing: 2px; }';
  await css.fill(rule);
  await expect(problems).toHaveCount(0);
  await expect.poll(() => borderOf(preview.locator('.fs-card'))).toBe(rgb('#b91c1c'));
  await expect.poll(() => background(preview.locator('.fs-theme'))).toBe(rgb('#fffdf5'));
  expect(await background(page.locator('body'))).not.toBe(rgb('#fffdf5'));
  await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 15_000 });
  // The link preview: what a shared link unfurls to.
  await page.getByLabel('Preview title').fill('Tell us, win a mug');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: path.join(SHOTS, 'design-custom-css-1366.png'), fullPage: true });
  await publishViaApi(page, user, form.id);
  const html = await (await page.request.get(`/form/${form.id}`)).text();
  expect(html).toContain('<meta property="og:title" content="Tell us, win a mug" />');

  // The published page draws it; the notice that answers are saved keeps the theme's own look.
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const respondent = await context.newPage();
    if (javaScriptEnabled) await openFormPage(respondent, `/form/${form.id}`);
    else await respondent.goto(`/form/${form.id}`);
    await expect.poll(() => borderOf(respondent.locator('.fs-card'))).toBe(rgb('#b91c1c'));
    await expect.poll(() => background(respondent.locator('.fs-theme'))).toBe(rgb('#fffdf5'));
    const spacing = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).letterSpacing);
    await expect.poll(() => spacing(respondent.locator('footer p').last())).toBe('2px');
    const notice = respondent.getByText('Your answers are saved as you go.');
    await expect(notice).toBeVisible();
    expect(await spacing(notice)).not.toBe('2px');
    // axe judges the page once, with scripts: without them it is the same server-rendered HTML.
    if (javaScriptEnabled) await expectNoAxeViolations(respondent);
    await context.close();
  }
});
