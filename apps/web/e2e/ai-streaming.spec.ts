import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type ModelServer, startModelServer, streamed } from '../../server/test/helpers/model-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E_DIR, E2E_PORT } from './support/env.ts';
import { uniqueEmail } from './support/login.ts';

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

let model: ModelServer;
let server: ChildProcess;

test.beforeAll(async () => {
  model = await startModelServer();
  const dataDir = path.join(E2E_DIR, 'data-ai-stream');
  rmSync(dataDir, { recursive: true, force: true });
  server = spawn(process.execPath, [path.resolve(import.meta.dirname, '../../server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      RATE_LIMIT_FACTOR: '1000',
      LOG_LEVEL: 'warn',
      AI_BASE_URL: model.baseUrl,
      AI_MODEL: 'local-test-model',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`${BASE}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the second app server did not start');
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  if (server) await new Promise((r) => server.once('exit', r));
  await model?.close();
});

test('a model streams the form into the dialog, which names the model', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('stream');
  const password = 'correct-horse-battery';
  const register = await page.request.post(`${BASE}/api/auth/register`, {
    data: { name: 'Sam Stream', email, password, confirmPassword: password, acceptTerms: true },
  });
  expect(register.ok(), await register.text()).toBe(true);
  const login = await page.request.post(`${BASE}/api/auth/login`, { data: { email, password } });
  expect(login.ok(), await login.text()).toBe(true);
  const session = (await login.json()) as { token: string; expires_in: number };
  await page.addInitScript(
    ({ token, expiresIn }) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('token_expiration', String(Date.now() + expiresIn * 1000));
    },
    { token: session.token, expiresIn: session.expires_in },
  );

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
