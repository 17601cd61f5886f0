import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';
import { createFormViaApi } from './support/seed-forms.ts';

const SHOTS = process.env.SCREENSHOT_DIR;

async function storedTranslations(page: Page, user: TestUser, id: number) {
  const res = await page.request.get(`/api/forms/${id}`, { headers: authHeaders(user) });
  return ((await res.json()) as { translations: Record<string, Record<string, string>> }).translations;
}

async function lunchForm(page: Page, user: TestUser) {
  return createFormViaApi(page, user, {
    title: 'Team lunch',
    fields: [
      { label: 'Your name', type: 'text', required: true },
      { label: 'Dietary needs', type: 'textarea' },
    ],
  });
}

test('French is added, two labels translated side by side, kept through autosave and a reload, removed and undone', async ({
  page,
}) => {
  const user = await registerAndLogin(page);
  const form = await lunchForm(page, user);
  await page.goto(`/forms/${form.id}/edit`);
  await page.getByRole('tab', { name: 'Languages' }).click();
  await expect(
    page.getByText('No other languages yet: respondents all see the English texts.'),
  ).toBeVisible();

  await page.getByLabel('Add a language').selectOption({ label: 'French' });
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const languages = page.getByRole('list', { name: 'Languages' });
  await expect(languages.getByText('0 of 5 translated')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'French' })).toBeVisible();

  // Untranslated items say what respondents get instead.
  const name = page.getByRole('group', { name: 'Your name' });
  await expect(name.getByText('Not translated: respondents see the English text.')).toBeVisible();
  await name.getByLabel('Label in French').fill('Votre nom');
  await expect(name.getByText('Not translated: respondents see the English text.')).toBeHidden();
  await page
    .getByRole('group', { name: 'Dietary needs' })
    .getByLabel('Label in French')
    .fill('Régime alimentaire');
  await expect(languages.getByText('2 of 5 translated')).toBeVisible();
  await expect(page.getByText('2 of 5 translated').first()).toBeVisible();

  // Missing only: what was left to do when it was turned on.
  await page.getByLabel('Missing only').check();
  await expect(page.getByRole('group', { name: 'Your name' })).toBeHidden();
  await expect(page.getByRole('group', { name: 'Title and description' })).toBeVisible();
  await page.getByLabel('Missing only').uncheck();

  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  expect(await storedTranslations(page, user, form.id)).toEqual({
    fr: { 'field.seed_0.label': 'Votre nom', 'field.seed_1.label': 'Régime alimentaire' },
  });

  await page.reload();
  await page.getByRole('tab', { name: 'Languages' }).click();
  await expect(languages.getByText('2 of 5 translated')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Your name' }).getByLabel('Label in French')).toHaveValue(
    'Votre nom',
  );

  // Removing a language with translations asks first; undo brings it back with them.
  await page.getByRole('button', { name: 'Remove French' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove French?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('No other languages yet')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(languages.getByText('2 of 5 translated')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Dietary needs' }).getByLabel('Label in French')).toHaveValue(
    'Régime alimentaire',
  );
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  expect(Object.keys(await storedTranslations(page, user, form.id))).toEqual(['fr']);
});

test('on a new form, adding a language is its first edit: the form is stored with it', async ({ page }) => {
  const user = await registerAndLogin(page);
  await page.goto('/forms/new');
  await page.getByRole('tab', { name: 'Languages' }).click();
  await page.getByLabel('Default language').selectOption({ label: 'German' });
  await page.getByLabel('Add a language').selectOption({ label: 'Italian' });
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/\/forms\/\d+\/edit$/);
  await expect(page.getByRole('heading', { name: 'Italian' })).toBeVisible();
  await page
    .getByRole('group', { name: 'Title and description' })
    .getByLabel('Title in Italian')
    .fill('Modulo');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const id = Number(/\/forms\/(\d+)\/edit$/.exec(page.url())?.[1]);
  const stored = await page.request.get(`/api/forms/${id}`, { headers: authHeaders(user) });
  expect(await stored.json()).toMatchObject({ language: 'de', translations: { it: { title: 'Modulo' } } });
});

