import { expect, test } from '@playwright/test';
import { streamed } from '../../server/test/helpers/model-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_PORT } from './support/env.ts';
import { type ModelApp, signInAt, startModelApp } from './support/model-app.ts';

// Generation streamed from a model: a second app server is started for this file, pointed at a
// local OpenAI-compatible server that writes its form slowly, so the dialog shows the fields
// while they arrive and names the model.
const PORT = E2E_PORT + 1;
const BASE = `http://localhost:${PORT}`;
const SHOTS = process.env.SCREENSHOT_DIR;

const MODEL_FORM = {
  title: 'Pottery Class Booking',
  description: 'Book a seat in one of our pottery classes.',
  fields: [
    {
      label: 'Your name',
      type: 'text',
      required: true,
      options: [],
      placeholder: null,
      help_text: null,
      min: null,
      max: null,
    },
    {
      label: 'Class',
      type: 'radio',
      required: true,
      options: ['Wheel throwing', 'Hand building'],
      placeholder: null,
      help_text: null,
      min: null,
      max: null,
    },
    {
      label: 'How many seats',
      type: 'number',
      required: false,
      options: [],
      placeholder: null,
      help_text: null,
      min: 1,
      max: 4,
    },
  ],
};

let app: ModelApp;

test.beforeAll(async () => {
  app = await startModelApp({ port: PORT, name: 'ai-stream', modelName: 'local-test-model' });
});

test.afterAll(async () => {
  await app?.close();
});

test('a model streams the form into the dialog, which names the model', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAt(page, BASE);
  const { model } = app;

  // 24 characters every 150 ms: the whole form takes a few seconds to arrive.
  model.script(streamed(JSON.stringify(MODEL_FORM), { chunk: 24, pauseMs: 150 }));
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto(`${BASE}/forms/ai-builder`);
  const dialog = page.getByRole('dialog', { name: 'Generate a form with AI' });
  await expect(dialog.getByText('Answers come from the model local-test-model.')).toBeVisible();
  await dialog.getByLabel('Form description').fill('pottery class booking');
  await dialog.getByRole('button', { name: 'Generate' }).click();

  const preview = dialog.getByRole('list', { name: 'Generated fields' });
  await expect(preview.getByText('Your name')).toBeVisible();
  // The first field is shown while the model is still writing the rest.
  await expect(dialog.getByRole('button', { name: 'Generating...' })).toBeVisible();
  await expectNoAxeViolations(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/ai-streaming.png`, fullPage: true });

  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const fields = page.getByRole('list', { name: 'Form fields' });
  await expect(fields.getByRole('button', { name: /^Select Your name/ })).toBeVisible();
  await expect(fields.getByRole('button', { name: /^Select How many seats/ })).toBeVisible();
  expect(model.requests[0]?.body).toMatchObject({ stream: true, model: 'local-test-model' });
});
