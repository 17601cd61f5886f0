import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, openFormPage } from './support/fill-page.ts';
import { registerAndLogin, type TestUser } from './support/login.ts';
import {
  editorWithNewField,
  publishedFormWithFields,
  publishViaApi,
  savedFieldsOf,
  storedAnswersOf,
} from './support/seed-forms.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../../.tmp/shots');
mkdirSync(SHOTS, { recursive: true });

const saved = (page: Page) => expect(page.getByText('Saved', { exact: true })).toBeVisible();
const text = (name: string, body: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(body) });

/** A published form whose one file field takes up to three files, 1 MB in all. */
const publishedDocsForm = (page: Page, user: TestUser) =>
  publishedFormWithFields(page, user, 'Documents', [
    {
      id: 'docs',
      label: 'Documents',
      type: 'file',
      is_required: true,
      max_files: 3,
      max_total_size: 1024 * 1024,
    },
  ]);

/** Past the page's anti-spam window (a submit in the first 3 seconds is refused). */
async function pastAntiSpamWindow(page: Page) {
  const stamped = Number(await page.locator('input[name="_formLoadTime"]').first().inputValue());
  const left = stamped + 3_200 - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

test('the owner allows three files; a respondent adds two, removes one, adds another; the owner sees both', async ({
  page,
}) => {
  const user = await registerAndLogin(page);
  const form = await editorWithNewField(page, user, {
    title: 'Documents',
    palette: 'File upload',
    label: 'Documents',
  });
  // Nothing is stored for the count or the total until the owner sets them.
  await saved(page);
  const before = (await savedFieldsOf(page, user, form.id)).at(-1)?.validation_rules as Record<
    string,
    unknown
  >;
  expect(before).not.toHaveProperty('maxFiles');
  expect(before).not.toHaveProperty('maxTotalSize');
  await expect(page.getByRole('spinbutton', { name: 'Total size of all files (MB)' })).toHaveCount(0);
  await page.getByRole('spinbutton', { name: 'How many files (1 to 10)' }).fill('3');
  await page.getByRole('spinbutton', { name: 'Total size of all files (MB)' }).fill('2');
  await saved(page);
  expect((await savedFieldsOf(page, user, form.id)).at(-1)).toMatchObject({
    type: 'file',
    validation_rules: { maxFiles: 3, maxTotalSize: 2 * 1024 * 1024 },
  });
  await publishViaApi(page, user, form.id);

  await openFormPage(page, `/form/${form.id}`);
  const input = page.getByLabel('Documents');
  // The limits are said before they are met.
  await expect(input).toHaveAccessibleDescription(/Up to 3 files, 2 MB in all/);
  await input.setInputFiles([text('invoice.txt', 'invoice'), text('receipt.txt', 'receipt!')]);
  await expect(page.getByText('invoice.txt')).toBeVisible();
  await expect(page.getByText('(7 B)')).toBeVisible();
  await expect(page.getByText('receipt.txt')).toBeVisible();
  await expect(page.getByText('(8 B)')).toBeVisible();
  await page.getByRole('button', { name: 'Remove invoice.txt' }).click();
  await expect(page.getByText('invoice.txt')).toHaveCount(0);
  await page.getByLabel('Documents').setInputFiles([text('contract.txt', 'contract')]);
  await expect(page.getByText('contract.txt')).toBeVisible();
  await expect(page.getByText('receipt.txt')).toBeVisible();

  await pastAntiSpamWindow(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
  const [answers] = await storedAnswersOf<Record<string, { name: string }[]>>(page, user, form.id);
  const fieldId = String((await savedFieldsOf(page, user, form.id)).at(-1)?.id);
  expect(answers?.[fieldId]?.map((file) => file.name)).toEqual(['receipt.txt', 'contract.txt']);

  // The owner's detail lists both, each with its download.
  await page.goto(`/forms/${form.id}/submissions`);
  await page
    .getByRole('button', { name: /^View submission/ })
    .first()
    .click();
  // The table's cell names both on one line; the detail has each on its own, with its download.
  await expect(page.getByText('receipt.txt', { exact: true })).toBeVisible();
  await expect(page.getByText('contract.txt', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download file' })).toHaveCount(2);
});

test('more files than the field takes, or too large together, are refused with the limit named', async ({
  page,
}) => {
  const user = await registerAndLogin(page);
  const form = await publishedDocsForm(page, user);
  await openFormPage(page, `/form/${form.id}`);
  const input = page.getByLabel('Documents');
  await input.setInputFiles([text('a.txt', 'a'), text('b.txt', 'b'), text('c.txt', 'c'), text('d.txt', 'd')]);
  await expect(page.getByText('Please choose at most 3 files')).toBeVisible();
  // Nothing was added: every chosen file is refused together.
  await expect(page.getByText('a.txt')).toHaveCount(0);
  await input.setInputFiles([
    text('big.txt', 'x'.repeat(700 * 1024)),
    text('bigger.txt', 'y'.repeat(400 * 1024)),
  ]);
  await expect(page.getByText('The files are too large together (at most 1 MB in all)')).toBeVisible();
  await input.setInputFiles([text('a.txt', 'a'), text('b.txt', 'b'), text('c.txt', 'c')]);
  await expect(page.getByText('c.txt')).toBeVisible();
  // Full: the input goes, the hint stays.
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  await expect(page.getByText('Up to 3 files, 1 MB in all')).toBeVisible();
  await expect(page.getByText('Please choose at most 3 files')).toHaveCount(0);
});

test("files chosen before the page's script takes the form over are kept and sent", async ({ page }) => {
  const user = await registerAndLogin(page);
  const form = await publishedDocsForm(page, user);
  // The upload control's script is held back until the files are in the server-drawn input, as
  // on a slow connection where the respondent is quicker than the script.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/file-control-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await openFormPage(page, `/form/${form.id}`);
  await page.getByLabel('Documents').setInputFiles([text('early.txt', 'early'), text('late.txt', 'late!')]);
  release();
  await expect(page.getByText('early.txt')).toBeVisible();
  await expect(page.getByText('late.txt')).toBeVisible();
  await pastAntiSpamWindow(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
  const [answers] = await storedAnswersOf<Record<string, { name: string }[]>>(page, user, form.id);
  expect(answers?.docs?.map((file) => file.name)).toEqual(['early.txt', 'late.txt']);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a multiple input takes two files, one is removed, and the other is submitted', async ({ page }) => {
    const user = await registerAndLogin(page);
    const form = await publishedFormWithFields(page, user, 'Documents', [
      { id: 'name', label: 'Your name', type: 'text', is_required: true },
      { id: 'docs', label: 'Documents', type: 'file', max_files: 3 },
    ]);
    await page.goto(`/form/${form.id}`);
    const input = page.getByLabel('Documents');
    await expect(input).toHaveAttribute('multiple', '');
    await expect(input).toHaveAccessibleDescription(/Up to 3 files/);
    await input.setInputFiles([text('one.txt', 'one'), text('two.txt', 'two!')]);
    // The name is missing: the page comes back with both files stored and listed.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('link', { name: 'Your name: This field is required' })).toBeVisible();
    await expect(page.getByText('one.txt')).toBeVisible();
    await expect(page.getByText('(4 B)')).toBeVisible();
    // Remove posts the page; the server keeps the other file and drops the one removed.
    await page.getByRole('button', { name: 'Remove one.txt' }).click();
    await expect(page.getByText('two.txt')).toBeVisible();
    await expect(page.getByText('one.txt')).toHaveCount(0);
    await page.getByLabel('Documents').setInputFiles([text('three.txt', 'three')]);
    await page.getByLabel('Your name').fill('Ada');
    await pastAntiSpamWindow(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
    const [answers] = await storedAnswersOf<Record<string, { name: string }[]>>(page, user, form.id);
    expect(answers?.docs?.map((file) => file.name)).toEqual(['two.txt', 'three.txt']);
  });

  test('four files at once are refused by the same rule, naming the limit', async ({ page }) => {
    const user = await registerAndLogin(page);
    const form = await publishedDocsForm(page, user);
    await page.goto(`/form/${form.id}`);
    await page
      .getByLabel('Documents')
      .setInputFiles([text('a.txt', 'a'), text('b.txt', 'b'), text('c.txt', 'c'), text('d.txt', 'd')]);
    await pastAntiSpamWindow(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('link', { name: 'Documents: Please choose at most 3 files' })).toBeVisible();
    expect(await storedAnswersOf(page, user, form.id)).toEqual([]);
  });
});

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    test(`the chosen files read well and pass axe (${scheme}, ${width} px)`, async ({ page }) => {
      const user = await registerAndLogin(page);
      const form = await publishedDocsForm(page, user);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      await openFormPage(page, `/form/${form.id}`);
      await page
        .getByLabel('Documents')
        .setInputFiles([
          text('quarterly-report-with-a-rather-long-name-2026.txt', 'report'),
          text('photo.txt', 'photo'),
        ]);
      await expect(page.getByText('photo.txt')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await page.locator('form').screenshot({ path: path.join(SHOTS, `multi-file-${width}-${scheme}.png`) });
    });
  }
}
