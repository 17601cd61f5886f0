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
const POSTCODE = 'Please check the postal code: it does not look like one of this country';

const FIELDS = [
  { id: 'home', label: 'Home address', type: 'address', is_required: true, default_country: 'US' },
  { id: 'ship', label: 'Ship to', type: 'address', prefill: { from_url: true } },
];

const publishedDeliveryForm = (page: Page, user: TestUser) =>
  publishedFormWithFields(page, user, 'Deliveries', FIELDS);

const home = (page: Page) => page.getByRole('group', { name: 'Home address' });

test('the palette adds an address whose parts and default country are saved', async ({ page }) => {
  const user = await registerAndLogin(page);
  const form = await editorWithNewField(page, user, {
    title: 'Deliveries',
    palette: 'Address',
    label: 'Where we deliver',
  });
  await page.getByLabel('Default country').selectOption('DE');
  await page.getByRole('checkbox', { name: 'Show Address line 2' }).uncheck();
  await page.getByRole('checkbox', { name: 'Require State / Province / Region' }).check();
  await saved(page);

  expect((await savedFieldsOf(page, user, form.id)).at(-1)).toMatchObject({
    type: 'address',
    label: 'Where we deliver',
    default_country: 'DE',
    parts: ['line1', 'city', 'region', 'postalCode', 'country'],
    required_parts: ['line1', 'city', 'region', 'postalCode', 'country'],
  });
});

test('a respondent on a phone fills an address, and the owner reads it line by line', async ({ page }) => {
  const user = await registerAndLogin(page);
  const form = await publishedDeliveryForm(page, user);
  await page.setViewportSize({ width: 375, height: 800 });
  // The second address's city comes from the link, part by part.
  await openFormPage(page, `/form/${form.id}?ship[city]=Berlin&ship[country]=DE`);

  // The picker starts at the owner's country, and the words follow it: State, ZIP code.
  await expect(home(page).getByRole('combobox', { name: 'Country' })).toHaveValue('US');
  await expect(home(page).getByRole('textbox', { name: 'ZIP code' })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Ship to' }).getByRole('textbox', { name: 'City' }),
  ).toHaveValue('Berlin');
  await expectNoSidewaysScroll(page);

  await home(page).getByRole('textbox', { name: 'Address line 1' }).fill('1600 Amphitheatre Pkwy');
  await home(page).getByRole('textbox', { name: 'City' }).fill('Mountain View');
  await home(page).getByRole('textbox', { name: 'State' }).fill('CA');
  await home(page).getByRole('textbox', { name: 'ZIP code' }).fill('9404');
  await home(page).getByRole('textbox', { name: 'ZIP code' }).blur();
  await expect(page.getByText(POSTCODE)).toBeVisible();
  await home(page).getByRole('textbox', { name: 'ZIP code' }).fill('94043');
  await home(page).getByRole('textbox', { name: 'ZIP code' }).blur();
  await expect(page.getByText(POSTCODE)).toHaveCount(0);
  const ship = page.getByRole('group', { name: 'Ship to' });
  await ship.getByRole('textbox', { name: 'Address line 1' }).fill('Unter den Linden 1');
  await ship.getByRole('textbox', { name: 'Postal code' }).fill('10117');

  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.waitForTimeout(3200);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
  expect(await storedAnswersOf(page, user, form.id)).toEqual([
    {
      home: {
        line1: '1600 Amphitheatre Pkwy',
        city: 'Mountain View',
        region: 'CA',
        postalCode: '94043',
        country: 'US',
      },
      ship: { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DE' },
    },
  ]);

  // The table gives one line; the detail one line per part.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/forms/${form.id}/submissions`);
  await expect(page.getByRole('row').nth(1)).toContainText('Unter den Linden 1, Berlin');
  await page
    .getByRole('button', { name: /^View submission/ })
    .first()
    .click();
  const detail = page.getByText('1600 Amphitheatre Pkwy Mountain View CA 94043 United States', {
    exact: true,
  });
  await expect(detail).toBeVisible();
  expect(await detail.innerText()).toBe('1600 Amphitheatre Pkwy\nMountain View CA 94043\nUnited States');
});

test('an address left blank stores nothing, though its country was preselected', async ({ page }) => {
  const user = await registerAndLogin(page);
  const form = await publishedDeliveryForm(page, user);
  await openFormPage(page, `/form/${form.id}`);
  await home(page).getByRole('textbox', { name: 'Address line 1' }).fill('1 Main St');
  await home(page).getByRole('textbox', { name: 'City' }).fill('Springfield');
  await home(page).getByRole('textbox', { name: 'ZIP code' }).fill('62701');
  await page.waitForTimeout(3200);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();
  expect(await storedAnswersOf(page, user, form.id)).toEqual([
    { home: { line1: '1 Main St', city: 'Springfield', postalCode: '62701', country: 'US' } },
  ]);
});

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    test(`the address field reads well and passes axe (${scheme}, ${width} px)`, async ({ page }) => {
      const user = await registerAndLogin(page);
      const form = await publishedDeliveryForm(page, user);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      await openFormPage(page, `/form/${form.id}`);
      await home(page).getByRole('textbox', { name: 'Address line 1' }).fill('1600 Amphitheatre Pkwy');
      await home(page).getByRole('textbox', { name: 'City' }).fill('Mountain View');
      await home(page).getByRole('textbox', { name: 'ZIP code' }).fill('9404');
      // Leaving the address (not moving within it) checks it.
      await page.getByRole('group', { name: 'Ship to' }).getByRole('textbox', { name: 'City' }).focus();
      await expect(page.getByText(POSTCODE)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await page.locator('form').screenshot({ path: path.join(SHOTS, `address-${width}-${scheme}.png`) });
    });
  }
}
