import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { type ModelServer, startModelServer } from '../../../server/test/helpers/model-server.ts';
import { E2E_DIR } from './env.ts';
import { uniqueEmail } from './login.ts';

/** An app server of its own, pointed at a local OpenAI-compatible model the test scripts. */
export type ModelApp = { base: string; model: ModelServer; close: () => Promise<void> };

/**
 * Starts a local model server and a second app server on `port` (its own PGlite data folder)
 * with AI_BASE_URL pointing at it, and waits until the app answers.
 */
export async function startModelApp(input: {
  port: number;
  name: string;
  modelName: string;
}): Promise<ModelApp> {
  const model = await startModelServer();
  const base = `http://localhost:${input.port}`;
  const dataDir = path.join(E2E_DIR, `data-${input.name}`);
  rmSync(dataDir, { recursive: true, force: true });
  const server: ChildProcess = spawn(
    process.execPath,
    [path.resolve(import.meta.dirname, '../../../server/dist/main.js')],
    {
      env: {
        ...process.env,
        PORT: String(input.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        RATE_LIMIT_FACTOR: '1000',
        LOG_LEVEL: 'warn',
        AI_BASE_URL: model.baseUrl,
        AI_MODEL: input.modelName,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const close = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await model.close();
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, model, close };
    await new Promise((r) => setTimeout(r, 200));
  }
  await close();
  throw new Error('the second app server did not start');
}

/**
 * Registers and signs in on that server (an unverified account may build forms), making the page
 * start signed in there. Answers the bearer headers for arranging data through its API.
 */
export async function signInAt(page: Page, base: string): Promise<Record<string, string>> {
  const email = uniqueEmail('model');
  const password = 'correct-horse-battery';
  const register = await page.request.post(`${base}/api/auth/register`, {
    data: { name: 'Sam Model', email, password, confirmPassword: password, acceptTerms: true },
  });
  expect(register.ok(), await register.text()).toBe(true);
  const login = await page.request.post(`${base}/api/auth/login`, { data: { email, password } });
  expect(login.ok(), await login.text()).toBe(true);
  const session = (await login.json()) as { token: string; expires_in: number };
  await page.addInitScript(
    ({ token, expiresIn }) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('token_expiration', String(Date.now() + expiresIn * 1000));
    },
    { token: session.token, expiresIn: session.expires_in },
  );
  return { authorization: `Bearer ${session.token}` };
}
