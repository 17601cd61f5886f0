import { createFormKey } from '@formsmith/core/crypto/key-wrap';
import { answerFilterParam } from '@formsmith/core/submissions/answer-filter';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { authHeaders, registerAndLogin } from './support/login.ts';
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
  await panel.getByRole('group', { name: 'Values 1' }).getByRole('checkbox', { name: 'Sales' }).check();
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
  const values1 = panel.getByRole('group', { name: 'Values 1' });
  await expect(values1.getByRole('checkbox', { name: 'Sales' })).toBeChecked();
  await expect(values1.getByRole('checkbox', { name: 'Design' })).not.toBeChecked();
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

test('a choice filter takes several values (any of, none of), and a saved view is renamed and deleted', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const owner = await registerAndLogin(page);
  const form = await createFormViaApi(page, owner, {
    title: 'Team survey',
    fields: [
      { label: 'Name', type: 'text' },
      { label: 'Team', type: 'radio', options: ['Design', 'Sales', 'Support', 'Finance'] },
    ],
  });
  await publishViaApi(page, owner, form.id);
  for (const [name, team] of [
    ['Ada', 'design'],
    ['Bea', 'sales'],
    ['Cy', 'support'],
    ['Dot', 'finance'],
  ] as const) {
    await submitViaApi(page, form.id, { seed_0: name, seed_1: team });
  }

  await page.goto(`/forms/${form.id}/submissions`);
  const rows = page.getByRole('table', { name: 'Submissions' }).getByRole('row');
  await expect(rows).toHaveCount(5);
  const names = async () =>
    ((await rows.allInnerTexts()).slice(1).map((t) => t.match(/Ada|Bea|Cy|Dot/)?.[0]) as string[]).sort();

  await page.getByRole('button', { name: /^Filter on answers/ }).click();
  const panel = page.getByRole('region', { name: 'Filter on answers' });
  await panel.getByRole('combobox', { name: 'Question 1' }).selectOption({ label: 'Team' });
  const condition = panel.getByRole('combobox', { name: 'Condition 1' });
  await expect(condition.getByRole('option')).toHaveText(['is any of', 'is none of', /is answered/]);
  // Nothing ticked: the panel says what is missing and the table stays as it was.
  await panel.getByRole('button', { name: 'Apply filter' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Condition 1: Tick at least one value');
  await expect(rows).toHaveCount(5);

  const values = panel.getByRole('group', { name: 'Values 1' });
  await values.getByRole('checkbox', { name: 'Sales' }).check();
  await values.getByRole('checkbox', { name: 'Support' }).check();
  await panel.getByRole('button', { name: 'Apply filter' }).click();
  await expect(rows).toHaveCount(3);
  expect(await names()).toEqual(['Bea', 'Cy']);
  await expectNoAxeViolations(page);
  await shoot(page, 'any-of');

  await condition.selectOption('is_not');
  await panel.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page).toHaveURL(/is_not/);
  // As many rows as before, so wait for the names themselves.
  await expect.poll(names).toEqual(['Ada', 'Dot']);
  const where = new URL(page.url()).searchParams.get('where');
  expect(JSON.parse(where ?? 'null')).toEqual({
    join: 'and',
    rules: [{ op: 'is_not', field: 'seed_1', values: ['sales', 'support'] }],
  });

  // A reload reads every value back into the panel.
  await page.reload();
  await expect.poll(names).toEqual(['Ada', 'Dot']);
  await expect(values.getByRole('checkbox', { name: 'Sales' })).toBeChecked();
  await expect(values.getByRole('checkbox', { name: 'Support' })).toBeChecked();
  await expect(values.getByRole('checkbox', { name: 'Design' })).not.toBeChecked();

  // Saved, renamed (a blank name refused, the old one kept), then deleted after a second ask.
  await page.getByRole('button', { name: 'Save view' }).click();
  await page.getByRole('textbox', { name: 'View name' }).fill('Not sales or support');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const picker = page.getByRole('combobox', { name: 'Saved view' });
  await expect(picker).toHaveValue(/.+/);
  await page.getByRole('button', { name: 'Rename view' }).click();
  const renaming = page.getByRole('form', { name: 'Rename the view' });
  const newName = renaming.getByRole('textbox', { name: 'New name of the view' });
  await expect(newName).toHaveValue('Not sales or support');
  await newName.fill('  ');
  await renaming.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Name the view' })).toBeVisible();
  await expect(newName).toHaveValue('  ');
  await newName.fill('Design and finance');
  await expectNoAxeViolations(page);
  await shoot(page, 'rename');
  await renaming.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(renaming).toHaveCount(0);
  await expect(picker.getByRole('option', { name: 'Design and finance' })).toHaveCount(1);
  await expect(picker.getByRole('option', { name: 'Not sales or support' })).toHaveCount(0);
  const stored = await page.request.get(`/api/form-submissions/forms/${form.id}/views`, {
    headers: authHeaders(owner),
  });
  expect((await stored.json()).views).toMatchObject([
    { name: 'Design and finance', state: { filter: JSON.parse(where ?? 'null') } },
  ]);

  await page.getByRole('button', { name: 'Delete view' }).click();
  const ask = page.getByRole('group', { name: 'Delete the view' });
  await expect(ask).toContainText('Delete “Design and finance”?');
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Keep it' }).click();
  await expect(picker.getByRole('option', { name: 'Design and finance' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete view' }).click();
  await ask.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(picker.getByRole('option', { name: 'Design and finance' })).toHaveCount(0);
  await expect(picker).toHaveValue('');
});

test('an end-to-end encrypted form says its answers cannot be filtered, where the server refuses', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = await registerAndLogin(page);
  const form = await createFormViaApi(page, owner, {
    title: 'Sealed survey',
    fields: [{ label: 'Team', type: 'radio', options: ['Design', 'Sales'] }],
  });
  const { formKey } = await createFormKey({ passphrase: 'four unrelated words here' });
  const on = await page.request.put(`/api/forms/${form.id}/encryption`, {
    headers: authHeaders(owner),
    data: { level: 'enhanced', key: formKey },
  });
  expect(on.ok(), await on.text()).toBe(true);
  const where = answerFilterParam({ join: 'and', rules: [{ op: 'is', field: 'seed_0', values: ['sales'] }] });
  const refused = await page.request.get(
    `/api/form-submissions/forms/${form.id}/submissions?${new URLSearchParams({ where })}`,
    { headers: authHeaders(owner) },
  );
  expect(refused.status()).toBe(409);

  // A link with a filter opens the panel with the reason, not an error, and lists the table unfiltered.
  await page.goto(`/forms/${form.id}/submissions?${new URLSearchParams({ where })}`);
  const panel = page.getByRole('region', { name: 'Filter on answers' });
  await expect(panel).toContainText('This form is end-to-end encrypted');
  await expect(panel).toContainText('cannot be filtered on them');
  await expect(panel.getByRole('button', { name: 'Apply filter' })).toHaveCount(0);
  await expect(page.getByText('Failed to load form submissions')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Filter on answers', exact: true })).toBeVisible();
  await expect(page.getByText("This form hasn't received any submissions yet")).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'encrypted');
});
