import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { noSidewaysScroll, publishedFormOf, SHOTS, storedAnswers } from './support/field-journeys.ts';
import { openFormPage } from './support/fill-page.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';
import { createFormViaApi } from './support/seed-forms.ts';

const saved = (page: Page) => expect(page.getByText('Saved', { exact: true })).toBeVisible();
const INVALID = 'Please enter a valid phone number, with its country';

const FIELDS = [
  { id: 'tel', label: 'Phone', type: 'phone', is_required: true, default_country: 'GB' },
  { id: 'mobile', label: 'Mobile', type: 'phone', prefill: { from_url: true } },
];

const publishedCallBackForm = (page: Page, user: TestUser) =>
  publishedFormOf(page, user, 'Call back', FIELDS);

test('the palette adds a phone field whose default country is saved', async ({ page }) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, { title: 'Call back' });
  await page.goto(`/forms/${form.id}/edit`);

  await page.getByRole('button', { name: 'Add Phone field' }).click();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('Your number');
  await page.getByLabel('Default country').selectOption('GB');
  await saved(page);

  const res = await page.request.get(`/api/forms/${form.id}`, { headers: authHeaders(user) });
  const fields = ((await res.json()) as { fields: Record<string, unknown>[] }).fields;
  expect(fields.at(-1)).toMatchObject({ type: 'phone', label: 'Your number', default_country: 'GB' });
});

test('a respondent on a phone types numbers with the keyboard only, told when one is no number', async ({
  page,
}) => {
  const user = await registerAndLogin(page);
  const form = await publishedCallBackForm(page, user);
  await page.setViewportSize({ width: 375, height: 800 });
  await openFormPage(page, `/form/${form.id}`);

  await expect(page.getByRole('combobox', { name: 'Phone: Country code' })).toHaveValue('GB');
  await noSidewaysScroll(page);

  // The country picker first, then the number: Tab from one to the other.
  await page.getByRole('combobox', { name: 'Phone: Country code' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Phone' })).toBeFocused();
  await page.keyboard.type('020 7183');
  await page.keyboard.press('Tab');
  await expect(page.getByText(INVALID)).toBeVisible();
  // Back into the number (the browser selects it all on the way in): the rest goes at its end.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('End');
  await page.keyboard.type(' 8750');
  // The second number typed with its +code, no country picked.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Mobile' })).toBeFocused();
  await page.keyboard.type('+1 415 555 2671');
  await page.keyboard.press('Tab');
  await expect(page.getByText(INVALID)).toHaveCount(0);

  await noSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.waitForTimeout(3200);
  await page.getByRole('button', { name: 'Submit' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
  expect(await storedAnswers(page, user, form.id)).toEqual([
    { tel: '+442071838750', mobile: '+14155552671' },
  ]);
});

test('a link gives the number, its + left unencoded, and a country picked reads a national number', async ({
  page,
}) => {
  const user = await registerAndLogin(page);
  const form = await publishedCallBackForm(page, user);
  await openFormPage(page, `/form/${form.id}?mobile=+14155552671`);
  await expect(page.getByRole('textbox', { name: 'Mobile' })).toHaveValue('+14155552671');
  await page.getByRole('combobox', { name: 'Phone: Country code' }).selectOption('FR');
  await page.getByRole('textbox', { name: 'Phone' }).fill('06 12 34 56 78');
  await page.waitForTimeout(3200);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
  expect(await storedAnswers(page, user, form.id)).toEqual([{ tel: '+33612345678', mobile: '+14155552671' }]);

  // The owner reads the number in the international format.
  await page.goto(`/forms/${form.id}/submissions`);
  await expect(page.getByText('+33 6 12 34 56 78').first()).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    test(`the phone field reads well and passes axe (${scheme}, ${width} px)`, async ({ page }) => {
      const user = await registerAndLogin(page);
      const form = await publishedCallBackForm(page, user);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      await openFormPage(page, `/form/${form.id}`);
      await page.getByRole('textbox', { name: 'Phone' }).fill('020 7183 8750');
      await page.getByRole('textbox', { name: 'Mobile' }).fill('+1 415');
      await page.getByRole('textbox', { name: 'Phone' }).focus();
      await expect(page.getByText(INVALID)).toBeVisible();
      await noSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await page.locator('form').screenshot({ path: path.join(SHOTS, `phone-${width}-${scheme}.png`) });
    });
  }
}
