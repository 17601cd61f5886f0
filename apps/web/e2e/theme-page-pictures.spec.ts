import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { expectNoSidewaysScroll, openFormPage } from './support/fill-page.ts';
import { authHeaders, registerAndLogin } from './support/login.ts';
import { createFormViaApi, publishViaApi } from './support/seed-forms.ts';

// Screenshots to look at, kept in the worktree's scratch folder (not committed).
const SHOTS = path.resolve(import.meta.dirname, '../../../.tmp/shots');
mkdirSync(SHOTS, { recursive: true });

/** A round teal badge on a transparent ground, wider than tall, as an owner's mark often is. */
const iconPng = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">' +
        '<circle cx="300" cy="200" r="180" fill="#0f766e"/><circle cx="300" cy="200" r="80" fill="#f0fdfa"/></svg>',
    ),
  )
    .png()
    .toBuffer();

/** A wide photograph-like card: sea, a band of sand and a sun. */
const cardJpeg = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="1100">' +
        '<rect width="1800" height="1100" fill="#1d6f8a"/><rect y="760" width="1800" height="340" fill="#e9c46a"/>' +
        '<circle cx="1300" cy="300" r="150" fill="#fde68a"/></svg>',
    ),
  )
    .jpeg({ quality: 85 })
    .toBuffer();

const PICTURE_PATH = (formId: number) =>
  new RegExp(`^/api/form-submissions/forms/${formId}/pictures/[a-f0-9]{40}$`);

/** The page's <head> as the server sent it: what a link unfurler reads, without running scripts. */
const headOf = async (page: Page, url: string) => {
  const res = await page.request.get(url);
  expect(res.ok()).toBe(true);
  return (await res.text()).split('</head>')[0]!;
};

test('an owner uploads a tab icon and a link-preview image on the Design tab, and the public page names them in its head', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, {
    title: 'Harbour walks',
    description: 'Sign up for a guided walk this spring.',
    fields: [{ label: 'Your name', type: 'text', required: true }],
  });
  await page.goto(`/forms/${form.id}/edit`);
  await page.getByRole('tab', { name: 'Design' }).click();

  // Not a picture: refused in place, nothing stored.
  const iconInput = page.getByLabel('Tab icon', { exact: true });
  await iconInput.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an icon'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'This file is not a picture' })).toBeVisible();

  await iconInput.setInputFiles({ name: 'badge.png', mimeType: 'image/png', buffer: await iconPng() });
  const iconThumb = page.getByRole('img', { name: "The form's tab icon" });
  await expect(iconThumb).toBeVisible({ timeout: 15_000 });
  const icon = (await iconThumb.getAttribute('src'))!;
  expect(icon).toMatch(PICTURE_PATH(form.id));
  expect(await iconThumb.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
    180, 180,
  ]);
  // The address field is for an icon elsewhere; an uploaded one does not fill it.
  await expect(page.getByLabel('Tab icon URL')).toHaveValue('');

  await page
    .getByLabel('Preview image', { exact: true })
    .setInputFiles({ name: 'beach.jpg', mimeType: 'image/jpeg', buffer: await cardJpeg() });
  const cardThumb = page.getByRole('img', { name: "The form's preview image" });
  await expect(cardThumb).toBeVisible({ timeout: 15_000 });
  const card = (await cardThumb.getAttribute('src'))!;
  expect(card).toMatch(PICTURE_PATH(form.id));
  expect(await cardThumb.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
    1200, 630,
  ]);
  await expect(page.getByLabel('Preview image URL')).toHaveValue('');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 15_000 });

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByLabel('Tab icon URL').scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: path.join(SHOTS, `page-pictures-design-${scheme}-${width}.png`) });
    }
  }
  await publishViaApi(page, user, form.id);

  // What a link unfurler reads: the preview by its whole address on this instance, a JPEG.
  const head = await headOf(page, `/form/${form.id}`);
  expect(head).toContain(`<link rel="icon" href="${icon}" />`);
  expect(head).toContain(`<meta property="og:image" content="${E2E_BASE_URL}${card}" />`);
  expect(head).toContain(`<meta name="twitter:image" content="${E2E_BASE_URL}${card}" />`);
  const fetched = await page.request.get(`${E2E_BASE_URL}${card}`);
  expect(fetched.headers()['content-type']).toBe('image/jpeg');
  expect((await page.request.get(icon)).headers()['content-type']).toBe('image/png');

  const respondentContext = await browser.newContext();
  const respondent = await respondentContext.newPage();
  for (const scheme of ['light', 'dark'] as const) {
    await respondent.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 375]) {
      await respondent.setViewportSize({ width, height: 860 });
      await openFormPage(respondent, `/form/${form.id}`);
      // The tab shows the uploaded icon, and the page keeps one icon only.
      const icons = respondent.locator('link[rel="icon"]');
      await expect(icons).toHaveCount(1);
      await expect(icons).toHaveAttribute('href', icon);
      await expect(respondent.locator('meta[property="og:image"]')).toHaveAttribute(
        'content',
        `${E2E_BASE_URL}${card}`,
      );
      await expectNoSidewaysScroll(respondent);
      await expectNoAxeViolations(respondent);
      await respondent.screenshot({
        path: path.join(SHOTS, `page-pictures-page-${scheme}-${width}.png`),
        fullPage: true,
      });
    }
  }
  await respondentContext.close();

  // Removed on the Design tab: the upload inputs come back and the page keeps its own icon.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Remove the tab icon' }).click();
  await page.getByRole('button', { name: 'Remove the preview image' }).click();
  await expect(page.getByLabel('Tab icon', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Preview image', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: "The form's tab icon" })).toHaveCount(0);
  // Saved once the stored form no longer names either.
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/forms/${form.id}`, { headers: authHeaders(user) });
        const config = (await res.json()).theme_config;
        return [config.faviconUrl ?? null, config.socialImage ?? null];
      },
      { timeout: 15_000 },
    )
    .toEqual([null, null]);
  await publishViaApi(page, user, form.id);
  const plain = await headOf(page, `/form/${form.id}`);
  expect(plain).not.toContain('og:image');
  expect(plain).not.toContain(icon);
});
