import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFormPage } from './support/fill-page.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';
import { createFormViaApi, publishViaApi } from './support/seed-forms.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../../.tmp/shots');
mkdirSync(SHOTS, { recursive: true });

const saved = (page: Page) => expect(page.getByText('Saved', { exact: true })).toBeVisible();
const rows = (...labels: string[]) => labels.map((label) => ({ label, value: label.toLowerCase() }));

const FIELDS = [
  {
    id: 'grid',
    label: 'How satisfied are you with',
    type: 'matrix',
    is_required: true,
    rows: rows('Room', 'Breakfast', 'Staff'),
    columns: rows('Unhappy', 'Fine', 'Delighted'),
  },
  { id: 'stars', label: 'Rate your stay', type: 'rating', is_required: true, stars: 5 },
  {
    id: 'order',
    label: 'Rank our amenities',
    type: 'ranking',
    is_required: true,
    options: rows('Pool', 'Gym', 'Spa'),
  },
];

async function publishedHotelForm(page: Page, user: TestUser) {
  const form = await createFormViaApi(page, user, { title: 'Hotel stay', fields: [] });
  const fields = FIELDS.map((f, position) => ({ ...f, field_type: f.type, position, validation_rules: {} }));
  const put = await page.request.put(`/api/forms/${form.id}`, {
    headers: authHeaders(user),
    data: { title: 'Hotel stay', description: '', fields },
  });
  expect(put.ok(), await put.text()).toBe(true);
  await publishViaApi(page, user, form.id);
  return form;
}

async function noSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

test('the palette adds a matrix, a star rating and a ranking, saved with their settings', async ({
  page,
}) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, { title: 'Hotel stay' });
  await page.goto(`/forms/${form.id}/edit`);

  await page.getByRole('button', { name: 'Add Matrix / grid field' }).click();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('How satisfied are you with');
  await page.getByRole('textbox', { name: 'Row 1 label' }).fill('Room');
  await page.getByRole('textbox', { name: 'Column 3 label' }).fill('Delighted');
  await page.getByRole('checkbox', { name: 'Several answers per row (checkboxes)' }).check();

  await page.getByRole('button', { name: 'Add Star rating field' }).click();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('Rate your stay');
  await page.getByLabel('Number of stars').selectOption('7');
  await page.getByRole('checkbox', { name: 'Allow half stars' }).check();

  await page.getByRole('button', { name: 'Add Ranking field' }).click();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('Rank our amenities');
  await page.getByRole('textbox', { name: 'Option 1 label' }).fill('Pool');
  await page.getByLabel('Rank only the top').fill('2');
  await saved(page);

  const res = await page.request.get(`/api/forms/${form.id}`, { headers: authHeaders(user) });
  const fields = ((await res.json()) as { fields: Record<string, unknown>[] }).fields;
  expect(fields.slice(1)).toMatchObject([
    {
      type: 'matrix',
      label: 'How satisfied are you with',
      multiple: true,
      rows: [{ label: 'Room' }, { label: 'Row 2' }, { label: 'Row 3' }],
      columns: [{ label: 'Disagree' }, { label: 'Neutral' }, { label: 'Delighted' }],
    },
    { type: 'rating', label: 'Rate your stay', stars: 7, half_stars: true },
    { type: 'ranking', label: 'Rank our amenities', rank_top: 2, options: [{ label: 'Pool' }, {}, {}] },
  ]);
});

test('a respondent on a phone fills the matrix row by row, rates and ranks with the keyboard only', async ({
  page,
}) => {
  const user = await registerAndLogin(page);
  const form = await publishedHotelForm(page, user);
  await page.setViewportSize({ width: 375, height: 800 });
  await openFormPage(page, `/form/${form.id}`);

  // One question per row: each row a radio group named by the row, its columns named too.
  const room = page.getByRole('radiogroup', { name: 'Room' });
  await expect(room.getByRole('radio', { name: 'Delighted' })).toBeVisible();
  await noSidewaysScroll(page);
  await room.getByRole('radio', { name: 'Unhappy' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(room.getByRole('radio', { name: 'Delighted' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radiogroup', { name: 'Breakfast' }).getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');

  // Stars: Tab into the group, arrows pick.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: '1 of 5 stars' })).toBeFocused();
  await page.keyboard.press('Space');
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '4 of 5 stars' })).toBeChecked();

  // Ranking: the move buttons, each move announced.
  await page.getByRole('button', { name: 'Move Spa up' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Spa: place 2 of 3')).toBeAttached();
  await expect(page.getByRole('button', { name: 'Move Spa up' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Spa: place 1 of 3')).toBeAttached();
  await expect(page.getByRole('button', { name: 'Move Spa down' })).toBeFocused();
  await expect(page.getByRole('listitem').first()).toContainText('Spa');

  await noSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.waitForTimeout(3200);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Form Submitted' })).toBeVisible();

  const list = await page.request.get(`/api/form-submissions/forms/${form.id}/submissions`, {
    headers: authHeaders(user),
  });
  const [stored] = ((await list.json()) as { items: { data: Record<string, unknown> }[] }).items;
  expect(stored?.data).toEqual({
    grid: { room: 'delighted', breakfast: 'unhappy', staff: 'unhappy' },
    stars: 4,
    order: ['spa', 'pool', 'gym'],
  });
});

test('a required ranking left as shown asks to be ordered or kept', async ({ page }) => {
  const user = await registerAndLogin(page);
  const form = await publishedHotelForm(page, user);
  await openFormPage(page, `/form/${form.id}`);
  await page.waitForTimeout(3200);
  await page.getByRole('button', { name: 'Submit' }).click();
  const ranking = page.getByRole('group', { name: 'Rank our amenities' });
  await expect(ranking.getByText('This field is required')).toBeVisible();
  await page.getByRole('button', { name: 'Keep this order' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('group', { name: 'Rate your stay' }).getByText('This field is required'),
  ).toBeVisible();
  await expect(ranking.getByText('This field is required')).toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 375]) {
    test(`the new types read well and pass axe (${scheme}, ${width} px)`, async ({ page }) => {
      const user = await registerAndLogin(page);
      const form = await publishedHotelForm(page, user);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      await openFormPage(page, `/form/${form.id}`);
      // Every row answered: a row left blank shows its error as focus leaves the grid, moving
      // what is below it under the pointer.
      for (const row of ['Room', 'Breakfast', 'Staff'])
        await page.getByRole('radiogroup', { name: row }).getByRole('radio', { name: 'Fine' }).check();
      // The radio is drawn as a star: the star (its label) takes the click.
      await page.locator('label', { has: page.getByRole('radio', { name: '3 of 5 stars' }) }).click();
      await expect(page.getByRole('radio', { name: '3 of 5 stars' })).toBeChecked();
      await page.getByRole('button', { name: 'Move Gym up' }).click();
      await noSidewaysScroll(page);
      await expectNoAxeViolations(page);
      for (const [id, label] of [
        ['grid', 'How satisfied are you with'],
        ['stars', 'Rate your stay'],
        ['order', 'Rank our amenities'],
      ] as const) {
        await page
          .getByRole('group', { name: label, exact: true })
          .screenshot({ path: path.join(SHOTS, `${id}-${width}-${scheme}.png`) });
      }
    });
  }
}
