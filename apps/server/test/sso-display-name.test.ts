import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { dbKind } from './helpers/app.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';
import { startTestProvider, type TestProvider } from './sso-provider.ts';

const PUBLIC_URL = 'http://localhost:3000';

/** The name an owner gives a provider: the login page's button says it, else the issuer's host. */
describe(`a single sign-on provider's display name (${dbKind})`, () => {
  let app: FastifyInstance;
  let admin: TestUser;
  let idp: TestProvider;

  const connect = (overrides: Record<string, unknown>) =>
    app.inject({
      method: 'PUT',
      url: '/api/admin/sso',
      headers: admin.auth,
      payload: {
        issuer: idp.issuer,
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        default_role: 'viewer',
        ...overrides,
      },
    });
  const providers = async () => (await app.inject({ method: 'GET', url: '/api/auth/sso/providers' })).json();

  beforeAll(async () => {
    ({ app } = await createOwnerTestApp({ env: { PUBLIC_URL } }));
    idp = await startTestProvider({
      redirectUri: `${PUBLIC_URL}/api/auth/sso/callback`,
      backchannelLogoutUri: `${PUBLIC_URL}/api/auth/sso/backchannel-logout`,
    });
    admin = await createTestUser(app);
    await queryRows(app.db, sql`update users set role = 'admin' where id = ${admin.id}`);
  });
  afterAll(async () => {
    // The database is the worker's for its next files too: a server-wide provider left behind
    // would answer their sign-ins for domains no workspace holds.
    await queryRows(app.db, sql`delete from sso_connections where workspace_id is null`);
    await app?.close();
    await idp?.close();
  });

  it('names the login button by what the administrator typed, and by the host when nothing', async () => {
    const named = await connect({ display_name: '  Acme Keycloak ' });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().display_name).toBe('Acme Keycloak');
    expect(await providers()).toEqual({ providers: [{ id: 'instance', name: 'Acme Keycloak' }] });
    const read = await app.inject({ method: 'GET', url: '/api/admin/sso', headers: admin.auth });
    expect(read.json().connection.display_name).toBe('Acme Keycloak');

    const cleared = await connect({ display_name: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().display_name).toBeNull();
    expect(await providers()).toEqual({ providers: [{ id: 'instance', name: new URL(idp.issuer).host }] });
  });

  it('refuses a name too long with a clear message, keeping the stored one', async () => {
    expect((await connect({ display_name: 'Acme Keycloak' })).statusCode).toBe(200);
    const long = await connect({ display_name: 'x'.repeat(81) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('The display name is at most 80 characters');
    expect(await providers()).toEqual({ providers: [{ id: 'instance', name: 'Acme Keycloak' }] });
  });
});
