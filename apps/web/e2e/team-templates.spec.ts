import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';
import { createFormViaApi } from './support/seed-forms.ts';

// A workspace's own templates: an editor saves a form as one (from the forms list and from the
// editor), finds it on the workspace's shelf of /templates, previews, renames, uses and deletes it.

const noSidewaysScroll = () => document.documentElement.scrollWidth <= window.innerWidth;

const FIELDS = [
  { label: 'Your name', type: 'text', required: true },
  { label: 'Reason for visit', type: 'select', options: ['Check-up', 'Injury'] },
];

/** Olivia Owner signed in, working in a team workspace 'Acme Clinic' that holds one form. */
async function clinic(page: Page): Promise<{ owner: TestUser; teamId: number; formId: number }> {
  const owner = await registerAndLogin(page, { name: 'Olivia Owner' });
  const made = await page.request.post('/api/workspaces', {
    headers: authHeaders(owner),
    data: { name: 'Acme Clinic' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const teamId = ((await made.json()) as { id: number }).id;
  const form = await createFormViaApi(page, owner, {
    title: 'Patient intake',
    fields: FIELDS,
    workspaceId: teamId,
  });
  // The browser's current workspace (what the workspace menu stores), before any script runs.
  await page.addInitScript((id) => localStorage.setItem('current_workspace', String(id)), teamId);
  return { owner, teamId, formId: form.id };
}

async function fieldLabelsOf(page: Page, owner: TestUser, formId: number): Promise<string[]> {
  const res = await page.request.get(`/api/forms/${formId}`, { headers: authHeaders(owner) });
  return ((await res.json()) as { fields: { label: string }[] }).fields.map((f) => f.label);
}

test('save a form as a template, find it on the workspace shelf, rename, use and delete it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { owner, teamId, formId } = await clinic(page);

  // From the forms list: the card's 'Save as template', titled by the form until changed.
  await page.goto('/dashboard/forms');
  await page.getByRole('button', { name: 'Save as template: Patient intake' }).click();
  const save = page.getByRole('dialog', { name: 'Save as template' });
  const title = save.getByRole('textbox', { name: 'Template title' });
  await expect(title).toHaveValue('Patient intake');
  await title.fill('');
  await save.getByRole('button', { name: 'Save template' }).click();
  await expect(save.getByText('Give the template a title')).toBeVisible();
  await title.fill('Clinic intake');
  await expect(save.getByText('Give the template a title')).toBeHidden();
  await save.getByRole('textbox', { name: 'Summary (optional)' }).fill('For a first visit to the clinic.');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: '/tmp/team-templates-save-dialog.png' });
  await save.getByRole('button', { name: 'Save template' }).click();
  const done = page.getByRole('dialog', { name: 'Saved as a template' });
  await expect(done).toContainText('“Clinic intake” is on the Acme Clinic templates shelf');
  await done.getByRole('link', { name: 'Open Templates' }).click();

  // The gallery's first shelf is the workspace's; the search reads it like the built-in ones.
  await expect(page).toHaveURL(/\/templates$/);
  const shelf = page.getByRole('region', { name: 'Acme Clinic templates' });
  const card = shelf.getByRole('article', { name: 'Clinic intake' });
  await expect(card).toContainText('For a first visit to the clinic.');
  await expect(card).toContainText('2 questions');
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Acme Clinic templates');
  const search = page.getByRole('searchbox', { name: 'Search templates' });
  await search.fill('reason for visit');
  await expect(card).toBeVisible();
  await search.fill('rsvp');
  await expect(shelf).toBeHidden();
  await expect(page.getByRole('article', { name: 'RSVP' })).toBeVisible();
  await search.fill('');

  // Preview shows the form as respondents will see it, and where it comes from.
  await card.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview: Clinic intake' });
  await expect(preview).toContainText('Acme Clinic templates · 2 questions');
  await expect(
    preview.getByRole('form', { name: 'Form preview' }).getByText('Reason for visit'),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // Edit: a new title and summary.
  await card.getByRole('button', { name: 'Edit Clinic intake' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit template' });
  await edit.getByRole('textbox', { name: 'Template title' }).fill('Clinic intake form');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  const renamed = shelf.getByRole('article', { name: 'Clinic intake form' });
  await expect(renamed).toBeVisible();

  // Use: a new draft in the workspace, with the same questions.
  await renamed.getByRole('button', { name: 'Use template' }).click();
  await expect(page).toHaveURL(/\/forms\/\d+\/edit$/);
  const newId = Number(/\/forms\/(\d+)\/edit/.exec(page.url())?.[1]);
  expect(newId).not.toBe(formId);
  const fields = page.getByRole('list', { name: 'Form fields' });
  await expect(fields.getByRole('button', { name: /^Select Reason for visit/ })).toBeVisible();
  expect(await fieldLabelsOf(page, owner, newId)).toEqual(await fieldLabelsOf(page, owner, formId));
  const access = await page.request.get(`/api/forms/${newId}/access`, { headers: authHeaders(owner) });
  expect(((await access.json()) as { workspace_id: number }).workspace_id).toBe(teamId);

  // From the editor too: its pending edits are saved first, then the template is made.
  await page.goto(`/forms/${formId}/edit`);
  await page.getByRole('button', { name: 'Save as template', exact: true }).click();
  const fromEditor = page.getByRole('dialog', { name: 'Save as template' });
  await expect(fromEditor.getByRole('textbox', { name: 'Template title' })).toHaveValue('Patient intake');
  await page.screenshot({ path: '/tmp/team-templates-editor.png' });
  await fromEditor.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByRole('dialog', { name: 'Saved as a template' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Delete asks first; the template leaves the shelf.
  await page.goto('/templates');
  await expect(shelf.getByRole('article')).toHaveCount(2);
  await renamed.getByRole('button', { name: 'Delete Clinic intake form' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the template “Clinic intake form”?' });
  await confirm.getByRole('button', { name: 'Delete template' }).click();
  await expect(confirm).toBeHidden();
  await expect(renamed).toHaveCount(0);
  await expect(shelf.getByRole('article', { name: 'Patient intake' })).toBeVisible();
  const list = await page.request.get(`/api/workspaces/${teamId}/templates`, { headers: authHeaders(owner) });
  expect(((await list.json()) as { templates: { title: string }[] }).templates.map((t) => t.title)).toEqual([
    'Patient intake',
  ]);
});

test('the templates page with a workspace shelf passes axe, light and dark, at 375 px and desktop', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { owner, teamId, formId } = await clinic(page);
  const saved = await page.request.post(`/api/workspaces/${teamId}/templates`, {
    headers: authHeaders(owner),
    data: {
      form_id: formId,
      title: 'Clinic intake with a rather long title that has to wrap on a phone',
      summary: 'For a first visit to the clinic: who you are and why you came.',
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [375, 1280]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/templates');
      await expect(
        page.getByRole('region', { name: 'Acme Clinic templates' }).getByRole('article'),
      ).toHaveCount(1);
      await expectNoAxeViolations(page);
      expect(await page.evaluate(noSidewaysScroll)).toBe(true);
      await page.screenshot({ path: `/tmp/team-templates-${scheme}-${width}.png` });

      await page.goto('/dashboard/forms');
      await expect(page.getByRole('button', { name: 'Save as template: Patient intake' })).toBeVisible();
      await expectNoAxeViolations(page);
      expect(await page.evaluate(noSidewaysScroll)).toBe(true);
      await page.screenshot({ path: `/tmp/team-templates-card-${scheme}-${width}.png` });
    }
  }
});
