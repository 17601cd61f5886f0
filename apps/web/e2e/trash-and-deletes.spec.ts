import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';
import { createFormViaApi, publishViaApi, submitViaApi } from './support/seed-forms.ts';

async function formWithAnswers(page: Page, user: TestUser, title: string, answers: string[]) {
  const form = await createFormViaApi(page, user, { title });
  await publishViaApi(page, user, form.id);
  for (const answer of answers) await submitViaApi(page, form.id, { seed_0: answer });
  return form.id;
}

async function submissionCount(page: Page, user: TestUser, formId: number): Promise<number> {
  const res = await page.request.get(`/api/form-submissions/forms/${formId}/submissions`, {
    headers: authHeaders(user),
  });
  return ((await res.json()) as { total: number }).total;
}

test('a deleted form waits in the Trash with its submissions, comes back, then goes for good', async ({
  page,
}) => {
  const user = await registerAndLogin(page, { name: 'Tess Trash' });
  const formId = await formWithAnswers(page, user, 'Team lunch poll', ['Pizza', 'Sushi']);

  await page.goto('/dashboard/forms');
  const card = page.getByRole('article', { name: 'Team lunch poll' });
  await card.getByRole('button', { name: 'Delete Team lunch poll' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move this form to the Trash?' });
  await expect(dialog).toContainText('2 submissions and 0 files go to the Trash');
  await dialog.getByRole('button', { name: 'Move to Trash' }).click();
  await expect(card).toHaveCount(0);
  // The public page, rendered by the server, says it is gone (as the API does).
  const gone = await page.request.get(`/form/${formId}`);
  expect(gone.status()).toBe(404);
  expect(await gone.text()).toContain('Form Unavailable');
  expect((await page.request.get(`/api/forms/${formId}`)).status()).toBe(404);

  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Trash' }).click();
  await expect(page).toHaveURL('/dashboard/trash');
  await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
  const row = page.getByRole('listitem', { name: 'Team lunch poll' });
  await expect(row).toContainText('2 submissions and 0 files');
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: 'Restore Team lunch poll' }).click();
  await expect(page.getByRole('heading', { name: 'The Trash is empty' })).toBeVisible();
  await page.goto('/dashboard/forms');
  await expect(page.getByRole('article', { name: 'Team lunch poll' })).toContainText('2 submissions');
  expect(await submissionCount(page, user, formId)).toBe(2);
  expect((await page.request.get(`/api/forms/${formId}`)).status()).toBe(200);

  // Delete forever from the Trash.
  await page.getByRole('button', { name: 'Delete Team lunch poll' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Move to Trash' }).click();
  await page.goto('/dashboard/trash');
  await page.getByRole('button', { name: 'Delete Team lunch poll forever' }).click();
  const forever = page.getByRole('dialog', { name: 'Delete this form forever?' });
  await expect(forever).toContainText('2 submissions and 0 files will be deleted for good');
  await forever.getByRole('button', { name: 'Delete forever' }).click();
  await expect(page.getByRole('heading', { name: 'The Trash is empty' })).toBeVisible();
  const trash = await page.request.get('/api/forms/trash', { headers: authHeaders(user) });
  expect(await trash.json()).toEqual({ forms: [] });
});

test('submissions are deleted one by one and in bulk, with undo, and the counts follow', async ({ page }) => {
  const user = await registerAndLogin(page, { name: 'Del Owner' });
  const formId = await formWithAnswers(page, user, 'Feedback box', ['one', 'two', 'three', 'four', 'five']);
  await page.goto(`/forms/${formId}/submissions`);
  const table = page.getByRole('table', { name: 'Submissions' });
  await expect(table.getByRole('row')).toHaveCount(6);
  await expect(page.getByText('Showing 1 to 5 of 5 results')).toBeVisible();

  // Undo brings the row back and nothing is deleted.
  const firstRow = table.getByRole('row').nth(1);
  await firstRow.getByRole('button', { name: /^Delete submission/ }).click();
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(page.getByText('Showing 1 to 4 of 4 results')).toBeVisible();
  await page
    .getByRole('status')
    .filter({ hasText: '1 submission deleted' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(table.getByRole('row')).toHaveCount(6);
  await page.waitForTimeout(7000);
  expect(await submissionCount(page, user, formId)).toBe(5);

  // One row, let go: it is deleted once the undo window has passed.
  await table
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /^Delete submission/ })
    .click();
  await expect(page.getByRole('status').filter({ hasText: '1 submission deleted' })).toBeVisible();
  await expect.poll(() => submissionCount(page, user, formId), { timeout: 15_000 }).toBe(4);

  // Bulk: two checkboxes, Delete selected.
  await table
    .getByRole('checkbox', { name: /^Select submission/ })
    .nth(0)
    .check();
  await table
    .getByRole('checkbox', { name: /^Select submission/ })
    .nth(1)
    .check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page.getByText('Showing 1 to 2 of 2 results')).toBeVisible();
  await expect.poll(() => submissionCount(page, user, formId), { timeout: 15_000 }).toBe(2);

  // From the detail view.
  await table
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /^View submission/ })
    .click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Submissions' }).getByRole('row')).toHaveCount(2);
  await expect.poll(() => submissionCount(page, user, formId), { timeout: 15_000 }).toBe(1);

  await page.goto('/dashboard/forms');
  await expect(page.getByRole('article', { name: 'Feedback box' })).toContainText('1 submission');
  const analytics = await page.request.get(`/api/analytics/forms/${formId}`, { headers: authHeaders(user) });
  expect(((await analytics.json()) as { total_submissions: number }).total_submissions).toBe(1);
});

test('a delete still happens when the tab closes during the undo window', async ({ page, context }) => {
  const user = await registerAndLogin(page, { name: 'Closing Owner' });
  const formId = await formWithAnswers(page, user, 'Closing form', ['a', 'b']);
  await page.goto(`/forms/${formId}/submissions`);
  const table = page.getByRole('table', { name: 'Submissions' });
  await table
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /^Delete submission/ })
    .click();
  await expect(page.getByRole('status').filter({ hasText: '1 submission deleted' })).toBeVisible();
  const checker = await context.newPage();
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => submissionCount(checker, user, formId), { timeout: 10_000 }).toBe(1);
});
