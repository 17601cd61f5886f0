import { MEMBER_MESSAGES } from '@formsmith/core/workspaces/members';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { registerAndLogin, registerVerified, uniqueEmail } from './support/login.ts';
import { waitForMailLink } from './support/mail.ts';
import { createFormViaApi, publishViaApi, submitViaApi } from './support/seed-forms.ts';

const switcher = (page: Page) => page.getByRole('button', { name: /^Workspace: .* Switch workspace$/ });

test('an owner shares a team workspace by mail; the invitee accepts and gets another role', async ({
  page,
  browser,
}) => {
  const owner = await registerAndLogin(page, { name: 'Olivia Owner' });
  await createFormViaApi(page, owner, { title: 'Private notes' });

  // The personal workspace cannot be shared: its page says so and offers a team one.
  await page.goto('/dashboard/workspace');
  await expect(page.getByRole('heading', { name: 'This workspace is yours alone' })).toBeVisible();
  await expect(page.getByText('Personal workspace · You are an owner')).toBeVisible();

  await switcher(page).click();
  await page.getByRole('menuitem', { name: 'New workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'New workspace' });
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  await expect(dialog.getByText(MEMBER_MESSAGES.nameRequired)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Workspace name' }).fill('Acme Research');
  await dialog.getByRole('button', { name: 'Create workspace' }).click();
  await expect(dialog).toBeHidden();
  await expect(switcher(page)).toHaveAccessibleName('Workspace: Acme Research, Owner. Switch workspace');
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Research' })).toBeVisible();

  const workspaces = (await (
    await page.request.get('/api/workspaces', { headers: { authorization: `Bearer ${owner.token}` } })
  ).json()) as { workspaces: Array<{ id: number; name: string }> };
  const team = workspaces.workspaces.find((w) => w.name === 'Acme Research')!;
  const retro = await createFormViaApi(page, owner, { title: 'Team retro', workspaceId: team.id });

  // The forms list shows the current workspace's forms only.
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Forms' }).click();
  await expect(page.getByRole('list', { name: 'Forms' }).getByRole('heading', { level: 2 })).toHaveText([
    'Team retro',
  ]);

  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Members' }).click();
  await expect(page.getByText('Team workspace · You are an owner')).toBeVisible();
  const invitee = await registerVerified(page, { name: 'Ivan Invitee', email: uniqueEmail('invitee') });
  await page.getByRole('textbox', { name: 'Email address' }).fill(invitee.email);
  await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('viewer');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${invitee.email}.`)).toBeVisible();
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending.getByText(invitee.email)).toBeVisible();
  await expect(pending.getByText('Invited by Olivia Owner')).toBeVisible();
  await expectNoAxeViolations(page);

  // The invitee, in a browser of their own, opens the mailed link and signs in from it.
  const other = await browser.newContext();
  const guest = await other.newPage();
  const link = await waitForMailLink(invitee.email, `${E2E_BASE_URL}/invitations/`);
  await guest.goto(link);
  await expect(guest.getByText('Olivia Owner invited you to Acme Research as a viewer.')).toBeVisible();
  await expectNoAxeViolations(guest);
  await guest.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(guest.getByRole('textbox', { name: 'Email' })).toHaveValue(invitee.email);
  await guest.getByLabel('Password').fill(invitee.password);
  await guest.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(guest).toHaveURL(link);
  await guest.getByRole('button', { name: 'Accept and join Acme Research' }).click();
  await expect(guest).toHaveURL(/\/dashboard\/forms$/);
  await expect(switcher(guest)).toHaveAccessibleName('Workspace: Acme Research, Viewer. Switch workspace');
  await expect(guest.getByRole('list', { name: 'Forms' }).getByRole('heading', { level: 2 })).toHaveText([
    'Team retro',
  ]);
  // A viewer is told what the role allows instead of being offered a button that would fail.
  for (const name of ['Create New Form', 'New Form', 'Create Form', 'AI Form Builder']) {
    await expect(guest.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  await expect(guest.getByText('You can view this workspace.')).toBeVisible();
  // A viewer reads the members, without controls.
  await guest.goto('/dashboard/workspace');
  await expect(guest.getByRole('cell', { name: /Olivia Owner/ })).toBeVisible();
  await expect(guest.getByRole('combobox')).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  // A viewer's editor shows the form as respondents see it, with nothing that would change it.
  await guest.goto(`/forms/${retro.id}/edit`);
  await expect(guest.getByRole('heading', { level: 1, name: 'Team retro' })).toBeVisible();
  await expect(guest.getByText('You can view this form. Changing it needs the editor role')).toBeVisible();
  await expect(guest.getByRole('textbox', { name: 'Your name' })).toBeVisible();
  for (const name of ['Publish', 'Add question', 'Save']) {
    await expect(guest.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expectNoAxeViolations(guest);
  await guest.goto('/dashboard/workspace');

  // The owner sees them among the members and makes them an editor.
  await page.reload();
  await expect(page.getByRole('cell', { name: new RegExp(invitee.email) })).toBeVisible();
  await expect(pending).toBeHidden();
  const role = page.getByRole('combobox', { name: 'Role of Ivan Invitee' });
  await expect(role).toHaveValue('viewer');
  await role.selectOption('editor');
  await expect(role).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Role of Ivan Invitee' })).toHaveValue('editor');
  await guest.reload();
  await expect(switcher(guest)).toHaveAccessibleName('Workspace: Acme Research, Editor. Switch workspace');

  // Inviting a member again is refused beside the address, which stays as typed.
  const email = page.getByRole('textbox', { name: 'Email address' });
  await email.fill(invitee.email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(MEMBER_MESSAGES.alreadyMember)).toBeVisible();
  await expect(email).toHaveValue(invitee.email);

  // A team workspace holding a form is not deleted: the server's reason shows in the dialog.
  await page.getByRole('button', { name: 'Delete workspace' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Acme Research?' });
  await confirm.getByRole('button', { name: 'Delete workspace' }).click();
  await expect(confirm.getByRole('alert')).toContainText(/form/i);
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  // The audit log lists what the journey did, newest first, and filters by action.
  await page.getByRole('link', { name: 'Open the audit log' }).click();
  await expect(page).toHaveURL(/\/dashboard\/workspace\/audit$/);
  const entries = page.getByRole('list', { name: 'Audit entries' }).getByRole('listitem');
  await expect(entries.first()).toContainText(`Member role changed: ${invitee.email}`);
  await expect(entries.first()).toContainText('Olivia Owner');
  for (const text of [
    'Member joined',
    'Member invited',
    'Form created: Team retro',
    'Workspace created: Acme Research',
  ]) {
    await expect(entries.filter({ hasText: text })).toHaveCount(1);
  }
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Member joined' });
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(`Member joined: ${invitee.email}`);
  await expectNoAxeViolations(page);
  // An editor is told the log is for owners and admins.
  await guest.goto('/dashboard/workspace/audit');
  await expect(
    guest.getByText('Only the owners and admins of this workspace see its audit log.'),
  ).toBeVisible();
  await other.close();
});

test('an invitation link that no longer works says why', async ({ page }) => {
  await page.goto('/invitations/not-a-real-token');
  await expect(page.getByRole('alert')).toHaveText(MEMBER_MESSAGES.invitationInvalid);
  await expectNoAxeViolations(page);
});

test('a form moves to a team workspace with its responses, after the owner confirms', async ({ page }) => {
  const owner = await registerAndLogin(page, { name: 'Mona Mover' });
  const form = await createFormViaApi(page, owner, { title: 'Volunteer sign-up' });
  await publishViaApi(page, owner, form.id);
  await submitViaApi(page, form.id, { seed_0: 'Sam' });
  const made = await page.request.post('/api/workspaces', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { name: 'Fair committee' },
  });
  expect(made.status()).toBe(201);

  await page.goto('/dashboard/forms');
  await page
    .getByLabel('Folder or workspace of Volunteer sign-up')
    .selectOption({ label: 'Workspace: Fair committee' });
  const dialog = page.getByRole('dialog', { name: 'Move “Volunteer sign-up” to Fair committee?' });
  await expect(dialog.getByText('It goes with its responses, files and webhooks')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Move to Fair committee' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Volunteer sign-up' })).toHaveCount(0);

  await switcher(page).click();
  await page.getByRole('menuitemradio', { name: /Fair committee/ }).click();
  await expect(page.getByRole('list', { name: 'Forms' }).getByRole('heading', { level: 2 })).toHaveText([
    'Volunteer sign-up',
  ]);
  await page.goto(`/forms/${form.id}/submissions`);
  await expect(page.getByRole('table', { name: 'Submissions' }).getByText('Sam')).toBeVisible();
  await page.goto('/dashboard/workspace/audit');
  await expect(
    page.getByRole('list', { name: 'Audit entries' }).getByText('Form moved to another workspace'),
  ).toBeVisible();
});

test('search, the notifications feed and a new API key follow the current workspace', async ({ page }) => {
  const owner = await registerAndLogin(page, { name: 'Wanda Workspaces' });
  const mine = await createFormViaApi(page, owner, { title: 'Heron count at home' });
  await publishViaApi(page, owner, mine.id);
  await submitViaApi(page, mine.id, { seed_0: 'heron from home' });
  const made = await page.request.post('/api/workspaces', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { name: 'Birders club' },
  });
  expect(made.status()).toBe(201);
  const teamId = ((await made.json()) as { id: number }).id;
  const theirs = await page.request.post(`/api/forms?workspace_id=${teamId}`, {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      title: 'Heron count at the club',
      fields: [{ id: 'seed_0', type: 'text', label: 'Bird', position: 0 }],
    },
  });
  expect(theirs.status(), await theirs.text()).toBe(201);
  const clubForm = ((await theirs.json()) as { id: number }).id;
  await publishViaApi(page, owner, clubForm);
  await submitViaApi(page, clubForm, { seed_0: 'heron at the club' });

  await page.goto('/dashboard');
  await switcher(page).click();
  await page.getByRole('menuitemradio', { name: /Birders club/ }).click();

  await page.goto('/dashboard/search?q=heron');
  await expect(page.getByText('Forms and answers in Birders club.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Heron count at the club/ }).first()).toBeVisible();
  await expect(page.getByText('Heron count at home')).toHaveCount(0);

  await page.goto('/dashboard/notifications');
  await expect(page.getByText('New submission to Heron count at the club')).toBeVisible();
  await expect(page.getByText('New submission to Heron count at home')).toHaveCount(0);

  // A key is made in the workspace chosen (the current one first) and says where it reaches.
  await page.goto('/dashboard/settings?tab=security');
  await expect(page.getByLabel('Workspace', { exact: true })).toHaveValue(String(teamId));
  await page.getByLabel('Key name').fill('Club sync');
  await page.getByRole('button', { name: 'Create API key' }).click();
  const key = await page.getByLabel('Your new API key').inputValue();
  await page.getByRole('button', { name: 'Done' }).click();
  const keys = page.getByRole('list', { name: 'API keys' });
  await expect(
    keys.getByRole('listitem').filter({ hasText: 'Club sync' }).getByText('Birders club'),
  ).toBeVisible();
  const listed = await page.request.get('/api/forms', { headers: { authorization: `Bearer ${key}` } });
  expect(((await listed.json()) as { forms: { title: string }[] }).forms.map((f) => f.title)).toEqual([
    'Heron count at the club',
  ]);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('api-keys-team.png'), fullPage: true });
});