test("the preview switches to French, the page's own words included, with untranslated items in English", async ({
  page,
}) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, {
    title: 'Team lunch',
    fields: [
      { label: 'Your name', type: 'text', required: true },
      { label: 'Dietary needs', type: 'textarea' },
      { label: 'Dessert too?', type: 'yes_no' },
    ],
  });
  const saved = await page.request.put(`/api/forms/${form.id}`, {
    headers: authHeaders(user),
    data: { translations: { fr: { title: 'Déjeuner d’équipe', 'field.seed_0.label': 'Votre nom' } } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.goto(`/forms/${form.id}/edit`);
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByTestId('preview-frame');
  await expect(preview.getByRole('heading', { name: 'Team lunch' })).toBeVisible();
  await expect(
    preview.getByRole('group', { name: 'Dessert too?' }).getByRole('radio', { name: 'Yes' }),
  ).toBeVisible();

  await page.getByLabel('Preview language').selectOption({ label: 'French' });
  await expect(preview).toHaveAttribute('lang', 'fr');
  await expect(preview.getByRole('heading', { name: 'Déjeuner d’équipe' })).toBeVisible();
  await expect(preview.getByLabel('Votre nom')).toBeVisible();
  await expect(preview.getByLabel('Dietary needs')).toBeVisible();
  const dessert = preview.getByRole('group', { name: 'Dessert too?' });
  await expect(dessert.getByRole('radio', { name: 'Oui' })).toBeVisible();
  await expect(dessert.getByRole('radio', { name: 'Non' })).toBeVisible();
  await expectNoAxeViolations(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/preview-fr.png`, fullPage: true });
});

test("the closed message and the confirmation mail, kept in the form's settings, are translated here too", async ({
  page,
}) => {
  const user = await registerAndLogin(page);
  const form = await createFormViaApi(page, user, {
    title: 'Team lunch',
    fields: [{ label: 'Email', type: 'email', required: true }],
  });
  const headers = authHeaders(user);
  const limits = await page.request.put(`/api/forms/${form.id}/limits`, {
    headers,
    data: {
      response_limit: null,
      opens_at: null,
      closes_at: null,
      time_zone: 'UTC',
      closed_message: 'Orders are closed.',
      one_response_per_browser: false,
    },
  });
  expect(limits.ok(), await limits.text()).toBe(true);
  const mail = await page.request.put(`/api/forms/${form.id}/confirmation`, {
    headers,
    data: {
      enabled: true,
      email_field_id: 'seed_0',
      subject: 'Your lunch order',
      message: 'See you at noon.',
      include_answers: false,
    },
  });
  expect(mail.ok(), await mail.text()).toBe(true);

  await page.goto(`/forms/${form.id}/edit`);
  await page.getByRole('tab', { name: 'Languages' }).click();
  await page.getByLabel('Add a language').selectOption({ label: 'Spanish' });
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Languages' }).getByText('0 of 7 translated')).toBeVisible();
  await page
    .getByRole('group', { name: 'When the form is closed' })
    .getByLabel('Closed message in Spanish')
    .fill('Los pedidos están cerrados.');
  const confirmation = page.getByRole('group', { name: 'Confirmation mail' });
  await expect(confirmation.getByText('Your lunch order')).toBeVisible();
  await confirmation.getByLabel('Mail subject in Spanish').fill('Tu pedido de almuerzo');
  await expect(page.getByRole('list', { name: 'Languages' }).getByText('2 of 7 translated')).toBeVisible();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  expect(await storedTranslations(page, user, form.id)).toEqual({
    es: { closedMessage: 'Los pedidos están cerrados.', 'confirmation.subject': 'Tu pedido de almuerzo' },
  });
});

for (const [scheme, width] of [
  ['light', 1280],
  ['dark', 1280],
  ['light', 375],
  ['dark', 375],
] as const) {
  test(`the Languages tab is accessible and fits (${scheme}, ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    const user = await registerAndLogin(page);
    const form = await lunchForm(page, user);
    const saved = await page.request.put(`/api/forms/${form.id}`, {
      headers: authHeaders(user),
      data: { translations: { fr: { 'field.seed_0.label': 'Votre nom' }, ar: {} } },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await page.goto(`/forms/${form.id}/edit`);
    await page.getByRole('tab', { name: 'Languages' }).click();
    await expect(page.getByRole('list', { name: 'Languages' }).getByText('1 of 5 translated')).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/languages-${scheme}-${width}.png`, fullPage: true });

    // Arabic is typed right to left beside the English.
    await page.getByRole('button', { name: /^Arabic/ }).click();
    const label = page.getByRole('group', { name: 'Your name' }).getByLabel('Label in Arabic');
    await expect(label).toHaveAttribute('dir', 'rtl');
    await label.fill('اسمك');
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
