import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFormPage } from './support/fill-page.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';
import { createFormViaApi, publishViaApi } from './support/seed-forms.ts';

// What a newcomer meets in their first hour: the landing page, a form answered one question at a
// time on a phone, duplicating forms and sorting them into folders, an unlisted form.

const VIEWS = [
  { width: 1366, height: 900 },
  { width: 375, height: 740 },
] as const;
const THEMES = ['light', 'dark'] as const;

/** Opens `path` in the theme a returning visitor chose. */
async function openInTheme(page: Page, path: string, theme: (typeof THEMES)[number]) {
  await page.addInitScript((dark) => localStorage.setItem('darkMode', dark), String(theme === 'dark'));
  await page.goto(path);
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

for (const theme of THEMES) {
  for (const view of VIEWS) {
    test(`the landing page shows real screenshots and counted facts, ${theme} at ${view.width} px, axe clean`, async ({
      page,
    }) => {
      await page.setViewportSize(view);
      await openInTheme(page, '/', theme);
      const editor = page.getByRole('img', { name: /^The form editor/ });
      await expect(editor).toBeVisible();
      // The capture of the theme shown is the one loaded.
      expect(await editor.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(
        `editor-${theme}.webp`,
      );
      await expect.poll(() => editor.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
      await expect(page.getByText('1.2K')).toHaveCount(0);
      expect(await noSidewaysScroll(page)).toBe(view.width);
      // Every lazy screenshot in view once, so the page is judged (and pictured) whole.
      for (const img of await page.getByRole('img', { name: /screenshot|sees it|analytics/i }).all())
        if (await img.isVisible()) await img.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `/tmp/first-hour-landing-${theme}-${view.width}.png`, fullPage: true });
    });
  }
}

let owner: TestUser;
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  owner = await registerAndLogin(page);
  await page.close();
});

