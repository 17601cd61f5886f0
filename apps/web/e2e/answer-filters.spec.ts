import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { registerAndLogin } from './support/login.ts';
import { createFormViaApi, publishViaApi, submitViaApi } from './support/seed-forms.ts';

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scroll, `${name} at ${width} px scrolls sideways`).toBe(width);
      await page.screenshot({ path: `/tmp/answer-filters-${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('an owner filters the table on answers with AND and OR, reloads, and saves the view', async ({
  page,
}) => {
  // Eight screenshots and three axe runs on top of the journey.
  test.setTimeout(150_000);
  const owner = await registerAndLogin(page);
  const form = await createFormViaApi(page, owner, {
    title: 'Job applications',
    fields: [
      { label: 'Applicant', type: 'text' },
      { label: 'Role', type: 'radio', options: ['Design', 'Sales'] },
      { label: 'Years', type: 'number' },
    ],
  });
  await publishViaApi(page, owner, form.id);
  for (const [name, role, years] of [
    ['Ada', 'design', 2],
    ['Bea', 'sales', 9],
    ['Cy', 'design', 6],
    ['Dot', 'sales', 3],
  ] as const) {
    await submitViaApi(page, form.id, { seed_0: name, seed_1: role, seed_2: years });
  }

  await page.goto(`/forms/${form.id}/submissions`);
  const rows = page.getByRole('table', { name: 'Submissions' }).getByRole('row');
  await expect(rows).toHaveCount(5);
  const names = async () => (await rows.allInnerTexts()).slice(1).map((t) => t.match(/Ada|Bea|Cy|Dot/)?.[0]);

  await page.getByRole('button', { name: /^Filter on answers/ }).click();
  const panel = page.getByRole('region', { name: 'Filter on answers' });
  await panel.getByRole('combobox', { name: 'Question 1' }).selectOption({ label: 'Role' });
  await panel.getByRole('combobox', { name: 'Condition 1' }).selectOption('is');
  await panel.getByRole('combobox', { name: 'Value 1' }).selectOption({ label: 'Sales' });
  await panel.getByRole('button', { name: 'Add condition' }).click();
  await panel.getByRole('combobox', { name: 'Question 2' }).selectOption({ label: 'Years' });
  await panel.getByRole('spinbutton', { name: 'From 2' }).fill('5');
  await panel.getByRole('combobox', { name: /Show submissions that match/ }).selectOption('or');
  await panel.getByRole('button', { name: 'Apply filter' }).click();
  await expect(rows).toHaveCount(4);
  expect((await names()).sort()).toEqual(['Bea', 'Cy', 'Dot']);

  await panel.getByRole('combobox', { name: /Show submissions that match/ }).selectOption('and');
  await panel.getByRole('button', { name: 'Apply filter' }).click();
  await expect(rows).toHaveCount(2);
  expect(await names()).toEqual(['Bea']);
  await expect(page).toHaveURL(/where=/);
  await expectNoAxeViolations(page);
  await shoot(page, 'filtered');

  // A reload (or the link shared) shows the same rows and the same conditions.
  await page.reload();
  await expect(rows).toHaveCount(2);
  expect(await names()).toEqual(['Bea']);
  await expect(panel.getByRole('combobox', { name: 'Value 1' })).toHaveValue('sales');
  await expect(panel.getByRole('spinbutton', { name: 'From 2' })).toHaveValue('5');

  await page.getByRole('button', { name: 'Save view' }).click();
  await page.getByRole('textbox', { name: 'View name' }).fill('Senior sales');
  await page.getByRole('checkbox', { name: 'Share with the team' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Saved view' })).toHaveValue(/.+/);
  await expectNoAxeViolations(page);

  await panel.getByRole('button', { name: 'Clear answer filter' }).click();
  await expect(rows).toHaveCount(5);
  await expect(page).not.toHaveURL(/where=/);

  await page.getByRole('combobox', { name: 'Saved view' }).selectOption({ label: 'Senior sales (shared)' });
  await expect(rows).toHaveCount(2);
  expect(await names()).toEqual(['Bea']);
  await expect(page).toHaveURL(/where=/);
  await shoot(page, 'saved-view');
});
