import { expect, type Page, test } from '@playwright/test';
import { authHeaders, registerAndLogin } from './support/login.ts';
import { createFormViaApi, publishViaApi, submitViaApi } from './support/seed-forms.ts';

async function cardTitles(page: Page): Promise<string[]> {
  return page.getByRole('list', { name: 'Forms' }).getByRole('heading', { level: 2 }).allTextContents();
}

test('the forms list searches, sorts, shares and deletes in two steps', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await registerAndLogin(page);

  await page.goto('/dashboard/forms');
  await expect(page.getByRole('heading', { name: 'No forms yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create form with AI' })).toHaveAttribute(
    'href',
    '/forms/ai-builder',
  );

  // Created oldest first: Beta, then Alpha, then Gamma (Date sort is by last saved; publishing is no save).
  const beta = await createFormViaApi(page, user, { title: 'Beta feedback', description: 'Product survey' });
  const alpha = await createFormViaApi(page, user, {
    title: 'Alpha signup',
    description: 'Weekend WORKSHOP registration',
  });
  const gamma = await createFormViaApi(page, user, { title: 'Gamma poll', description: 'Lunch choices' });
  for (const form of [alpha, beta]) await publishViaApi(page, user, form.id);
  await submitViaApi(page, alpha.id, { seed_0: 'Ann' });
  await submitViaApi(page, beta.id, { seed_0: 'Bob' });
  await submitViaApi(page, beta.id, { seed_0: 'Cat' });
  await page.goto('/dashboard/forms');
  await expect(page.getByRole('heading', { name: 'Your Forms' })).toBeVisible();
  await expect.poll(() => cardTitles(page)).toEqual(['Gamma poll', 'Alpha signup', 'Beta feedback']);

  // Clicking the active sort reverses it; a new sort starts A→Z for names, largest first otherwise.
  await page.getByRole('button', { name: /^Date/ }).click();
  await expect.poll(() => cardTitles(page)).toEqual(['Beta feedback', 'Alpha signup', 'Gamma poll']);
  await page.getByRole('button', { name: /^Name/ }).click();
  await expect.poll(() => cardTitles(page)).toEqual(['Alpha signup', 'Beta feedback', 'Gamma poll']);
  await page.getByRole('button', { name: /^Name/ }).click();
  await expect.poll(() => cardTitles(page)).toEqual(['Gamma poll', 'Beta feedback', 'Alpha signup']);
  await page.getByRole('button', { name: /^Submissions/ }).click();
  await expect.poll(() => cardTitles(page)).toEqual(['Beta feedback', 'Alpha signup', 'Gamma poll']);
  await page.getByRole('button', { name: /^Submissions/ }).click();
  await expect.poll(() => cardTitles(page)).toEqual(['Gamma poll', 'Alpha signup', 'Beta feedback']);

  // Search matches the title or the description, ignoring case.
  const search = page.getByRole('searchbox', { name: 'Search forms' });
  await search.fill('workshop');
  await expect.poll(() => cardTitles(page)).toEqual(['Alpha signup']);
  await search.fill('GAMMA');
  await expect.poll(() => cardTitles(page)).toEqual(['Gamma poll']);
  await search.fill('nothing like this');
  await expect(page.getByRole('heading', { name: 'No forms found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect.poll(async () => (await cardTitles(page)).length).toBe(3);

  // Share copies the share URL and says so for 2 s; drafts show no share link.
  const alphaCard = page.getByRole('article', { name: 'Alpha signup' });
  await expect(alphaCard.getByRole('link', { name: alpha.share_url })).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Gamma poll' }).getByRole('link', { name: /\/form\// }),
  ).toHaveCount(0);
  await alphaCard.getByRole('button', { name: 'Share Alpha signup' }).click();
  await expect(alphaCard.getByRole('button', { name: 'Share Alpha signup' })).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(alpha.share_url);
  await expect(alphaCard.getByRole('button', { name: 'Share Alpha signup' })).toHaveText('Share', {
    timeout: 4000,
  });

  // The card's links.
  await expect(alphaCard.getByRole('link', { name: 'Edit Alpha signup' })).toHaveAttribute(
    'href',
    `/forms/${alpha.id}/edit`,
  );
  await expect(alphaCard.getByRole('link', { name: 'View Alpha signup' })).toHaveAttribute(
    'href',
    `/forms/${alpha.id}/submissions`,
  );
  await expect(alphaCard.getByRole('link', { name: 'Analytics of Alpha signup' })).toHaveAttribute(
    'href',
    `/dashboard/analytics?formId=${alpha.id}`,
  );
  await expect(alphaCard.getByRole('link', { name: 'Publish Alpha signup' })).toHaveAttribute(
    'href',
    `/forms/${alpha.id}/publish`,
  );
  await expect(alphaCard).toContainText(/Last edited:\s*Today, \d{1,2}:\d{2}/);

  // Delete asks first, saying what goes with the form; it moves the form to the Trash.
  const gammaCard = page.getByRole('article', { name: 'Gamma poll' });
  await gammaCard.getByRole('button', { name: 'Delete Gamma poll' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move this form to the Trash?' });
  await expect(dialog).toContainText('0 submissions and 0 files');
  expect((await page.request.get(`/api/forms/${gamma.id}`, { headers: authHeaders(user) })).status()).toBe(
    200,
  );
  await dialog.getByRole('button', { name: 'Move to Trash' }).click();
  await expect(gammaCard).toHaveCount(0);
  expect((await page.request.get(`/api/forms/${gamma.id}`, { headers: authHeaders(user) })).status()).toBe(
    404,
  );

  // Submissions mode: a click on the card opens the form's submissions.
  await page.goto('/dashboard/submissions');
  await expect(page.getByRole('heading', { name: 'Form Submissions' })).toBeVisible();
  await page.getByRole('article', { name: 'Beta feedback' }).click({ position: { x: 40, y: 40 } });
  await expect(page).toHaveURL(`/forms/${beta.id}/submissions`);
});

test('the dashboard shows recent forms and duplicates and deletes from the card menu', async ({ page }) => {
  const user = await registerAndLogin(page, { name: 'Dana Dashboard' });
  const titles = ['One', 'Two', 'Three', 'Four', 'Five'];
  const ids: number[] = [];
  for (const title of titles) ids.push((await createFormViaApi(page, user, { title: `Form ${title}` })).id);
  await publishViaApi(page, user, ids[4]!);
  await submitViaApi(page, ids[4]!, { seed_0: 'x' });

  await page.goto('/dashboard');
  const recent = page.getByRole('list', { name: 'Recent forms' });
  await expect(recent.getByRole('article')).toHaveCount(4);
  await expect(recent.getByRole('heading', { name: 'Form One' })).toHaveCount(0);
  await expect(page.getByText('20.0% of your forms')).toBeVisible();
  // One row per submission, not one per form.
  const submissions = page.getByRole('list', { name: 'Recent submissions' });
  await expect(submissions.getByRole('link')).toHaveCount(1);
  await expect(submissions.getByRole('link', { name: /Form Five.*New response/ })).toBeVisible();
  // The row opens that submission.
  await expect(submissions.getByRole('link')).toHaveAttribute(
    'href',
    /\/submissions\?submission=[0-9a-f-]{36}$/,
  );

  // Duplicate really creates a copy.
  await page.getByRole('button', { name: 'Actions for Form Four' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page.getByText('duplicated')).toBeVisible();
  const list = async () =>
    (
      (await (await page.request.get('/api/forms', { headers: authHeaders(user) })).json()) as {
        forms: { title: string }[];
      }
    ).forms;
  await expect.poll(async () => (await list()).length).toBe(6);
  expect((await list()).filter((f) => f.title.includes('Form Four')).length).toBe(2);

  // Preview opens the public form in a new tab; Delete Form asks first.
  await page.getByRole('button', { name: 'Actions for Form Five' }).click();
  await expect(page.getByRole('menuitem', { name: 'Preview' })).toHaveAttribute('href', `/form/${ids[4]}`);
  await expect(page.getByRole('menuitem', { name: 'Preview' })).toHaveAttribute('target', '_blank');
  await page.getByRole('menuitem', { name: 'Delete Form' }).click();
  await expect(page.getByRole('dialog')).toContainText('1 submission and 0 files');
  await page.getByRole('dialog').getByRole('button', { name: 'Move to Trash' }).click();
  await expect.poll(async () => (await list()).length).toBe(5);
  await expect(page.getByRole('heading', { name: 'Form Five' })).toHaveCount(0);
});
