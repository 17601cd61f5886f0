import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFormPage } from './support/fill-page.ts';
import { registerAndLogin } from './support/login.ts';
import { createFormViaApi } from './support/seed-forms.ts';

test("the owner of an unpublished form sees a marked preview at its link; strangers get 'Form Unavailable'", async ({
  page,
  browser,
}) => {
  const owner = await registerAndLogin(page);
  const form = await createFormViaApi(page, owner, {
    title: 'Staff party menu',
    fields: [{ label: 'Your dish', type: 'text', required: true }],
  });

  await openFormPage(page, `/form/${form.id}`);
  await expect(page.getByRole('note')).toContainText('Preview — only you can see this.');
  await expect(page.getByRole('heading', { name: 'Staff party menu' })).toBeVisible();
  await page.getByLabel('Your dish').fill('Lasagne');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await expect(page.getByText('Submitting is off in a preview')).toBeVisible();
  await expectNoAxeViolations(page);

  // Anonymous visitors and other signed-in people see nothing of it.
  const anonymous = await browser.newContext();
  const stranger = await anonymous.newPage();
  await openFormPage(stranger, `/form/${form.id}`);
  await expect(stranger.getByRole('heading', { name: 'Form Unavailable' })).toBeVisible();
  await expect(stranger.getByText('Staff party menu')).toHaveCount(0);
  await registerAndLogin(stranger, { name: 'Other Owner' });
  await openFormPage(stranger, `/form/${form.id}`);
  await expect(stranger.getByRole('heading', { name: 'Form Unavailable' })).toBeVisible();
  await expect(stranger.getByText('Staff party menu')).toHaveCount(0);
  await anonymous.close();
});
