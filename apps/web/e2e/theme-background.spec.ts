import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, openFormPage } from './support/fill-page.ts';
import { authHeaders, registerAndLogin } from './support/login.ts';
import { createFormViaApi, publishViaApi } from './support/seed-forms.ts';

// Screenshots to look at, kept in the worktree's scratch folder (not committed).
const SHOTS = path.resolve(import.meta.dirname, '../../../.tmp/shots');
mkdirSync(SHOTS, { recursive: true });

const FIELDS = [
  { label: 'Your name', type: 'text', required: true },
  { label: 'Which walk?', type: 'radio', options: ['Harbour', 'Cliffs', 'Woods'] },
];

/** A landscape to upload: a sky-to-sea gradient with a sun low on the left. */
async function landscape(): Promise<Buffer> {
  const width = 1600;
  const height = 1000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const sky = y < height * 0.6;
      const t = sky ? y / (height * 0.6) : (y - height * 0.6) / (height * 0.4);
      const sun = Math.hypot(x - width * 0.3, y - height * 0.55) < 110;
      pixels[i] = sun ? 255 : sky ? 250 - 90 * t : 20 + 20 * t;
      pixels[i + 1] = sun ? 196 : sky ? 170 + 40 * t : 90 - 30 * t;
      pixels[i + 2] = sun ? 80 : sky ? 120 + 110 * t : 140 - 40 * t;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A new owner's form, open on its Design tab. */
async function openDesignTab(page: Page) {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, {
    title: 'Harbour walks',
    description: 'Sign up for a guided walk this spring.',
    fields: FIELDS,
  });
  await page.goto(`/forms/${form.id}/edit`);
  await page.getByRole('tab', { name: 'Design' }).click();
  return { user, form };
}

/** The picture panel: its image (an element at low priority, covering the panel) and the dimming over it. */
const backdropStyle = (page: Page) =>
  page.locator('.fs-backdrop').evaluate(async (el) => {
    const image = el.querySelector('img');
    // At low priority it may still be on its way: wait for it rather than read a half-drawn panel.
    await image?.decode().catch(() => {});
    const panel = el.getBoundingClientRect();
    const drawn = image?.getBoundingClientRect();
    return {
      image: image?.currentSrc ?? '',
      loaded: image ? image.complete && image.naturalWidth > 0 : false,
      priority: image?.getAttribute('fetchpriority'),
      position: image ? getComputedStyle(image).objectPosition : '',
      fit: image ? getComputedStyle(image).objectFit : '',
      covers: drawn !== undefined && drawn.width === panel.width && drawn.height === panel.height,
      dim: getComputedStyle(el, '::after').opacity,
    };
  });
const boxes = async (page: Page) => ({
  picture: (await page.locator('.fs-backdrop').boundingBox())!,
  card: (await page.locator('.fs-card').boundingBox())!,
});

test('an owner uploads a background, sets its focal point and dimming, chooses the split layout, and the page draws it with and without JavaScript', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { user, form } = await openDesignTab(page);
  await page.getByRole('button', { name: 'Ocean' }).click();

  // The picture is uploaded to this instance; the editor says the card keeps its own colour.
  await expect(page.getByText('no text sits on the picture')).toBeVisible();
  await page.getByLabel('Background picture').setInputFiles({
    name: 'harbour.jpg',
    mimeType: 'image/jpeg',
    buffer: await landscape(),
  });
  await expect(page.getByTestId('background-thumbnail')).toBeVisible({ timeout: 15_000 });
  await page.getByLabel(/Focal point across/).fill('30');
  await page.getByLabel(/Focal point down/).fill('60');
  await page.getByLabel(/Dimming/).fill('40');
  await page.getByLabel('Layout').selectOption({ label: 'Split with a picture' });
  await page.getByLabel('Logo placement').selectOption({ label: 'Centred, with the title' });

  // The preview draws the picture at its focal point, dimmed.
  const preview = page.getByTestId('design-preview');
  await expect(preview.locator('.fs-theme')).toHaveAttribute('data-fs-layout', 'split');
  const previewed = await preview.locator('.fs-backdrop img').evaluate((el) => (el as HTMLImageElement).src);
  expect(previewed).toMatch(new RegExp(`/api/form-submissions/forms/${form.id}/pictures/[a-f0-9]{40}`));
  await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 15_000 });
  await publishViaApi(page, user, form.id);

  // The stored theme, to draw each layout with the same picture.
  const stored = await page.request.get(`/api/forms/${form.id}`, { headers: authHeaders(user) });
  const theme = (await stored.json()).theme_config.customTheme;
  expect(theme).toMatchObject({
    layout: 'split',
    logoPlacement: 'centre',
    background: { focusX: 30, focusY: 60, dim: 40 },
  });

  const respondentContext = await browser.newContext();
  const respondent = await respondentContext.newPage();
  for (const layout of ['split', 'card', 'full'] as const) {
    if (layout !== 'split') {
      const res = await page.request.put(`/api/forms/${form.id}`, {
        headers: authHeaders(user),
        data: { theme_config: { customTheme: { ...theme, layout } } },
      });
      expect(res.ok(), await res.text()).toBe(true);
      await publishViaApi(page, user, form.id);
    }
    for (const scheme of ['light', 'dark'] as const) {
      await respondent.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 375]) {
        await respondent.setViewportSize({ width, height: 860 });
        await openFormPage(respondent, `/form/${form.id}`);
        const drawn = await backdropStyle(respondent);
        expect(drawn.image).toContain(`/api/form-submissions/forms/${form.id}/pictures/`);
        expect(drawn).toMatchObject({ loaded: true, priority: 'low', fit: 'cover', covers: true });
        expect(drawn.position).toBe('30% 60%');
        expect(drawn.dim).toBe('0.4');
        const { picture, card } = await boxes(respondent);
        if (layout === 'split' && width === 1280) {
          // Beside the form on a wide screen, as tall as the window.
          expect(picture.x + picture.width).toBeLessThanOrEqual(card.x + 1);
          expect(picture.height).toBeGreaterThanOrEqual(850);
        } else if (layout !== 'card') {
          // Above the form on a phone, and the full-width layout's band.
          expect(picture.y + picture.height).toBeLessThanOrEqual(card.y + 1);
        } else {
          // Behind the card, filling the window.
          expect(picture.width).toBe(width);
        }
        await expectNoSidewaysScroll(respondent);
        await expectNoAxeViolations(respondent);
        await respondent.screenshot({
          path: path.join(SHOTS, `background-${layout}-${scheme}-${width}.png`),
          fullPage: true,
        });
      }
    }
  }
  await respondentContext.close();

  // Without JavaScript: the server's page draws the same split layout, and its ending keeps the look.
  const res = await page.request.put(`/api/forms/${form.id}`, {
    headers: authHeaders(user),
    data: { theme_config: { customTheme: theme } },
  });
  expect(res.ok()).toBe(true);
  await publishViaApi(page, user, form.id);
  const plainContext = await browser.newContext({ javaScriptEnabled: false });
  const plain = await plainContext.newPage();
  await plain.setViewportSize({ width: 1280, height: 860 });
  await plain.goto(`/form/${form.id}`);
  expect((await backdropStyle(plain)).position).toBe('30% 60%');
  const { picture, card } = await boxes(plain);
  expect(picture.x + picture.width).toBeLessThanOrEqual(card.x + 1);
  await plain.screenshot({ path: path.join(SHOTS, 'background-split-nojs-1280.png'), fullPage: true });
  await plain.getByLabel(/Your name/).fill('Ada');
  await plain.waitForTimeout(3_500);
  await plain.getByRole('button', { name: 'Submit' }).click();
  await expect(plain.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(plain.locator('.fs-ending-mark')).toBeVisible();
  expect((await backdropStyle(plain)).image).toContain('/pictures/');
  const mark = await plain.locator('.fs-ending-mark').evaluate((el) => getComputedStyle(el).color);
  expect(mark).toBe('rgb(3, 105, 161)');
  // axe judges pages with scripts; without them the ending is the same server-rendered markup.
  await plain.screenshot({ path: path.join(SHOTS, 'background-ending-nojs-1280.png'), fullPage: true });
  await plainContext.close();
});