/** Makes and publishes a form through the API; answers its id. */
async function publishedForm(page: Page, input: Record<string, unknown>): Promise<number> {
  const res = await page.request.post('/api/forms', {
    headers: authHeaders(owner),
    data: { submit_button_text: 'Send', success_message: 'Thank you!', ...input },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const published = await page.request.post(`/api/forms/${id}/publish`, { headers: authHeaders(owner) });
  expect(published.ok(), await published.text()).toBe(true);
  return id;
}

const choices = (...labels: string[]) => labels.map((label) => ({ label, value: label.toLowerCase() }));

const POLL = {
  title: 'Lunch poll',
  display: 'one_at_a_time',
  fields: [
    { id: 'name', type: 'text', label: 'Your name', validation: { required: true } },
    { id: 'drink', type: 'radio', label: 'Coffee or tea?', options: choices('Coffee', 'Tea') },
    { id: 'note', type: 'statement', label: 'Almost done', helpText: 'Two more questions.' },
    { id: 'extras', type: 'checkbox', label: 'Extras', options: choices('Milk', 'Sugar', 'Honey') },
    { id: 'again', type: 'yes_no', label: 'Would you come again?' },
  ].map((field, position) => ({ position, ...field })),
};

for (const theme of THEMES) {
  test(`one question at a time moves the focus into each new question and names where it is (${theme}, 375 px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const id = await publishedForm(page, POLL);
    await page.emulateMedia({ colorScheme: theme });
    await openFormPage(page, `/form/${id}`);
    const question = (n: number) => page.getByRole('group', { name: `Question ${n} of 5` });
    await page.getByLabel('Your name').fill('Grace');
    await page.getByRole('button', { name: 'Next' }).click();

    // A choice question: the focus is on its first option, inside the screen named for screen readers.
    await expect(page.getByRole('radio', { name: 'Coffee' })).toBeFocused();
    await expect(question(2).getByRole('radio', { name: 'Coffee' })).toBeFocused();
    await page.getByRole('radio', { name: 'Tea' }).check();
    await page.getByRole('button', { name: 'Next' }).click();

    // A statement asks nothing: the screen itself takes the focus, and says which it is.
    await expect(question(3)).toBeFocused();
    await expect(question(3)).toContainText('Almost done');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(question(4).getByRole('checkbox', { name: 'Milk' })).toBeFocused();
    await expectNoAxeViolations(page);

    // Back returns the focus to the answer given.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(question(2).getByRole('radio', { name: 'Tea' })).toBeFocused();
    expect(await noSidewaysScroll(page)).toBe(375);
  });
}

for (const theme of THEMES) {
  for (const view of VIEWS) {
    test(`radio and checkbox options are whole rows at least 44 px tall, like Yes and No (${theme}, ${view.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(view);
      const id = await publishedForm(page, {
        title: 'Workshop sign-up',
        fields: [
          { id: 'session', type: 'radio', label: 'Session', options: choices('Morning', 'Afternoon') },
          { id: 'diet', type: 'checkbox', label: 'Dietary needs', options: choices('Vegetarian', 'Vegan') },
          { id: 'again', type: 'yes_no', label: 'First time?' },
        ].map((field, position) => ({ position, ...field })),
      });
      await page.emulateMedia({ colorScheme: theme });
      await openFormPage(page, `/form/${id}`);
      const rows = page.locator('label:has(input[type=radio]), label:has(input[type=checkbox])');
      await expect(rows).toHaveCount(6);
      for (const row of await rows.all()) {
        const box = await row.boundingBox();
        expect(box?.height ?? 0, await row.innerText()).toBeGreaterThanOrEqual(44);
      }
      // A tap anywhere on the row picks the option, not only on its small circle.
      const afternoon = page.locator('label', { has: page.getByRole('radio', { name: 'Afternoon' }) });
      const box = (await afternoon.boundingBox())!;
      await page.mouse.click(box.x + box.width - 12, box.y + box.height / 2);
      await expect(page.getByRole('radio', { name: 'Afternoon' })).toBeChecked();
      expect(await noSidewaysScroll(page)).toBe(view.width);
      await expectNoAxeViolations(page);
    });
  }
}

test('duplicates a form from the forms list and from the editor', async ({ page }) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, {
    title: 'Volunteer sign-up',
    fields: [{ label: 'Your name', type: 'text' }],
  });
  await page.goto('/dashboard/forms');
  const card = page.getByRole('article', { name: 'Volunteer sign-up' });
  await card.getByRole('button', { name: 'Duplicate Volunteer sign-up' }).click();
  await expect(card.getByText('Duplicated as “Volunteer sign-up (Copy)”')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Volunteer sign-up (Copy)' })).toBeVisible();

  // From the editor: the last edit is saved first, and the copy opens.
  await page.goto(`/forms/${form.id}/edit`);
  await page.getByRole('button', { name: 'Duplicate this form' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/forms/${form.id}/edit$`));
  await expect(page).toHaveURL(/\/forms\/\d+\/edit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Volunteer sign-up (Copy)' })).toBeVisible();
  const list = await page.request.get('/api/forms', { headers: authHeaders(user) });
  const titles = ((await list.json()) as { forms: { title: string }[] }).forms.map((f) => f.title).sort();
  expect(titles).toEqual(['Volunteer sign-up', 'Volunteer sign-up (Copy)', 'Volunteer sign-up (Copy)']);
});

for (const theme of THEMES) {
  for (const view of VIEWS) {
    test(`sorts forms into folders and shows one folder at a time (${theme}, ${view.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(view);
      const user = await registerAndLogin(page);
      for (const title of ['Spring fair stalls', 'Newsletter sign-up', 'Staff survey'])
        await createFormViaApi(page, user, { title });
      await openInTheme(page, '/dashboard/forms', theme);
      const folders = page.getByRole('navigation', { name: 'Folders' });
      await expect(folders.getByRole('link', { name: 'All forms' })).toHaveAttribute('aria-current', 'page');

      await page.getByRole('button', { name: 'New folder' }).click();
      await page.getByLabel('Folder name').fill('Events');
      await page.getByRole('button', { name: 'Create folder' }).click();
      await expect(folders.getByRole('link', { name: /^Events/ })).toBeVisible();

      await page.getByLabel('Folder of Spring fair stalls').selectOption({ label: 'Folder: Events' });
      await expect(page.getByText('Moved to “Events”')).toBeVisible();
      await expect(folders.getByRole('link', { name: 'Events, 1 form' })).toBeVisible();

      await folders.getByRole('link', { name: /^Events/ }).click();
      await expect(page).toHaveURL(/\?folder=\d+$/);
      const cards = page.getByRole('list', { name: 'Forms' }).getByRole('article');
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toHaveAccessibleName('Spring fair stalls');
      await folders.getByRole('link', { name: 'No folder' }).click();
      await expect(cards).toHaveCount(2);
      expect(await noSidewaysScroll(page)).toBe(view.width);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `/tmp/first-hour-forms-${theme}-${view.width}.png`, fullPage: true });

      // Renaming and deleting a folder; its forms stay, in no folder.
      await folders.getByRole('link', { name: /^Events/ }).click();
      await page.getByRole('button', { name: 'Rename folder' }).click();
      await page.getByLabel('New name for “Events”').fill('Fairs');
      await page.getByRole('button', { name: 'Rename', exact: true }).click();
      await expect(folders.getByRole('link', { name: /^Fairs/ })).toBeVisible();
      await page.getByRole('button', { name: 'Delete folder' }).click();
      await expect(page.getByRole('alertdialog')).toContainText('Its forms stay, in no folder.');
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Yes, delete it' }).click();
      await expect(folders.getByRole('link', { name: 'All forms' })).toHaveAttribute('aria-current', 'page');
      await expect(folders.getByRole('link', { name: /^Fairs/ })).toHaveCount(0);
      await expect(cards).toHaveCount(3);
    });
  }
}

test('an unlisted form: only its custom link opens it, its number answers Form Unavailable', async ({
  page,
  browser,
}) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, { title: 'Board ballot' });
  await publishViaApi(page, user, form.id);
  const slug = `ballot-${Date.now().toString(36)}`;
  await page.goto(`/forms/${form.id}/settings`);
  await page.getByRole('textbox', { name: 'Custom address' }).fill(slug);
  await page.getByRole('switch', { name: 'Only reachable by its custom address' }).click();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();

  const stranger = await browser.newPage();
  await openFormPage(stranger, `/form/${form.id}`);
  await expect(stranger.getByRole('heading', { name: 'Form Unavailable' })).toBeVisible();
  await expect(stranger.getByText('Board ballot')).toHaveCount(0);
  await openFormPage(stranger, `/form/${slug}`);
  await expect(stranger.getByRole('heading', { name: 'Board ballot' })).toBeVisible();
  await stranger.close();
});
