import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, openFormPage } from './support/fill-page.ts';
import { registerAndLogin, type TestUser } from './support/login.ts';
import {
  editorWithNewField,
  publishedFormWithFields,
  savedFieldsOf,
  storedAnswersOf,
} from './support/seed-forms.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../../.tmp/shots');
mkdirSync(SHOTS, { recursive: true });

const saved = (page: Page) => expect(page.getByText('Saved', { exact: true })).toBeVisible();
const ORDER = 'The end date cannot be before the start date';
const BOTH = 'Please enter both dates';

const FIELDS = [
  { id: 'stay', label: 'Dates of stay', type: 'date_range', is_required: true },
  {
    id: 'trip',
    label: 'Trip',
    type: 'date_range',
    start_label: 'Leave on',
    end_label: 'Back on',
    prefill: { from_url: true },
  },
];

const publishedBookingForm = (page: Page, user: TestUser) =>
  publishedFormWithFields(page, user, 'Bookings', FIELDS);

const stay = (page: Page) => page.getByRole('group', { name: 'Dates of stay' });
const trip = (page: Page) => page.getByRole('group', { name: 'Trip' });

test('the palette adds a date range whose labels and rules are saved', async ({ page }) => {
  const user = await registerAndLogin(page);
  const form = await editorWithNewField(page, user, {
    title: 'Bookings',
    palette: 'Date range',
    label: 'Dates of stay',
  });
  // Nothing is preselected for a respondent: no placeholder or default to give.
  await expect(page.getByRole('textbox', { name: 'Placeholder' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Default value' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Start label' }).fill('Check-in');
  await page.getByRole('textbox', { name: 'End label' }).fill('Check-out');
  await page.getByLabel('Earliest start date').fill('2026-01-01');
  await page.getByRole('spinbutton', { name: 'Most days apart' }).fill('14');
  await saved(page);

  expect((await savedFieldsOf(page, user, form.id)).at(-1)).toMatchObject({
    type: 'date_range',
    label: 'Dates of stay',
    start_label: 'Check-in',
    end_label: 'Check-out',
    validation_rules: { minDate: '2026-01-01', maxDays: 14 },
  });
});

test('a respondent on a phone picks a range, is told when the end is before the start, and the owner reads it', async ({
  page,
}) => {
  const user = await registerAndLogin(page);
  const form = await publishedBookingForm(page, user);
  await page.setViewportSize({ width: 375, height: 800 });
  // The trip's dates come from the link, date by date.
  await openFormPage(page, `/form/${form.id}?trip[start]=2026-08-01&trip[end]=2026-08-15`);

  // Nothing is preselected; the trip's own labels name its inputs.
  await expect(stay(page).getByLabel('Start date')).toHaveValue('');
  await expect(stay(page).getByLabel('End date')).toHaveValue('');
  await expect(trip(page).getByLabel('Leave on')).toHaveValue('2026-08-01');
  await expect(trip(page).getByLabel('Back on')).toHaveValue('2026-08-15');
  // Stacked on a phone: the end below the start.
  const start = await stay(page).getByLabel('Start date').boundingBox();
  const end = await stay(page).getByLabel('End date').boundingBox();
  expect(end!.y).toBeGreaterThan(start!.y + start!.height);
  await expectNoSidewaysScroll(page);

  await stay(page).getByLabel('Start date').fill('2026-05-04');
  await trip(page).getByLabel('Leave on').focus();
  await expect(stay(page).getByText(BOTH)).toBeVisible();
  await stay(page).getByLabel('End date').fill('2026-05-01');
  await trip(page).getByLabel('Leave on').focus();
  await expect(stay(page).getByText(ORDER)).toBeVisible();
  await stay(page).getByLabel('Start date').fill('2026-05-01');
  await stay(page).getByLabel('End date').fill('2026-05-04');
  await trip(page).getByLabel('Leave on').focus();
  await expect(page.getByText(ORDER)).toHaveCount(0);

  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.waitForTimeout(3200);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
  expect(await storedAnswersOf(page, user, form.id)).toEqual([
    {
      stay: { start: '2026-05-01', end: '2026-05-04' },
      trip: { start: '2026-08-01', end: '2026-08-15' },
    },
  ]);

  // One line in the table; one line in the detail, each date as a date answer is written.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/forms/${form.id}/submissions`);
  await expect(page.getByRole('row').nth(1)).toContainText('2026-05-01 → 2026-05-04');
  await page
    .getByRole('button', { name: /^View submission/ })
    .first()
    .click();
  const [first, last] = await page.evaluate(() => [
    new Date(2026, 4, 1).toLocaleDateString(),
    new Date(2026, 4, 4).toLocaleDateString(),
  ]);
  await expect(page.getByText(`${first} → ${last}`, { exact: true })).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    test(`the date range field reads well and passes axe (${scheme}, ${width} px)`, async ({ page }) => {
      const user = await registerAndLogin(page);
      const form = await publishedBookingForm(page, user);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      await openFormPage(page, `/form/${form.id}`);
      await stay(page).getByLabel('Start date').fill('2026-05-04');
      await stay(page).getByLabel('End date').fill('2026-05-01');
      // Leaving the range (not moving within it) checks it.
      await trip(page).getByLabel('Leave on').focus();
      await expect(stay(page).getByText(ORDER)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await page.locator('form').screenshot({ path: path.join(SHOTS, `date-range-${width}-${scheme}.png`) });
    });
  }
}
