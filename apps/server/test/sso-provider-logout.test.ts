import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { dbKind } from './helpers/app.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';
import {
  type CookieJar,
  signInAtProvider,
  signOutAtProvider,
  startTestProvider,
  type TestProvider,
} from './sso-provider.ts';

const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK = `${PUBLIC_URL}/api/auth/sso/callback`;

/**
 * The provider itself ends the session: the person signs out at the provider, and oidc-provider
 * posts its own logout token to the app's back-channel URI (the app listens on 127.0.0.1 for it).
 */
describe(`a session ended by the provider's own back-channel logout (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let idp: TestProvider;
  let workspaceId: number;
  const domain = `logout-${Date.now()}.test`;

  const inject = (method: 'GET' | 'PUT' | 'POST', url: string, user?: TestUser, payload?: object) =>
    app.inject({ method, url, headers: user?.auth, ...(payload ? { payload } : {}) });

  /** Signs in through the provider as a browser holding `jar`; answers the app's session token. */
  async function signIn(login: string, jar: CookieJar): Promise<string> {
    const start = await inject('POST', '/api/auth/sso/start', undefined, {
      email: idp.people.get(login)!.email,
    });
    expect(start.statusCode, start.body).toBe(200);
    const flowCookie = String(start.headers['set-cookie']).split(';')[0]!;
    const back = await signInAtProvider(start.json().authorization_url, login, PUBLIC_URL, jar);
    const callback = await app.inject({
      method: 'GET',
      url: back.slice(PUBLIC_URL.length),
      headers: { cookie: flowCookie },
    });
    expect(callback.statusCode).toBe(302);
    const cookies = [callback.headers['set-cookie']].flat().map((c) => String(c).split(';')[0] ?? '');
    const sessionCookie = cookies.find((c) => c.startsWith('formsmith_sso_session='));
    expect(sessionCookie, String(callback.headers.location)).toBeDefined();
    const collected = await app.inject({
      method: 'POST',
      url: '/api/auth/sso/session',
      headers: { cookie: sessionCookie! },
    });
    expect(collected.statusCode, collected.body).toBe(200);
    return collected.json().token as string;
  }
  const current = (token: string) =>
    app.inject({ method: 'GET', url: '/api/auth/current', headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp({ env: { PUBLIC_URL } }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    idp = await startTestProvider({
      redirectUri: CALLBACK,
      backchannelLogoutUri: `http://127.0.0.1:${port}/api/auth/sso/backchannel-logout`,
    });
    workspaceId = (await inject('POST', '/api/workspaces', owner, { name: 'Logout Co' })).json().id;
    const connected = await inject('PUT', `/api/workspaces/${workspaceId}/sso`, owner, {
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      default_role: 'editor',
    });
    expect(connected.statusCode, connected.body).toBe(200);
    // The instance administrator gives the workspace the people's domain.
    const admin = await createTestUser(app);
    await queryRows(app.db, sql`update users set role = 'admin' where id = ${admin.id}`);
    const assigned = await inject('PUT', `/api/admin/domains/${domain}`, admin, {
      workspace_id: workspaceId,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    for (const name of ['dana', 'eli']) {
      idp.people.set(name, { sub: `${name}-sub`, email: `${name}@${domain}`, email_verified: true, name });
    }
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await idp?.close();
  });

  it('ends the session of the person who signed out at the provider, and only theirs', async () => {
    const danaJar: CookieJar = new Map();
    const dana = await signIn('dana', danaJar);
    const eli = await signIn('eli', new Map());
    expect((await current(dana)).statusCode).toBe(200);

    await signOutAtProvider(idp.issuer, danaJar);

    expect((await current(dana)).statusCode).toBe(401);
    expect((await current(eli)).statusCode).toBe(200);
  });
});
