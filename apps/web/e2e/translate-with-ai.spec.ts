import { expect, test } from '@playwright/test';
import { completion } from '../../server/test/helpers/model-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_PORT } from './support/env.ts';
import { type ModelApp, signInAt, startModelApp } from './support/model-app.ts';

// 'Translate with AI' against a model: a second app server is started for this file, pointed at
// a local OpenAI-compatible server that answers the translations the test scripts.
const PORT = E2E_PORT + 2;
const SHOTS = process.env.SCREENSHOT_DIR;

const FRENCH = {
  translations: [
    { key: 'title', text: 'Déjeuner d’équipe' },
    { key: 'field.lunch_name.label', text: 'Votre nom' },
    { key: 'field.lunch_diet.label', text: 'Régime alimentaire' },
    { key: 'submitButtonText', text: 'Envoyer' },
    // The success message is the text of the form's first ending, translated under its key.
    { key: 'ending.ending_default.message', text: 'Merci pour votre réponse !' },
  ],
};

let app: ModelApp;
// One app server and one scripted model for the file: its tests take turns.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  app = await startModelApp({ port: PORT, name: 'translate', modelName: 'local-test-model' });
});

test.afterAll(async () => {
  await app?.close();
});

test('the model fills the missing French texts as suggestions; one is accepted, then all, or they are discarded', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const headers = await signInAt(page, app.base);
  const created = await page.request.post(`${app.base}/api/forms`, {
    headers,
    data: {
      title: 'Team lunch',
      fields: [
        { id: 'lunch_name', label: 'Your name', type: 'text', field_type: 'text', position: 0 },
        { id: 'lunch_diet', label: 'Dietary needs', type: 'textarea', field_type: 'textarea', position: 1 },
      ],
      translations: { fr: { 'field.lunch_name.label': 'Ton nom' }, de: {} },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`${app.base}/forms/${id}/edit`);
  await page.getByRole('tab', { name: 'Languages' }).click();
  await page.getByRole('button', { name: /^French/ }).click();
  const languages = page.getByRole('list', { name: 'Languages' });
  await expect(languages.getByText('1 of 5 translated')).toBeVisible();
  await expect(page.getByText('The model local-test-model suggests the 4 missing texts')).toBeVisible();

  // Only what is missing is sent; the owner's own translation stays as typed.
  app.model.script(completion(JSON.stringify(FRENCH)));
  await page.getByRole('button', { name: 'Translate with AI' }).click();
  const review = page.getByRole('region', { name: 'Suggested translations' });
  await expect(review).toContainText('The model local-test-model suggested 4 translations.');
  const messages = app.model.requests[0]?.body.messages as { content: string }[] | undefined;
  const sent = JSON.parse(messages?.[1]?.content ?? '');
  expect(sent).toEqual({
    from: 'en (English)',
    to: 'fr (French)',
    texts: [
      { key: 'title', text: 'Team lunch' },
      { key: 'field.lunch_diet.label', text: 'Dietary needs' },
      { key: 'submitButtonText', text: 'Submit' },
      { key: 'ending.ending_default.message', text: 'Thank you for your submission!' },
    ],
  });
  const name = page.getByRole('group', { name: 'Your name' });
  await expect(name.getByLabel('Label in French')).toHaveValue('Ton nom');
  await expect(name.getByText('Suggested:')).toHaveCount(0);
  // Suggestions are not in the form until accepted.
  await expect(languages.getByText('1 of 5 translated')).toBeVisible();
  await expectNoAxeViolations(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/translate-review.png`, fullPage: true });

  const diet = page.getByRole('group', { name: 'Dietary needs' });
  await diet.getByRole('button', { name: 'Accept: Régime alimentaire' }).click();
  await expect(diet.getByLabel('Label in French')).toHaveValue('Régime alimentaire');
  await expect(languages.getByText('2 of 5 translated')).toBeVisible();
  await expect(review).toContainText('suggested 3 translations');

  await review.getByRole('button', { name: 'Accept all' }).click();
  await expect(review).toBeHidden();
  await expect(languages.getByText('5 of 5 translated')).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Title and description' }).getByLabel('Title in French'),
  ).toHaveValue('Déjeuner d’équipe');
  // Accepting all is one step: undo takes the three back at once.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(languages.getByText('2 of 5 translated')).toBeVisible();
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(languages.getByText('5 of 5 translated')).toBeVisible();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const stored = await page.request.get(`${app.base}/api/forms/${id}`, { headers });
  expect(((await stored.json()) as { translations: Record<string, unknown> }).translations.fr).toEqual({
    title: 'Déjeuner d’équipe',
    'field.lunch_name.label': 'Ton nom',
    'field.lunch_diet.label': 'Régime alimentaire',
    submitButtonText: 'Envoyer',
    'ending.ending_default.message': 'Merci pour votre réponse !',
  });

  // German: discarded suggestions leave the form as it was.
  await page.getByRole('button', { name: /^German/ }).click();
  app.model.script(
    completion(JSON.stringify({ translations: [{ key: 'title', text: 'Team-Mittagessen' }] })),
  );
  await page.getByRole('button', { name: 'Translate with AI' }).click();
  await expect(review).toContainText('suggested 1 translation.');
  await review.getByRole('button', { name: 'Discard' }).click();
  await expect(review).toBeHidden();
  await expect(languages.getByText('0 of 5 translated')).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Title and description' }).getByLabel('Title in German'),
  ).toHaveValue('');
});

test('an unusable answer from the model is reported and nothing is suggested', async ({ page }) => {
  const headers = await signInAt(page, app.base);
  const created = await page.request.post(`${app.base}/api/forms`, {
    headers,
    data: { title: 'Book club', fields: [], translations: { es: {} } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await page.goto(`${app.base}/forms/${id}/edit`);
  await page.getByRole('tab', { name: 'Languages' }).click();
  app.model.script(completion('Lo siento.'), completion('{"translations": "no"}'));
  await page.getByRole('button', { name: 'Translate with AI' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    "The model's answer was not a usable translation. Nothing was translated; please try again.",
  );
  await expect(page.getByRole('region', { name: 'Suggested translations' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Languages' }).getByText('0 of 3 translated')).toBeVisible();
});
