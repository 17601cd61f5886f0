import { SSO_MESSAGES } from '@formsmith/core/sso/api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { dbKind } from './helpers/app.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';
import { signInAtProvider, startTestProvider, type TestProvider } from './sso-provider.ts';

const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK = `${PUBLIC_URL}/api/auth/sso/callback`;
const LOGOUT_URI = `${PUBLIC_URL}/api/auth/sso/backchannel-logout`;

describe(`the instance-wide single sign-on provider (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let admin: TestUser;
  let idp: TestProvider;
  let betaIdp: TestProvider;
  let acmeId: number;
  let betaId: number;
  const stamp = Date.now();
  const acmeDomain = `acme-${stamp}.test`;
  const betaDomain = `beta-${stamp}.test`;

  const inject = (
    method: 'GET' | 'PUT' | 'DELETE' | 'POST',
    url: string,
    user?: TestUser,
    payload?: object,
  ) => app.inject({ method, url, headers: user?.auth, ...(payload ? { payload } : {}) });
  const connectInstance = (user: TestUser, overrides: Record<string, unknown> = {}) =>
    inject('PUT', '/api/admin/sso', user, {
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      default_role: 'viewer',
      ...overrides,
    });
  const roleIn = async (workspaceId: number, userId: string) => {
    const [row] = await queryRows<{ role: string }>(
      app.db,
      sql`select role from workspace_members where workspace_id = ${workspaceId} and user_id = ${userId}`,
    );
    return row?.role ?? null;
  };

  /** The provider's pages up to its redirect back, as a browser: the flow cookie and the callback path. */
  async function atProvider(login: string) {
    const start = await inject('POST', '/api/auth/sso/instance/start');
    expect(start.statusCode, start.body).toBe(200);
    const flowCookie = String(start.headers['set-cookie']).split(';')[0]!;
    const back = await signInAtProvider(start.json().authorization_url, login, PUBLIC_URL);
    return { flowCookie, path: back.slice(PUBLIC_URL.length) };
  }

  async function callback(at: { flowCookie: string; path: string }) {
    const res = await app.inject({ method: 'GET', url: at.path, headers: { cookie: at.flowCookie } });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    const cookies = [res.headers['set-cookie']].flat().map((c) => String(c).split(';')[0] ?? '');
    const linkCookie = cookies.find((c) => c.startsWith('formsmith_sso_link=') && c.length > 20) ?? null;
    const error = location.searchParams.get('error');
    if (error) return { error, session: null, linkCookie };
    const collected = await app.inject({
      method: 'POST',
      url: '/api/auth/sso/session',
      headers: { cookie: cookies.find((c) => c.startsWith('formsmith_sso_session='))! },
    });
    expect(collected.statusCode, collected.body).toBe(200);
    const session = collected.json() as { pid: string; token: string; workspace_id: number };
    return { error: null, session, linkCookie };
  }

  const signIn = async (login: string) => callback(await atProvider(login));

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp({ env: { PUBLIC_URL } }));
    idp = await startTestProvider({ redirectUri: CALLBACK, backchannelLogoutUri: LOGOUT_URI });
    betaIdp = await startTestProvider({ redirectUri: CALLBACK, backchannelLogoutUri: LOGOUT_URI });
    admin = await createTestUser(app);
    await queryRows(app.db, sql`update users set role = 'admin' where id = ${admin.id}`);
    acmeId = (await inject('POST', '/api/workspaces', owner, { name: 'Acme' })).json().id;
    betaId = (await inject('POST', '/api/workspaces', owner, { name: 'Beta' })).json().id;
    for (const [domain, id] of [
      [acmeDomain, acmeId],
      [betaDomain, betaId],
    ] as const) {
      const res = await inject('PUT', `/api/admin/domains/${domain}`, admin, { workspace_id: id });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Beta has a provider of its own, whose default role is admin.
    const own = await inject('PUT', `/api/workspaces/${betaId}/sso`, owner, {
      issuer: betaIdp.issuer,
      client_id: betaIdp.clientId,
      client_secret: betaIdp.clientSecret,
      default_role: 'admin',
    });
    expect(own.statusCode, own.body).toBe(200);
    idp.people.set('ann', { sub: 'ann-sub', email: `ann@${acmeDomain}`, email_verified: true, name: 'Ann' });
    idp.people.set('bea', { sub: 'bea-sub', email: `bea@${betaDomain}`, email_verified: true, name: 'Bea' });
    idp.people.set('sol', {
      sub: 'sol-sub',
      email: `sol@solo-${stamp}.test`,
      email_verified: true,
      name: 'Sol',
    });
  });
  afterAll(async () => {
    await app?.close();
    await idp?.close();
    await betaIdp?.close();
  });

  it('answers 404 to anyone but the instance administrator on the admin routes', async () => {
    const stranger = await createTestUser(app);
    for (const user of [owner, stranger]) {
      expect((await inject('GET', '/api/admin/sso', user)).statusCode).toBe(404);
      expect((await connectInstance(user)).statusCode).toBe(404);
      expect((await inject('DELETE', '/api/admin/sso', user)).statusCode).toBe(404);
      expect((await inject('GET', '/api/admin/workspaces', user)).statusCode).toBe(404);
      expect((await inject('GET', '/api/admin/domains', user)).statusCode).toBe(404);
    }
    expect((await inject('GET', '/api/admin/sso')).statusCode).toBe(401);
  });

  it('lets the instance administrator connect it, sealed, audited, and named on the login page', async () => {
    expect((await inject('GET', '/api/auth/sso/providers')).json()).toEqual({ providers: [] });
    const res = await connectInstance(admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ issuer: idp.issuer, client_id: idp.clientId, default_role: 'viewer' });
    expect(res.body).not.toContain(idp.clientSecret);
    const [row] = await queryRows<{ client_secret: string }>(
      app.db,
      sql`select client_secret from sso_connections where workspace_id is null`,
    );
    expect(row!.client_secret.startsWith('fs1.')).toBe(true);
    const read = (await inject('GET', '/api/admin/sso', admin)).json();
    expect(read.connection.issuer).toBe(idp.issuer);
    expect(read.domains).toEqual(expect.arrayContaining([acmeDomain, betaDomain]));
    // A change keeps the one row (and its sealed secret when none is typed).
    expect((await connectInstance(admin, { client_secret: undefined })).statusCode).toBe(200);
    const rows = await queryRows(app.db, sql`select 1 from sso_connections where workspace_id is null`);
    expect(rows).toHaveLength(1);
    // The entries are in the administrator's personal workspace's log.
    const audit = await queryRows<{ action: string }>(
      app.db,
      sql`select e.action from audit_events e join workspaces w on w.id = e.workspace_id
          where w.personal_of = ${admin.id} and e.action like 'sso.%' order by e.id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['sso.connected', 'sso.changed']);
    const providers = (await inject('GET', '/api/auth/sso/providers')).json();
    expect(providers).toEqual({ providers: [{ id: 'instance', name: new URL(idp.issuer).host }] });
    const teams = (await inject('GET', '/api/admin/workspaces', admin)).json();
    expect(teams.workspaces).toEqual(
      expect.arrayContaining([
        { id: acmeId, name: 'Acme' },
        { id: betaId, name: 'Beta' },
      ]),
    );
  });

  it("makes an account that joins the domain's workspace with the instance provider's role when it has none", async () => {
    const { session, error } = await signIn('ann');
    expect(error).toBeNull();
    expect(await roleIn(acmeId, session!.pid)).toBe('viewer');
    expect(session!.workspace_id).toBe(acmeId);
    // Found by subject the next time.
    expect((await signIn('ann')).session!.pid).toBe(session!.pid);
  });

  it("joins a workspace with a provider of its own at that provider's default role", async () => {
    const { session } = await signIn('bea');
    expect(await roleIn(betaId, session!.pid)).toBe('admin');
    expect(session!.workspace_id).toBe(betaId);
  });

  it('gives an address no workspace holds only its personal workspace', async () => {
    const { session } = await signIn('sol');
    const memberships = await queryRows<{ workspace_id: number; personal_of: string | null }>(
      app.db,
      sql`select m.workspace_id, w.personal_of from workspace_members m join workspaces w on w.id = m.workspace_id
          where m.user_id = ${session!.pid}`,
    );
    expect(memberships).toEqual([{ workspace_id: session!.workspace_id, personal_of: session!.pid }]);
  });

  it('links an existing account of the address only after it proves itself', async () => {
    const cy = await createTestUser(app);
    const email = `cy@${acmeDomain}`;
    await queryRows(app.db, sql`update users set email = ${email} where id = ${cy.id}`);
    idp.people.set('cy', { sub: 'cy-sub', email, email_verified: true, name: 'Cy' });
    const refused = await signIn('cy');
    expect(refused.error).toBe(SSO_MESSAGES.linkFirst);
    expect(await roleIn(acmeId, cy.id)).toBeNull();
    const link = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/auth/sso/link', headers });
    const stranger = await createTestUser(app);
    expect((await link({ ...stranger.auth, cookie: refused.linkCookie! })).statusCode).toBe(403);
    const login = await inject('POST', '/api/auth/login', undefined, { email, password: cy.password });
    expect(login.statusCode, login.body).toBe(200);
    const again = await signIn('cy');
    const linked = await link({ authorization: `Bearer ${login.json().token}`, cookie: again.linkCookie! });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toEqual({ linked: true, issuer: idp.issuer });
    expect(await roleIn(acmeId, cy.id)).toBe('viewer');
    expect((await signIn('cy')).session!.pid).toBe(cy.id);
  });

  it('is refused to a member of a workspace that requires its own provider', async () => {
    const own = await inject('PUT', `/api/workspaces/${betaId}/sso`, owner, {
      issuer: betaIdp.issuer,
      client_id: betaIdp.clientId,
      default_role: 'admin',
      enforced: true,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((await signIn('bea')).error).toBe(
      SSO_MESSAGES.instanceEnforced('Beta', new URL(betaIdp.issuer).host),
    );
    // A workspace without a provider of its own requires none: its members still get in.
    expect((await signIn('ann')).error).toBeNull();
  });

  it("ends an instance provider's session by back-channel logout", async () => {
    const { session } = await signIn('sol');
    const [mark] = await queryRows<{ sso_issuer: string; sso_sid: string }>(
      app.db,
      sql`select sso_issuer, sso_sid from sessions where token_hash = ${hashToken(session!.token)}`,
    );
    expect(mark!.sso_issuer).toBe(idp.issuer);
    const [identity] = await queryRows<{ subject: string }>(
      app.db,
      sql`select subject from sso_identities where user_id = ${session!.pid} and issuer = ${idp.issuer}`,
    );
    const live = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/auth/current',
          headers: { authorization: `Bearer ${session!.token}` },
        })
      ).statusCode;
    expect(await live()).toBe(200);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/sso/backchannel-logout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        logout_token: idp.logoutToken({ sub: identity!.subject, sid: mark!.sso_sid }),
      }).toString(),
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ revoked: 1 });
    expect(await live()).toBe(401);
  });

  it('stops sign-ins with a clear message once removed, the one under way included', async () => {
    const underWay = await atProvider('ann');
    expect((await inject('DELETE', '/api/admin/sso', admin)).statusCode).toBe(204);
    expect((await callback(underWay)).error).toBe(SSO_MESSAGES.instanceNotConfigured);
    const start = await inject('POST', '/api/auth/sso/instance/start');
    expect(start.statusCode).toBe(404);
    expect(start.json().error).toBe(SSO_MESSAGES.instanceNotConfigured);
    expect((await inject('GET', '/api/auth/sso/providers')).json()).toEqual({ providers: [] });
    expect((await inject('DELETE', '/api/admin/sso', admin)).statusCode).toBe(404);
    const [entry] = await queryRows<{ action: string }>(
      app.db,
      sql`select e.action from audit_events e join workspaces w on w.id = e.workspace_id
          where w.personal_of = ${admin.id} order by e.id desc limit 1`,
    );
    expect(entry?.action).toBe('sso.disconnected');
  });
});
