import { expect, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './env.ts';
import { waitForMailLink } from './mail.ts';

export type TestUser = { name: string; email: string; password: string; token: string };

let counter = 0;

/** A unique address per call, so journeys running in parallel never share an account. */
export function uniqueEmail(prefix = 'owner'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${process.pid}-${counter}@example.test`;
}

/** Registers a user through the API and follows the mailed verification link; not signed in. */
export async function registerVerified(
  page: Page,
  options: { name?: string; email?: string } = {},
): Promise<Omit<TestUser, 'token'>> {
  const name = options.name ?? 'Olivia Owner';
  const email = options.email ?? uniqueEmail();
  const password = 'correct-horse-battery';
  const register = await page.request.post('/api/auth/register', {
    data: { name, email, password, confirmPassword: password, acceptTerms: true },
  });
  expect(register.ok(), await register.text()).toBe(true);

  const link = await waitForMailLink(email, `${E2E_BASE_URL}/verify-email?token=`);
  const token = new URL(link).searchParams.get('token');
  const verify = await page.request.get(`/api/auth/verify/${token}`);
  expect(verify.ok(), await verify.text()).toBe(true);
  return { name, email, password };
}

/**
 * Registers a verified user (registerVerified), logs in, and makes the page start signed in
 * (auth_token and token_expiration in localStorage before any script runs).
 */
export async function registerAndLogin(
  page: Page,
  options: { name?: string; email?: string } = {},
): Promise<TestUser> {
  const { name, email, password } = await registerVerified(page, options);
  const login = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok(), await login.text()).toBe(true);
  const session = (await login.json()) as { token: string; expires_in: number };

  await page.addInitScript(
    ({ token: t, expiresIn }) => {
      localStorage.setItem('auth_token', t);
      localStorage.setItem('token_expiration', String(Date.now() + expiresIn * 1000));
    },
    { token: session.token, expiresIn: session.expires_in },
  );
  return { name, email, password, token: session.token };
}

/** Headers for calling the API directly as that user (to arrange data quickly). */
export function authHeaders(user: TestUser): Record<string, string> {
  return { authorization: `Bearer ${user.token}` };
}