/** A wide logo on a transparent ground: a rounded badge and a bar, as a word mark would be. */
const logoPng = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300">' +
        '<rect x="20" y="40" width="220" height="220" rx="60" fill="#0f766e"/>' +
        '<rect x="290" y="110" width="880" height="80" rx="40" fill="#134e4a"/></svg>',
    ),
  )
    .png()
    .toBuffer();

test('an owner uploads a logo on the Design tab, sees it in the preview, and the public page shows it with and without JavaScript', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { user, form } = await openDesignTab(page);

  // Not a picture: refused in place, nothing stored.
  const input = page.getByLabel('Logo', { exact: true });
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a logo') });
  await expect(page.getByRole('alert').filter({ hasText: 'This file is not a picture' })).toBeVisible();

  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
  const thumbnail = page.getByRole('img', { name: "The form's logo" });
  await expect(thumbnail).toBeVisible({ timeout: 15_000 });
  const uploaded = await thumbnail.getAttribute('src');
  expect(uploaded).toMatch(new RegExp(`^/api/form-submissions/forms/${form.id}/pictures/[a-f0-9]{40}$`));
  // The address field is for a logo elsewhere; an uploaded one does not fill it.
  await expect(page.getByLabel('Logo URL')).toHaveValue('');
  await expect(
    page.getByTestId('design-preview').getByRole('img', { name: 'Harbour walks logo' }),
  ).toHaveAttribute('src', uploaded!);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 15_000 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByLabel('Replace the logo').scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: path.join(SHOTS, `logo-design-${scheme}-${width}.png`) });
    }
  }
  await publishViaApi(page, user, form.id);

  const respondentContext = await browser.newContext();
  const respondent = await respondentContext.newPage();
  for (const scheme of ['light', 'dark'] as const) {
    await respondent.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 375]) {
      await respondent.setViewportSize({ width, height: 860 });
      await openFormPage(respondent, `/form/${form.id}`);
      const logo = respondent.getByRole('img', { name: 'Harbour walks logo' });
      await expect(logo).toHaveAttribute('src', uploaded!);
      // Loaded from this instance and drawn, not a broken image.
      expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
      await expectNoSidewaysScroll(respondent);
      await expectNoAxeViolations(respondent);
      await respondent.screenshot({
        path: path.join(SHOTS, `logo-page-${scheme}-${width}.png`),
        fullPage: true,
      });
    }
  }
  await respondentContext.close();

  // Without JavaScript the server's page carries the same logo.
  const plainContext = await browser.newContext({ javaScriptEnabled: false });
  const plain = await plainContext.newPage();
  await plain.goto(`/form/${form.id}`);
  const plainLogo = plain.getByRole('img', { name: 'Harbour walks logo' });
  await expect(plainLogo).toHaveAttribute('src', uploaded!);
  expect(await plainLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
  await plain.screenshot({ path: path.join(SHOTS, 'logo-page-nojs-1280.png'), fullPage: true });
  await plainContext.close();

  // Removed on the Design tab: the preview has no logo any more.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Remove the logo' }).click();
  await expect(
    page.getByTestId('design-preview').getByRole('img', { name: 'Harbour walks logo' }),
  ).toHaveCount(0);
  await expect(page.getByLabel('Logo', { exact: true })).toBeVisible();
});
