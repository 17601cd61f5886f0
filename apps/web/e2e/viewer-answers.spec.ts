import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { createFormViaApi, publishViaApi, submitViaApi } from './support/seed-forms.ts';
import { teamOfTwo } from './support/workspaces.ts';

test('an owner lets viewers see only counts; the viewer then gets a note instead of the answers, and the figures', async ({
  page,
  browser,
}) => {
  const { teamId, owner, other, guest } = await teamOfTwo(page, browser, { name: 'Clinic', role: 'viewer' });
  const form = await createFormViaApi(page, owner, {
    title: 'Patient intake',
    workspaceId: teamId,
    fields: [
      { label: 'Your name', type: 'text' },
      { label: 'Visit', type: 'radio', options: ['First', 'Follow-up'] },
    ],
  });
  await publishViaApi(page, owner, form.id);
  await submitViaApi(page, form.id, { seed_0: 'Ada Lovelace', seed_1: 'first' });
  await submitViaApi(page, form.id, { seed_0: 'Alan Turing', seed_1: 'follow-up' });

  // Until the owner chooses otherwise, the viewer reads the answers.
  await guest.goto(`/forms/${form.id}/submissions`);
  await expect(guest.getByRole('table', { name: 'Submissions' }).getByText('Ada Lovelace')).toBeVisible();

  await page.goto(`/forms/${form.id}/settings`);
  const choice = page.getByRole('group', { name: 'Viewers can see' });
  await expect(choice.getByRole('radio', { name: /Answers/ })).toBeChecked();
  await choice.getByRole('radio', { name: /Only counts/ }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Viewers can see' }).getByRole('radio', { name: /Only counts/ }),
  ).toBeChecked();
  await page.getByRole('group', { name: 'Viewers can see' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/formsmith-viewer-answers-settings-1280.png' });
  await expectNoAxeViolations(page);

  // The viewer now gets a note in place of the table, and no way to export.
  await guest.goto(`/forms/${form.id}/submissions`);
  await expect(guest.getByRole('heading', { name: 'This form shows viewers only counts' })).toBeVisible();
  await expect(guest.getByText('Ada Lovelace')).toHaveCount(0);
  await expect(guest.getByRole('button', { name: /^Export/ })).toHaveCount(0);
  await guest.screenshot({ path: '/tmp/formsmith-viewer-answers-note-1280.png', fullPage: true });
  await expectNoAxeViolations(guest);
  await guest.setViewportSize({ width: 375, height: 800 });
  await guest.screenshot({ path: '/tmp/formsmith-viewer-answers-note-375.png', fullPage: true });
  expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await guest.setViewportSize({ width: 1280, height: 800 });

  // Analytics still counts the responses and each choice.
  await guest.getByRole('button', { name: 'Open Analytics' }).click();
  const daily = guest.getByRole('region', { name: 'Daily submissions', exact: true });
  await expect(daily.getByRole('img', { name: /Daily submissions: 2 in total/ })).toBeVisible();
  const fields = guest.getByRole('region', { name: 'Field analytics', exact: true });
  await fields.getByText('Show data table').click();
  await expect(fields.getByRole('row', { name: /Visit/ })).toBeVisible();
  await guest.screenshot({ path: '/tmp/formsmith-viewer-answers-analytics-1280.png', fullPage: true });

  // The owner still reads everything.
  await page.goto(`/forms/${form.id}/submissions`);
  await expect(page.getByRole('table', { name: 'Submissions' }).getByText('Ada Lovelace')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/forms/${form.id}/settings`);
  await page.getByRole('group', { name: 'Viewers can see' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/formsmith-viewer-answers-settings-375.png' });
  await other.close();
});
