import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openFormPage } from './support/fill-page.ts';
import { authHeaders, registerAndLogin, type TestUser } from './support/login.ts';

// A form in English with French and Arabic: the respondent's page picks the language from the
// browser or ?lang=, lays Arabic out right to left, and switching keeps every answer.

const SHOTS = '/tmp/shots-i18n19a';

let owner: TestUser;
let formId: number;
let pagedId: number;

const FIELDS = [
  { id: 'name', type: 'text', label: 'Your name', validation: { required: true } },
  {
    id: 'meal',
    type: 'radio',
    label: 'Meal',
    validation: { required: true },
    options: [
      { id: 'o1', label: 'Fish', value: 'fish' },
      { id: 'o2', label: 'Vegetables', value: 'veg' },
    ],
  },
  { id: 'notes', type: 'textarea', label: 'Anything else?' },
];

const TRANSLATIONS = {
  fr: {
    title: 'Déjeuner d’équipe',
    description: 'Dites-nous ce qui vous ferait plaisir',
    'field.name.label': 'Votre nom',
    'field.meal.label': 'Repas',
    'field.meal.option.o1': 'Poisson',
    'field.meal.option.o2': 'Légumes',
  },
  ar: {
    title: 'غداء الفريق',
    description: 'أخبرنا بما تفضّل',
    'field.name.label': 'اسمك',
    'field.meal.label': 'الوجبة',
    'field.meal.option.o1': 'سمك',
    'field.meal.option.o2': 'خضار',
    'field.notes.label': 'هل من شيء آخر؟',
  },
};

async function publish(page: Page, data: Record<string, unknown>): Promise<number> {
  const res = await page.request.post('/api/forms', { headers: authHeaders(owner), data });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const published = await page.request.post(`/api/forms/${id}/publish`, { headers: authHeaders(owner) });
  expect(published.ok(), await published.text()).toBe(true);
  return id;
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  owner = await registerAndLogin(page);
  const base = { description: 'Tell us what you would like', language: 'en', translations: TRANSLATIONS };
  formId = await publish(page, { ...base, title: 'Team lunch', fields: FIELDS });
  pagedId = await publish(page, {
    ...base,
    title: 'Team lunch, one at a time',
    fields: FIELDS,
    display: 'one_at_a_time',
  });
  await page.close();
});

test.describe('a French browser', () => {
  test.use({ locale: 'fr-FR' });

  test('gets the form and the page in French, with French validation messages', async ({ page }) => {
    await openFormPage(page, `/form/${formId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Déjeuner d’équipe' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByLabel('Votre nom')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Poisson' })).toBeVisible();
    // No French translation of this label: the English text, for that item only.
    await expect(page.getByLabel('Anything else?')).toBeVisible();
    await expect(page.getByText('Propulsé par')).toBeVisible();
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByText('Ce champ est obligatoire').first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/fr-validation.png`, fullPage: true });
  });
});

test('?lang=ar lays the page out right to left and is axe clean', async ({ page }) => {
  await openFormPage(page, `/form/${formId}?lang=ar`);
  await expect(page.getByRole('heading', { level: 1, name: 'غداء الفريق' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('button', { name: 'إرسال' })).toBeVisible();
  // Right to left: the label starts at the card's right edge.
  const label = await page.locator('label', { hasText: 'اسمك' }).boundingBox();
  const input = await page.getByLabel('اسمك').boundingBox();
  expect(label && input && label.x + label.width).toBeGreaterThan((input?.x ?? 0) + (input?.width ?? 0) - 4);
  await page.screenshot({ path: `${SHOTS}/ar-light.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole('button', { name: 'إرسال' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/ar-dark-375.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
});

test('the switcher changes the language without losing answers, and the submission records it', async ({
  page,
}) => {
  await openFormPage(page, `/form/${formId}`);
  const switcher = page.getByLabel('Language');
  await expect(switcher).toHaveValue('en');
  await page.getByLabel('Your name').fill('Zoé');
  await page.getByRole('radio', { name: 'Vegetables' }).check();
  await page.getByLabel('Anything else?').fill('No nuts, please');
  await switcher.selectOption('fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Déjeuner d’équipe' })).toBeVisible();
  await expect(page.getByLabel('Votre nom')).toHaveValue('Zoé');
  await expect(page.getByRole('radio', { name: 'Légumes' })).toBeChecked();
  await expect(page.getByLabel('Anything else?')).toHaveValue('No nuts, please');
  // The choice is in the address, so a reload keeps it.
  expect(new URL(page.url()).searchParams.get('lang')).toBe('fr');
  await expect(page.getByLabel('Langue')).toHaveValue('fr');
  await page.screenshot({ path: `${SHOTS}/switched-fr.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await page.waitForTimeout(3200);
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByRole('heading', { name: 'Formulaire envoyé' })).toBeVisible();
  await expect(page.getByText('Merci pour votre réponse !')).toBeVisible();
  const res = await page.request.get(`/api/form-submissions/forms/${formId}/submissions`, {
    headers: authHeaders(owner),
  });
  const [stored] = (await res.json()).items as { language: string; data: Record<string, unknown> }[];
  expect(stored).toMatchObject({
    language: 'fr',
    data: { name: 'Zoé', meal: 'veg', notes: 'No nuts, please' },
  });
});

test('one question at a time: switching keeps the answer and the screen', async ({ page }) => {
  await openFormPage(page, `/form/${pagedId}`);
  await page.getByLabel('Your name').fill('Sami');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Question 2 of 3')).toBeVisible();
  // A person reaches the switcher first (the focus leaves the question), then picks.
  await page.getByLabel('Language').focus();
  await page.getByLabel('Language').selectOption('ar');
  await expect(page.getByText('السؤال ٢ من ٣').or(page.getByText('السؤال 2 من 3'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'السابق' }).click();
  await expect(page.getByLabel('اسمك')).toHaveValue('Sami');
  await page.screenshot({ path: `${SHOTS}/one-at-a-time-ar.png`, fullPage: true });
});

test('the owner sees each submission’s language and filters by it', async ({ page }) => {
  const id = await publish(page, {
    title: 'Team lunch, answered',
    language: 'en',
    translations: TRANSLATIONS,
    fields: FIELDS,
  });
  const send = async (lang: string, name: string) => {
    const res = await page.request.post(`/api/form-submissions/forms/${id}/submit`, {
      data: { lang, data: { name, meal: 'fish', _honeypot: '', _formLoadTime: Date.now() - 10_000 } },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  await send('fr', 'Zoé');
  await send('ar', 'Sami');
  await send('en', 'Ada');
  await page.addInitScript((token) => {
    localStorage.setItem('auth_token', token);
    localStorage.setItem('token_expiration', String(Date.now() + 86_400_000));
  }, owner.token);
  await page.goto(`/forms/${id}/submissions`);
  const table = page.getByRole('table', { name: 'Submissions' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('columnheader', { name: 'Language' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Zoé' })).toContainText('French');
  // The choice was stored by value: the owner reads it in the form's own language.
  await expect(table.getByRole('row').filter({ hasText: 'Sami' })).toContainText('Fish');
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByLabel('Language').selectOption({ label: 'Arabic' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Sami');
  await page.screenshot({ path: `${SHOTS}/owner-language-filter.png`, fullPage: true });
  await expectNoAxeViolations(page);
});
