import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { authHeaders, registerAndLogin } from './support/login.ts';
import { createFormViaApi } from './support/seed-forms.ts';

async function publicLabels(page: Page, id: number): Promise<string[]> {
  const res = await page.request.get(`/api/forms/shared/${id}`);
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { fields: { label: string }[] }).fields.map((f) => f.label);
}

const saved = (page: Page) => expect(page.getByText('Saved', { exact: true })).toBeVisible();

test('publishing from the editor opens the share dialog; later edits wait for Publish changes', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, { title: 'Garden party RSVP' });
  await page.goto(`/forms/${form.id}/edit`);

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Your form is live' });
  await expect(dialog).toBeVisible();
  const link = await dialog.getByLabel('Form link').inputValue();
  expect(link).toMatch(new RegExp(`/form/${form.id}$`));
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(dialog.getByRole('img', { name: `QR code linking to ${link}` })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Auto-resizing script' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Published' })).toBeDisabled();

  // A draft edit is saved but respondents keep the published version until it is published.
  await page.getByRole('button', { name: 'Select Your name' }).click();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('Your full name');
  await saved(page);
  await expect(page.getByRole('button', { name: 'Publish changes' })).toBeEnabled();
  expect(await publicLabels(page, form.id)).toEqual(['Your name']);

  // A field with a placeholder label blocks publishing, and says so where it is.
  await page.getByRole('button', { name: 'Add Email field' }).click();
  await page.getByRole('button', { name: 'Publish changes' }).click();
  const problems = page.getByRole('region', { name: '1 problem to fix before publishing' });
  await expect(problems).toBeFocused();
  await expect(problems.getByRole('link', { name: 'Field 2' })).toBeVisible();
  await expect(page.getByText('Please update the label to a more descriptive title.').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('Email for the invitation');

  await page.getByRole('button', { name: 'Publish changes' }).click();
  await expect(dialog).toBeVisible();
  expect(await publicLabels(page, form.id)).toEqual(['Your full name', 'Email for the invitation']);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Published' })).toBeDisabled();
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(dialog).toBeVisible();
  const owner = await page.request.get(`/api/forms/${form.id}`, { headers: authHeaders(user) });
  expect(((await owner.json()) as { has_unpublished_changes: boolean }).has_unpublished_changes).toBe(false);
});

test('two tabs editing one form never overwrite each other silently', async ({ page, context }) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, { title: 'Shared roster' });
  await page.goto(`/forms/${form.id}/edit`);
  const other = await context.newPage();
  await other.goto(`/forms/${form.id}/edit`);

  const rename = async (tab: Page, label: string) => {
    await tab
      .getByRole('button', { name: /^Select / })
      .first()
      .click();
    await tab.getByRole('textbox', { name: 'Label', exact: true }).fill(label);
  };
  await rename(page, 'Name from the first tab');
  await saved(page);

  // The second tab was opened at the older version: its save is refused and it asks.
  await rename(other, 'Name from the second tab');
  const conflict = other.getByRole('dialog', { name: 'This form was changed elsewhere' });
  await expect(conflict).toBeVisible();
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(conflict).toBeHidden();
  await saved(other);
  const stored = await page.request.get(`/api/forms/${form.id}`, { headers: authHeaders(user) });
  expect(((await stored.json()) as { fields: { label: string }[] }).fields[0]?.label).toBe(
    'Name from the second tab',
  );

  // Now the first tab is behind: it reloads the other copy.
  await rename(page, 'Name from the first tab, again');
  const back = page.getByRole('dialog', { name: 'This form was changed elsewhere' });
  await expect(back).toBeVisible();
  await back.getByRole('button', { name: 'Reload their version' }).click();
  await expect(back).toBeHidden();
  await expect(page.getByRole('button', { name: 'Select Name from the second tab' })).toBeVisible();
  await saved(page);
  // The first tab's own words are one undo away, not lost.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('button', { name: 'Select Name from the first tab, again' })).toBeVisible();
});
