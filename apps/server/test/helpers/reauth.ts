import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { sessions } from '../../src/db/schema.ts';
import { hashToken } from '../../src/lib/tokens.ts';
import { bearer } from './two-factor.ts';
import type { TestUser } from './users.ts';
import { createSoftAuthenticator } from './webauthn-authenticator.ts';

export const ORIGIN = 'http://localhost:3000';
export const authenticator = createSoftAuthenticator(ORIGIN);

/**
 * Moves a session's sign-in and last proof `seconds` into the past, as if it had been signed in
 * that long ago and nothing was confirmed since (a token stolen then and used now).
 */
export async function ageSession(app: FastifyInstance, token: string, seconds: number): Promise<void> {
  const at = sql`now() - ${`${seconds} seconds`}::interval`;
  await app.db
    .update(sessions)
    .set({ createdAt: at, provedAt: at })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

/** Eleven minutes since the sign-in: past the 10-minute window. */
export const STALE_SECONDS = 11 * 60;

export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  user: Pick<TestUser, 'token'> | null,
  payload?: object,
) {
  return app.inject({ method, url, payload, headers: user ? bearer(user) : {} });
}

export function createApiKey(app: FastifyInstance, user: TestUser, name = 'Integration') {
  return call(app, 'POST', '/api/account/api-keys', user, { name, scopes: ['forms:read', 'forms:write'] });
}

/** Registers a passkey with the software authenticator (the session must have a recent proof). */
export async function addPasskey(app: FastifyInstance, user: TestUser, name: string) {
  const start = await call(app, 'POST', '/api/auth/passkeys/options', user);
  expect(start.statusCode, start.body).toBe(200);
  const { challenge_token, options } = start.json();
  const { passkey, response } = authenticator.register(options);
  const res = await call(app, 'POST', '/api/auth/passkeys', user, { challenge_token, name, response });
  expect(res.statusCode, res.body).toBe(201);
  const added = (res.json().status.passkeys as { id: string; name: string }[]).find((p) => p.name === name)!;
  return { passkey, id: added.id };
}

/** What a refused sensitive change answers. */
export function expectReauthRequired(res: { statusCode: number; json: () => unknown }): void {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ code: 'REAUTH_REQUIRED', error: expect.stringContaining('Confirm') });
}
