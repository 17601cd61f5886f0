import { expect, test } from '@playwright/test';
import { authHeaders, registerAndLogin } from './support/login.ts';
import { createFormViaApi, publishViaApi } from './support/seed-forms.ts';

test('edits to a published form wait as a draft until the owner publishes the changes', async ({ page }) => {
  const user = await registerAndLogin(page, { name: 'Drafty Owner' });
  const form = await createFormViaApi(page, user, { title: 'Opening hours survey' });
  await publishViaApi(page, user, form.id);
  const saved = await page.request.put(`/api/forms/${form.id}`, {
    headers: authHeaders(user),
    data: { title: 'Opening hours survey 2026' },
  });
  expect(saved.ok()).toBe(true);
  const publicTitle = async () =>
    ((await (await page.request.get(`/api/forms/${form.id}`)).json()) as { title: string }).title;
  expect(await publicTitle()).toBe('Opening hours survey');

  await page.goto(`/forms/${form.id}/publish`);
  await expect(page.getByText('respondents still see the published version')).toBeVisible();
  await page.getByRole('button', { name: 'Publish changes' }).click();
  await expect(page.getByRole('button', { name: 'Publish changes' })).toHaveCount(0);
  expect(await publicTitle()).toBe('Opening hours survey 2026');

  await page.goto(`/forms/${form.id}/settings`);
  const history = page.getByRole('list', { name: 'Published versions' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('Live');
  await page.getByRole('button', { name: 'Restore version 1' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restore to draft' }).click();
  // The restored version is the draft the editor opens with.
  await expect(page).toHaveURL(new RegExp(`/forms/${form.id}/edit$`));
  await expect(page.getByLabel('Form title')).toHaveValue('Opening hours survey');
  expect(await publicTitle()).toBe('Opening hours survey 2026');
});
