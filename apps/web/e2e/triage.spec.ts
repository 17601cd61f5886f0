import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { waitForMailLink } from './support/mail.ts';
import { createFormViaApi, publishViaApi, submitViaApi } from './support/seed-forms.ts';
import { teamOfTwo } from './support/workspaces.ts';

test('a team triages a submission: a stage, an assignee, and a comment whose mention reaches the member', async ({
  page,
  browser,
}) => {
  const { owner, teamId, member, other, guest } = await teamOfTwo(page, browser, { name: 'Support desk' });

  const form = await createFormViaApi(page, owner, { title: 'Bug reports', workspaceId: teamId });
  await publishViaApi(page, owner, form.id);
  await submitViaApi(page, form.id, { seed_0: 'Checkout button does nothing' });
  await submitViaApi(page, form.id, { seed_0: 'Typo on the pricing page' });

  await page.goto(`/forms/${form.id}/submissions`);
  const rows = page.getByRole('table', { name: 'Submissions' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('columnheader', { name: 'Stage' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Assignee' })).toBeVisible();
  await rows
    .filter({ hasText: 'Checkout button' })
    .getByRole('button', { name: /^View submission/ })
    .click();

  await page.getByRole('combobox', { name: 'Stage' }).selectOption('in_progress');
  await expect(page.getByRole('combobox', { name: 'Stage' })).toBeEnabled();
  await page.getByRole('combobox', { name: 'Assigned to' }).selectOption({ label: 'Mia Member' });
  await expect(page.getByRole('combobox', { name: 'Assigned to' })).toBeEnabled();

  await page.getByRole('combobox', { name: 'Mention a member' }).selectOption({ label: 'Mia Member' });
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  await expect(box).toHaveValue('@Mia Member ');
  await expect(page.getByText('Mia Member will be emailed this comment.')).toBeVisible();
  await box.pressSequentially('can you reproduce this on mobile?');
  await page.getByRole('button', { name: 'Post comment' }).click();
  const comments = page.getByRole('list', { name: 'Comments' });
  await expect(comments.getByText('@Mia Member can you reproduce this on mobile?')).toBeVisible();
  await expect(box).toHaveValue('');
  await expectNoAxeViolations(page);

  // The mention's mail leads the member straight to the submission, where the work so far shows.
  const prefix = `${E2E_BASE_URL}/forms/${form.id}/submissions?submission=`;
  const link = await waitForMailLink(member.email, prefix);
  await guest.goto(link);
  await expect(guest.getByRole('heading', { name: 'Submission Details' })).toBeVisible();
  await expect(
    guest.getByRole('list', { name: 'Comments' }).getByText('can you reproduce this on mobile?'),
  ).toBeVisible();
  await expect(guest.getByRole('combobox', { name: 'Stage' })).toHaveValue('in_progress');
  await guest.getByRole('combobox', { name: 'Stage' }).selectOption('done');
  await expect(guest.getByRole('combobox', { name: 'Stage' })).toBeEnabled();
  await other.close();

  // Back in the table, the Stage and Assignee columns and their filters show the team's work.
  await page.getByRole('button', { name: 'Back to submissions' }).click();
  const checkout = rows.filter({ hasText: 'Checkout button' });
  await expect(checkout.getByText('Done')).toBeVisible();
  await expect(checkout.getByText('Mia Member')).toBeVisible();
  await expect(checkout.getByText('1 comment')).toBeAttached();
  await expect(rows.filter({ hasText: 'Typo on the pricing page' }).getByText('New')).toBeVisible();

  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('combobox', { name: 'Stage' }).selectOption('new');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Typo on the pricing page');
  await page.getByRole('combobox', { name: 'Stage' }).selectOption('');
  await page.getByRole('combobox', { name: 'Assigned to' }).selectOption({ label: 'Mia Member' });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Checkout button');
  await page.getByRole('combobox', { name: 'Assigned to' }).selectOption('me');
  await expect(page.getByText('No matching submissions')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the editor shows who else has the form open, and drops them when they leave', async ({
  page,
  browser,
}) => {
  const { owner, teamId, other, guest } = await teamOfTwo(page, browser, { name: 'Writers' });
  const form = await createFormViaApi(page, owner, { title: 'Reading list', workspaceId: teamId });

  await page.goto(`/forms/${form.id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reading list' })).toBeVisible();
  await guest.goto(`/forms/${form.id}/edit`);
  await expect(guest.getByText('Olivia Owner also has this form open')).toBeVisible();
  // The owner's editor learns of the member at its next mark (every 15 seconds).
  await expect(page.getByText('Mia Member also has this form open')).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);

  // Leaving the editor takes the member off the owner's header at its next mark.
  await guest.goto('/dashboard/forms');
  await expect(page.getByText('Mia Member also has this form open')).toBeHidden({ timeout: 20_000 });
  await other.close();
});
