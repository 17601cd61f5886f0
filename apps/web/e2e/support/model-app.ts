import { expect, type Page } from '@playwright/test';
import { type ModelServer, startModelServer } from '../../../server/test/helpers/model-server.ts';
import { uniqueEmail } from './login.ts';
import { startOwnApp } from './own-app.ts';

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
  try {
    const app = await startOwnApp({
      port: input.port,
      name: input.name,
      env: { AI_BASE_URL: model.baseUrl, AI_MODEL: input.modelName },
    });
    const close = async () => {
      await app.close();
      await model.close();
    };
    return { base: app.base, model, close };
  } catch (err) {
    await model.close();
    throw err;
  }
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
