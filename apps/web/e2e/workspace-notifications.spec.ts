import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { expectNoSidewaysScroll } from './support/fill-page.ts';
import { waitForMailLink } from './support/mail.ts';
import { createFormViaApi, publishViaApi, submitViaApi } from './support/seed-forms.ts';
import { teamOfTwo } from './support/workspaces.ts';

const switcher = (page: Page) => page.getByRole('button', { name: /^Workspace: .* Switch workspace$/ });

test('a member chooses mail for all forms and is mailed a response to a form someone else made', async ({
  page,
  browser,
}) => {
  const { owner, teamId, member, other, guest } = await teamOfTwo(page, browser, { name: 'Orders desk' });

  await guest.goto('/dashboard/forms');
  await switcher(guest).click();
  await guest.getByRole('menuitemradio', { name: /Orders desk/ }).click();
  await guest.goto('/dashboard/workspace');
  const card = guest.getByRole('region', { name: 'Notifications' });
  const submissions = guest.getByRole('group', { name: 'New submissions' });
  // Nobody chose yet: mail for the forms one made, mentions and assignments on, as before.
  await expect(submissions.getByRole('radio', { name: 'Forms I created' })).toBeChecked();
  await expect(guest.getByRole('switch', { name: 'Mentions' })).toBeChecked();
  await expect(guest.getByRole('switch', { name: 'Assigned to me' })).toBeChecked();

  await submissions.getByRole('radio', { name: 'All forms' }).check();
  await expect(card.getByRole('status')).toHaveText('Saved');
  await guest.getByRole('switch', { name: 'Mentions' }).click();
  await expect(guest.getByRole('switch', { name: 'Mentions' })).not.toBeChecked();
  await expect(card.getByRole('status')).toHaveText('Saved');
  await expectNoAxeViolations(guest);

  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      await guest.emulateMedia({ colorScheme: scheme });
      await guest.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(guest);
      await card.screenshot({ path: `/tmp/workspace-notifications-${width}-${scheme}.png` });
    }
  }
  await guest.emulateMedia({ colorScheme: 'light' });
  await guest.setViewportSize({ width: 1280, height: 900 });

  // Saved on the server: a fresh page shows the same choices.
  await guest.reload();
  await expect(submissions.getByRole('radio', { name: 'All forms' })).toBeChecked();
  await expect(guest.getByRole('switch', { name: 'Mentions' })).not.toBeChecked();

  // Olivia makes a form in the team; its response is mailed to Mia too, and the link opens it.
  const form = await createFormViaApi(page, owner, { title: 'Catering orders', workspaceId: teamId });
  await publishViaApi(page, owner, form.id);
  await submitViaApi(page, form.id, { seed_0: 'Quinn, twelve sandwiches' });
  const link = await waitForMailLink(member.email, `${E2E_BASE_URL}/forms/${form.id}/`);
  expect(link).toBe(`${E2E_BASE_URL}/forms/${form.id}/submissions`);
  await guest.goto(link);
  await expect(
    guest.getByRole('table', { name: 'Submissions' }).getByText('Quinn, twelve sandwiches'),
  ).toBeVisible();
  await other.close();
});
