import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, openFormPage } from './support/fill-page.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';
import { editorWithNewField, savedFieldsOf, storedAnswersOf } from './support/seed-forms.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../../.tmp/shots');
mkdirSync(SHOTS, { recursive: true });

const saved = (page: Page) => expect(page.getByText('Saved', { exact: true })).toBeVisible();

/** A real picture to upload, in one of three colours. */
const picture = (background: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .png()
    .toBuffer();

/** Builds a picture choice in the editor, uploading a picture and its alt text for each option. */
async function buildInEditor(page: Page, user: TestUser, multiple: boolean) {
  const form = await editorWithNewField(page, user, {
    title: 'Trips',
    palette: 'Picture choice',
    label: 'Favourite view',
  });
  const pictures: [string, string, string][] = [
    ['Option 1', '#c0392b', 'A red lighthouse on a cliff'],
    ['Option 2', '#2471a3', 'A blue harbour with boats'],
    ['Option 3', '#1e8449', 'A green forest path'],
  ];
  if (multiple) await page.getByRole('checkbox', { name: 'Allow several answers' }).check();
  for (const [option, colour, alt] of pictures) {
    await page.getByLabel(`Picture of ${option}`).setInputFiles({
      name: `${option}.png`,
      mimeType: 'image/png',
      buffer: await picture(colour),
    });
    await page.getByRole('textbox', { name: `Alt text of ${option}` }).fill(alt);
  }
  await saved(page);
  const res = await page.request.post(`/api/forms/${form.id}/publish`, { headers: authHeaders(user) });
  expect(res.status(), await res.text()).toBe(200);
  return form;
}

test('an owner builds a picture choice with uploaded pictures; a respondent on a phone picks by keyboard', async ({
  page,
}) => {
  const user = await registerAndLogin(page);
  const form = await buildInEditor(page, user, false);
  const field = (await savedFieldsOf(page, user, form.id)).at(-1);
  expect(field).toMatchObject({ type: 'picture_choice', label: 'Favourite view' });
  const options = field!.options as { image?: string; alt?: string }[];
  expect(options.map((o) => o.alt)).toEqual([
    'A red lighthouse on a cliff',
    'A blue harbour with boats',
    'A green forest path',
  ]);
  for (const option of options)
    expect(option.image).toMatch(/^\/api\/form-submissions\/forms\/\d+\/pictures\/[a-f0-9]{40}$/);

  await page.setViewportSize({ width: 375, height: 800 });
  await openFormPage(page, `/form/${form.id}`);
  const group = page.getByRole('group', { name: 'Favourite view' });
  await expect(group.getByRole('img', { name: 'A blue harbour with boats' })).toBeVisible();
  // One column on a phone: the second card is below the first.
  const first = await group
    .getByRole('radio', { name: 'Option 1' })
    .locator('xpath=ancestor::label')
    .boundingBox();
  const second = await group
    .getByRole('radio', { name: 'Option 2' })
    .locator('xpath=ancestor::label')
    .boundingBox();
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  expect(first!.height).toBeGreaterThanOrEqual(44);
  await expectNoSidewaysScroll(page);

  // Keyboard only: Tab into the group, arrows move the pick.
  await group.getByRole('radio', { name: 'Option 1' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(group.getByRole('radio', { name: 'Option 2' })).toBeChecked();
  await expect(group.getByRole('radio', { name: 'Option 2' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForTimeout(3200);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
  expect(await storedAnswersOf(page, user, form.id)).toEqual([
    { seed_0: '', [field!.id as string]: 'option_2' },
  ]);
});

test('several pictures are ticked with Space and stored as their values', async ({ page }) => {
  const user = await registerAndLogin(page);
  const form = await buildInEditor(page, user, true);
  const field = (await savedFieldsOf(page, user, form.id)).at(-1);
  expect(field).toMatchObject({ type: 'picture_choice', multiple: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await openFormPage(page, `/form/${form.id}`);
  const group = page.getByRole('group', { name: 'Favourite view' });
  await group.getByRole('checkbox', { name: 'Option 1' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(group.getByRole('checkbox', { name: 'Option 3' })).toBeChecked();
  await expectNoAxeViolations(page);
  await page.waitForTimeout(3200);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
  expect(await storedAnswersOf(page, user, form.id)).toEqual([
    { seed_0: '', [field!.id as string]: ['option_1', 'option_3'] },
  ]);
});

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    test(`the picture grid reads well and passes axe (${scheme}, ${width} px)`, async ({ page }) => {
      const user = await registerAndLogin(page);
      const form = await buildInEditor(page, user, false);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      await openFormPage(page, `/form/${form.id}`);
      const group = page.getByRole('group', { name: 'Favourite view' });
      await group.getByRole('radio', { name: 'Option 2' }).focus();
      await page.keyboard.press('Space');
      await expect(group.getByRole('img', { name: 'A green forest path' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await page.screenshot({
        path: path.join(SHOTS, `picture-choice-${width}-${scheme}.png`),
        fullPage: true,
      });
    });
  }
}
