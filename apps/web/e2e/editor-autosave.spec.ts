import { expect, type Page, test } from '@playwright/test';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';
import { createFormViaApi } from './support/seed-forms.ts';

async function storedLabels(page: Page, user: TestUser, id: number): Promise<string[]> {
  const res = await page.request.get(`/api/forms/${id}`, { headers: authHeaders(user) });
  return ((await res.json()) as { fields: { label: string }[] }).fields.map((f) => f.label);
}

function formIdOf(page: Page): number {
  return Number(/\/forms\/(\d+)\/edit$/.exec(page.url())?.[1]);
}

test('a new form is stored on its first edit and every edit after, without leaving the editor', async ({
  page,
}) => {
  const user = await registerAndLogin(page);
  await page.goto('/forms/new');
  await expect(page.getByText('Not saved yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add Text field' }).click();
  const label = page.getByRole('textbox', { name: 'Label', exact: true });
  await label.fill('Full name');
  // The URL becomes the form's own while the owner keeps typing in the same input.
  await expect(page).toHaveURL(/\/forms\/\d+\/edit$/);
  await expect(label).toBeFocused();
  await label.pressSequentially(' (as on your ID)');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const id = formIdOf(page);
  expect(await storedLabels(page, user, id)).toEqual(['Full name (as on your ID)']);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Select Full name (as on your ID)' })).toBeVisible();
  const list = await page.request.get('/api/forms', { headers: authHeaders(user) });
  expect(((await list.json()) as { forms: unknown[] }).forms).toHaveLength(1);
});

/** The editor folds the sidebar away: its links are in the drawer the menu button opens. */
async function goToFormsFromMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('dialog', { name: 'Navigation' })
    .getByRole('link', { name: 'Forms', exact: true })
    .click();
}

test('leaving with unsaved changes asks first; offline edits are retried and kept', async ({
  page,
  context,
}) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, { title: 'Team lunch' });
  await page.goto(`/forms/${form.id}/edit`);
  await page.getByRole('button', { name: 'Select Your name' }).click();

  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('Your full name');
  await expect(page.getByText('Offline, retrying')).toBeVisible();

  await goToFormsFromMenu(page);
  const dialog = page.getByRole('dialog', { name: 'Leave with unsaved changes?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(page).toHaveURL(`/forms/${form.id}/edit`);

  // Closing the tab asks too (the browser's own prompt).
  const prompt = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const shown = await prompt;
  expect(shown.type()).toBe('beforeunload');
  await shown.dismiss();

  await context.setOffline(false);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  expect(await storedLabels(page, user, form.id)).toEqual(['Your full name']);
  await goToFormsFromMenu(page);
  await expect(page).toHaveURL('/dashboard/forms');
});

test('undo and redo take back and restore edits, typing in one input as one step', async ({ page }) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, { title: 'Book club' });
  await page.goto(`/forms/${form.id}/edit`);
  const undo = page.getByRole('button', { name: 'Undo' });
  const redo = page.getByRole('button', { name: 'Redo' });
  await expect(undo).toBeDisabled();

  await page.getByRole('button', { name: 'Add Paragraph field' }).click();
  const label = page.getByRole('textbox', { name: 'Label', exact: true });
  await label.fill('');
  await label.pressSequentially('Favourite book');
  await expect(page.getByRole('button', { name: 'Select Favourite book' })).toBeVisible();

  await page.keyboard.press('ControlOrMeta+z');
  await expect(page.getByRole('button', { name: /^Select Field \d+$/ })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(page.getByRole('button', { name: /^Select Field/ })).toHaveCount(0);
  await expect(page.getByTestId('field-row')).toHaveCount(1);
  await expect(undo).toBeDisabled();

  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect(page.getByTestId('field-row')).toHaveCount(2);
  await redo.click();
  await expect(page.getByRole('button', { name: 'Select Favourite book' })).toBeVisible();
  await expect(redo).toBeDisabled();
  await undo.click();
  await undo.click();
  await expect(page.getByTestId('field-row')).toHaveCount(1);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  expect(await storedLabels(page, user, form.id)).toEqual(['Your name']);
});

test('Generate with AI on a form with fields asks to add to them or replace them', async ({ page }) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, {
    title: 'Volunteer sign-up',
    fields: [
      { label: 'Your name', type: 'text' },
      { label: 'Shift', type: 'radio', options: ['Morning', 'Evening'] },
    ],
  });
  await page.goto(`/forms/${form.id}/edit`);
  const generate = async (mode: RegExp) => {
    await page.getByRole('button', { name: 'Generate with AI' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate a form with AI' });
    await expect(dialog.getByText('This form already has 2 fields')).toBeVisible();
    await dialog.getByLabel('Form description').fill('Contact form with email and phone number');
    await dialog.getByRole('radio', { name: mode }).check();
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await expect(dialog).toBeHidden();
  };

  await generate(/^Add the new fields/);
  await expect(page.getByRole('button', { name: 'Select Your name' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Select Email/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Volunteer sign-up' })).toBeVisible();
  // One undo takes the whole generation back.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('field-row')).toHaveCount(2);

  await generate(/^Replace your 2 fields/);
  await expect(page.getByRole('button', { name: /^Select Email/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select Your name' })).toHaveCount(0);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const labels = await storedLabels(page, user, form.id);
  expect(labels).not.toContain('Your name');
  expect(labels.some((l) => /email/i.test(l))).toBe(true);
});
