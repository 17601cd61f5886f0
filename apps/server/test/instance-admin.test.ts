import { API_KEY_SCOPES } from '@formsmith/core/api-keys/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind } from './helpers/app.ts';
import { type OwnDatabase, ownTestDatabase } from './helpers/own-database.ts';

/**
 * A new instance's first account is its administrator (who connects the server-wide sign-on
 * provider); every later one is an ordinary account. It needs an empty database of its own.
 */
describe(`the instance's first account (${dbKind})`, () => {
  let own: OwnDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    own = await ownTestDatabase();
    app = await createTestApp({ env: own.env });
  });
  afterAll(async () => {
    await app.close();
    await own.drop();
  });

  const registerAndSignIn = async (email: string) => {
    const password = 'a long enough password';
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: email, email, password, confirmPassword: password, acceptTerms: true },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(login.statusCode, login.body).toBe(200);
    return { authorization: `Bearer ${login.json().token}` };
  };
  const roleOf = async (headers: { authorization: string }) =>
    (await app.inject({ method: 'GET', url: '/api/auth/current', headers })).json().role;

  it('makes the first account to register the administrator, and the next ones users', async () => {
    const first = await registerAndSignIn('first@example.com');
    const second = await registerAndSignIn('second@example.com');
    expect(await roleOf(first)).toBe('admin');
    expect(await roleOf(second)).toBe('user');
    // What only the administrator may do answers the second account as if it did not exist.
    expect((await app.inject({ method: 'GET', url: '/api/admin/sso', headers: first })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/admin/sso', headers: second })).statusCode).toBe(
      404,
    );
    // Not even the administrator's own API key reaches them: they need a signed-in person.
    const created = await app.inject({
      method: 'POST',
      url: '/api/account/api-keys',
      headers: first,
      payload: { name: 'everything', scopes: [...API_KEY_SCOPES] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const byKey = await app.inject({
      method: 'GET',
      url: '/api/admin/sso',
      headers: { authorization: `Bearer ${created.json().key}` },
    });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().code).toBe('API_KEY_NOT_ALLOWED');
  });
});
