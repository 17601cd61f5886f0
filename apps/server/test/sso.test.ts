import { generateKeyPairSync } from 'node:crypto';
import { SSO_MESSAGES } from '@formsmith/core/sso/api';
import { memberEventSchema } from '@formsmith/core/webhooks/api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { dbKind } from './helpers/app.ts';
import { startReceiver } from './helpers/receiver.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';
import { createSoftAuthenticator } from './helpers/webauthn-authenticator.ts';
import {
  decodeJwt,
  signInAtProvider,
  signWith,
  startTestProvider,
  type TestProvider,
} from './sso-provider.ts';

const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK = `${PUBLIC_URL}/api/auth/sso/callback`;
const LOGOUT_URI = `${PUBLIC_URL}/api/auth/sso/backchannel-logout`;

describe(`single sign-on with OpenID Connect (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let idp: TestProvider;
  let workspaceId: number;
  let instanceAdmin: TestUser;
  const domain = `acme-${Date.now()}.test`;

  const inject = (
    method: 'GET' | 'PUT' | 'DELETE' | 'POST',
    url: string,
    user?: TestUser,
    payload?: object,
  ) => app.inject({ method, url, headers: user?.auth, ...(payload ? { payload } : {}) });
  const connect = (overrides: Record<string, unknown> = {}) =>
    inject('PUT', `/api/workspaces/${workspaceId}/sso`, owner, {
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      default_role: 'editor',
      ...overrides,
    });
  const addMember = (user: TestUser, role: string) =>
    queryRows(
      app.db,
      sql`insert into workspace_members (workspace_id, user_id, role) values (${workspaceId}, ${user.id}, ${role})`,
    );

  /** Start, the provider's pages, the callback and the collection of the session, as a browser. */
  async function signIn(login: string, email = idp.people.get(login)!.email) {
    const start = await inject('POST', '/api/auth/sso/start', undefined, { email });
    expect(start.statusCode, start.body).toBe(200);
    const flowCookie = String(start.headers['set-cookie']).split(';')[0]!;
    const back = await signInAtProvider(start.json().authorization_url, login, PUBLIC_URL);
    const callback = await app.inject({
      method: 'GET',
      url: back.slice(PUBLIC_URL.length),
      headers: { cookie: flowCookie },
    });
    expect(callback.statusCode).toBe(302);
    const location = new URL(String(callback.headers.location));
    const error = location.searchParams.get('error');
    const cookies = [callback.headers['set-cookie']].flat().map((c) => String(c).split(';')[0] ?? '');
    const linkCookie = cookies.find((c) => c.startsWith('formsmith_sso_link=') && c.length > 20) ?? null;
    if (error) return { error, session: null, linkCookie };
    expect(location.pathname).toBe('/login/sso');
    const sessionCookie = cookies.find((c) => c.startsWith('formsmith_sso_session='))!;
    const collected = await app.inject({
      method: 'POST',
      url: '/api/auth/sso/session',
      headers: { cookie: sessionCookie },
    });
    expect(collected.statusCode, collected.body).toBe(200);
    return { error: null, session: collected.json() as { pid: string; token: string }, linkCookie };
  }

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp({ env: { PUBLIC_URL, WEBHOOK_ALLOW_PRIVATE: 'true' } }));
    idp = await startTestProvider({ redirectUri: CALLBACK, backchannelLogoutUri: LOGOUT_URI });
    const made = await inject('POST', '/api/workspaces', owner, { name: 'Acme' });
    workspaceId = made.json().id;
    idp.people.set('alice', {
      sub: 'alice-sub',
      email: `alice@${domain}`,
      email_verified: true,
      name: 'Alice',
    });
  });
  afterAll(async () => {
    await app?.close();
    await idp?.close();
  });

  it('refuses a provider that is down or an address that is no issuer, with the reason', async () => {
    const down = await connect({ issuer: 'http://127.0.0.1:1' });
    expect(down.statusCode).toBe(400);
    expect(down.json().error).toBe(SSO_MESSAGES.issuerUnreachable('http://127.0.0.1:1'));
    const notIssuer = await connect({ issuer: `${idp.issuer}/not-here` });
    expect(notIssuer.statusCode).toBe(400);
    expect(notIssuer.json().error).toContain('does not describe an OpenID Connect provider');
  });

  it('connects the provider for the owner, keeps the secret sealed and never answers it', async () => {
    const res = await connect();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      issuer: idp.issuer,
      client_id: idp.clientId,
      default_role: 'editor',
      redirect_uri: CALLBACK,
    });
    expect(res.body).not.toContain(idp.clientSecret);
    const [row] = await queryRows<{ client_secret: string }>(
      app.db,
      sql`select client_secret from sso_connections where workspace_id = ${workspaceId}`,
    );
    expect(row!.client_secret.startsWith('fs1.')).toBe(true);
    expect(row!.client_secret).not.toContain(idp.clientSecret);
    const read = await inject('GET', `/api/workspaces/${workspaceId}/sso`, owner);
    expect(read.body).not.toContain(idp.clientSecret);
    const audit = await queryRows<{ action: string }>(
      app.db,
      sql`select action from audit_events where workspace_id = ${workspaceId} and action like 'sso.%'`,
    );
    expect(audit.map((a) => a.action)).toContain('sso.connected');
  });

  it('answers a stranger 404 and an admin of the workspace 403 FORBIDDEN_ROLE', async () => {
    const stranger = await createTestUser(app);
    expect((await inject('GET', `/api/workspaces/${workspaceId}/sso`, stranger)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/workspaces/${workspaceId}/sso`, stranger)).statusCode).toBe(404);
    const admin = await createTestUser(app);
    await addMember(admin, 'admin');
    const res = await inject('GET', `/api/workspaces/${workspaceId}/sso`, admin);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN_ROLE');
  });

  it('lets only the instance administrator assign email domains, one workspace each', async () => {
    const assign = (user: TestUser, id = workspaceId) =>
      inject('PUT', `/api/admin/domains/${domain}`, user, { workspace_id: id });
    const refused = await assign(owner);
    expect(refused.statusCode).toBe(404);
    instanceAdmin = await createTestUser(app);
    await queryRows(app.db, sql`update users set role = 'admin' where id = ${instanceAdmin.id}`);
    const res = await assign(instanceAdmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ domain, workspace_id: workspaceId, workspace_name: 'Acme' });
    const other = await inject('POST', '/api/workspaces', instanceAdmin, { name: 'Other' });
    const taken = await assign(instanceAdmin, other.json().id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(SSO_MESSAGES.domainTaken(domain));
    const list = await inject('GET', '/api/admin/domains', instanceAdmin);
    expect(list.json().domains).toContainEqual({ domain, workspace_id: workspaceId, workspace_name: 'Acme' });
  });

  it('says so when no workspace signs in with SSO for the domain', async () => {
    const res = await inject('POST', '/api/auth/sso/start', undefined, { email: 'someone@example.org' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('No workspace signs in with SSO for example.org');
  });

  it('signs a new person in, with an account and membership at the default role, then finds them by subject', async () => {
    const first = await signIn('alice');
    expect(first.error).toBeNull();
    // The web app opens the workspace whose provider signed in.
    expect(first.session).toMatchObject({ workspace_id: workspaceId });
    const current = await app.inject({
      method: 'GET',
      url: '/api/auth/current',
      headers: { authorization: `Bearer ${first.session!.token}` },
    });
    expect(current.json()).toMatchObject({ email: `alice@${domain}`, is_verified: true });
    const [member] = await queryRows<{ role: string }>(
      app.db,
      sql`select role from workspace_members where workspace_id = ${workspaceId} and user_id = ${first.session!.pid}`,
    );
    expect(member?.role).toBe('editor');
    const second = await signIn('alice');
    expect(second.session!.pid).toBe(first.session!.pid);
  });

  it('says a join through the provider as an invitation accept does: member.joined webhook and audit entry', async () => {
    const receiver = await startReceiver();
    try {
      const hook = await inject('POST', `/api/workspaces/${workspaceId}/webhooks`, owner, {
        url: receiver.url,
        events: ['member.joined'],
      });
      expect(hook.statusCode, hook.body).toBe(201);
      idp.people.set('dana', {
        sub: 'dana-sub',
        email: `dana@${domain}`,
        email_verified: true,
        name: 'Dana',
      });
      const { session } = await signIn('dana');
      // A second sign-in joins nothing, so says nothing.
      await signIn('dana');
      await app.jobs.drain();
      const events = receiver.received.map(({ headers, body }) =>
        memberEventSchema.parse(
          new Webhook(hook.json().secret).verify(body, headers as Record<string, string>),
        ),
      );
      expect(events.map((e) => e.type)).toEqual(['member.joined']);
      expect(events[0]!.data).toEqual({
        workspace: { id: workspaceId, name: 'Acme' },
        member: { user_id: session!.pid, email: `dana@${domain}`, name: 'Dana', role: 'editor' },
        actor_id: session!.pid,
      });
      const entries = await queryRows<{ actor_id: string | null; via: string; details: { role: string } }>(
        app.db,
        sql`select actor_id, via, details from audit_events where workspace_id = ${workspaceId}
            and action = 'member.joined' and target_id = ${session!.pid}`,
      );
      expect(entries).toEqual([
        { actor_id: session!.pid, via: 'session', details: { role: 'editor', via: 'sso' } },
      ]);
      await inject('DELETE', `/api/workspaces/${workspaceId}/webhooks/${hook.json().id}`, owner);
    } finally {
      await receiver.close();
    }
  });

  it('does not link an existing account by its address, only once that account proves itself in the same browser', async () => {
    const bob = await createTestUser(app);
    const email = `bob@${domain}`;
    await queryRows(app.db, sql`update users set email = ${email} where id = ${bob.id}`);
    idp.people.set('bob', { sub: 'bob-sub', email, email_verified: true, name: 'Bob' });
    const refused = await signIn('bob');
    expect(refused.error).toBe(SSO_MESSAGES.linkFirst);
    expect(await queryRows(app.db, sql`select 1 from sso_identities where user_id = ${bob.id}`)).toHaveLength(
      0,
    );
    // The waiting link is a cookie of its own, not a session.
    expect(refused.linkCookie).toMatch(/^formsmith_sso_link=[^;]{20,}/);
    expect(refused.session).toBeNull();
    const link = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/auth/sso/link', headers });
    // Another account's proof does not take the waiting link.
    const someoneElse = await createTestUser(app);
    const other = await link({ ...someoneElse.auth, cookie: refused.linkCookie! });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe(SSO_MESSAGES.linkOtherAccount);
    // Nor does bob's proof without the provider's sign-in in this browser.
    const login = await inject('POST', '/api/auth/login', undefined, { email, password: bob.password });
    expect(login.statusCode, login.body).toBe(200);
    const bobAuth = { authorization: `Bearer ${login.json().token}` };
    const none = await link(bobAuth);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(SSO_MESSAGES.noPendingLink);
    const again = await signIn('bob');
    const linked = await link({ ...bobAuth, cookie: again.linkCookie! });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toEqual({ linked: true, issuer: idp.issuer });
    const [member] = await queryRows<{ role: string }>(
      app.db,
      sql`select role from workspace_members where workspace_id = ${workspaceId} and user_id = ${bob.id}`,
    );
    expect(member?.role).toBe('editor');
    // From now on the provider signs bob in, found by subject.
    const next = await signIn('bob');
    expect(next.session?.pid).toBe(bob.id);
  });

  it('refuses an address the provider has not verified', async () => {
    idp.people.set('dave', { sub: 'dave-sub', email: `dave@${domain}`, email_verified: false, name: 'Dave' });
    expect((await signIn('dave')).error).toBe(SSO_MESSAGES.emailUnverified);
  });

  it('refuses a callback in a browser that did not start the sign-in', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/sso/callback?code=x&state=y' });
    expect(res.statusCode).toBe(302);
    expect(new URL(String(res.headers.location)).searchParams.get('error')).toBe(SSO_MESSAGES.stateMismatch);
  });

  it('refuses a tampered ID token, one for another audience and one outside its validity', async () => {
    idp.rewriteIdToken((token) => {
      const [header, , signature] = token.split('.');
      const claims = { ...decodeJwt(token), email: `mallory@${domain}` };
      return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    });
    expect((await signIn('alice')).error).toBe(SSO_MESSAGES.badSignature);
    idp.rewriteIdToken((token) => idp.signIdToken({ ...decodeJwt(token), aud: 'another-client' }));
    expect((await signIn('alice')).error).toBe(SSO_MESSAGES.wrongAudience);
    idp.rewriteIdToken((token) => {
      const now = Math.floor(Date.now() / 1000);
      return idp.signIdToken({ ...decodeJwt(token), iat: now - 7200, exp: now - 3600 });
    });
    expect((await signIn('alice')).error).toBe(SSO_MESSAGES.clockSkew);
    idp.rewriteIdToken(null);
  });

  it('says the client secret is wrong when the provider refuses it', async () => {
    expect((await connect({ client_secret: 'not-the-secret' })).statusCode).toBe(200);
    expect((await signIn('alice')).error).toBe(SSO_MESSAGES.invalidClient);
    expect((await connect()).statusCode).toBe(200);
  });

  it("keeps a session through the provider within the workspace's maximum age, refreshes included", async () => {
    expect((await connect({ session_max_age_seconds: 300 })).statusCode).toBe(200);
    const { session } = await signIn('alice');
    expect((session as unknown as { expires_in: number }).expires_in).toBeLessThanOrEqual(300);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization: `Bearer ${session!.token}` },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().expires_in).toBeLessThanOrEqual(300);
    // A password session of the same instance keeps the instance's length.
    const plain = await inject('POST', '/api/auth/refresh', await createTestUser(app));
    expect(plain.json().expires_in).toBeGreaterThan(300);
    expect((await connect()).statusCode).toBe(200);
  });

  it('refuses password and passkey sign-in to members once SSO is required, naming the provider, but not to owners', async () => {
    const carol = await createTestUser(app);
    await addMember(carol, 'viewer');
    const authenticator = createSoftAuthenticator(PUBLIC_URL);
    const register = (await inject('POST', '/api/auth/passkeys/options', carol)).json();
    const { passkey, response } = authenticator.register(register.options);
    const registered = await inject('POST', '/api/auth/passkeys', carol, {
      challenge_token: register.challenge_token,
      name: 'Laptop',
      response,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect((await connect({ enforced: true })).statusCode).toBe(200);
    const options = (await inject('POST', '/api/auth/passkey/options')).json();
    const byPasskey = await inject('POST', '/api/auth/passkey/verify', undefined, {
      challenge_token: options.challenge_token,
      response: authenticator.authenticate(passkey, options.options),
    });
    expect(byPasskey.statusCode).toBe(403);
    expect(byPasskey.json().error).toBe(SSO_MESSAGES.enforced('Acme', new URL(idp.issuer).host));
    const refused = await inject('POST', '/api/auth/login', undefined, {
      email: carol.email,
      password: carol.password,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(SSO_MESSAGES.enforced('Acme', new URL(idp.issuer).host));
    const wrong = await inject('POST', '/api/auth/login', undefined, {
      email: carol.email,
      password: 'wrong password here',
    });
    expect(wrong.statusCode).toBe(401);
    const breakGlass = await inject('POST', '/api/auth/login', undefined, {
      email: owner.email,
      password: owner.password,
    });
    expect(breakGlass.statusCode, breakGlass.body).toBe(200);
    // The owner's token works: the break-glass sign-in is a real session.
    const current = await app.inject({
      method: 'GET',
      url: '/api/auth/current',
      headers: { authorization: `Bearer ${breakGlass.json().token}` },
    });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().email).toBe(owner.email);
    // SSO itself still signs members in.
    expect((await signIn('alice')).error).toBeNull();
  });

  it("names the provider by its display name when it refuses a member's password sign-in", async () => {
    const dave = await createTestUser(app);
    await addMember(dave, 'editor');
    expect((await connect({ enforced: true, display_name: 'Acme Keycloak' })).statusCode).toBe(200);
    try {
      const refused = await inject('POST', '/api/auth/login', undefined, {
        email: dave.email,
        password: dave.password,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(
        'Acme requires single sign-on: use "Sign in with SSO" (provider Acme Keycloak).',
      );
      expect(refused.body).not.toContain(new URL(idp.issuer).host);
    } finally {
      // The tests after this one expect the provider as it was: required, and named by its host.
      expect((await connect({ enforced: true })).statusCode).toBe(200);
    }
  });

  it('reads the address from userinfo when the ID token carries only the basic claims', async () => {
    const okta = await startTestProvider({
      redirectUri: CALLBACK,
      backchannelLogoutUri: LOGOUT_URI,
      claimsInIdToken: false,
    });
    try {
      const beta = await inject('POST', '/api/workspaces', owner, { name: 'Beta' });
      const betaDomain = `beta-${Date.now()}.test`;
      await inject('PUT', `/api/admin/domains/${betaDomain}`, instanceAdmin, {
        workspace_id: beta.json().id,
      });
      const connected = await inject('PUT', `/api/workspaces/${beta.json().id}/sso`, owner, {
        issuer: okta.issuer,
        client_id: okta.clientId,
        client_secret: okta.clientSecret,
        default_role: 'viewer',
      });
      expect(connected.statusCode, connected.body).toBe(200);
      okta.people.set('erin', {
        sub: 'erin-sub',
        email: `erin@${betaDomain}`,
        email_verified: true,
        name: 'Erin',
      });
      const start = await inject('POST', '/api/auth/sso/start', undefined, { email: `erin@${betaDomain}` });
      const back = await signInAtProvider(start.json().authorization_url, 'erin', PUBLIC_URL);
      const callback = await app.inject({
        method: 'GET',
        url: back.slice(PUBLIC_URL.length),
        headers: { cookie: String(start.headers['set-cookie']).split(';')[0]! },
      });
      expect(String(callback.headers.location)).toBe(`${PUBLIC_URL}/login/sso`);
      const [member] = await queryRows<{ role: string }>(
        app.db,
        sql`select m.role from workspace_members m join users u on u.id = m.user_id
            where m.workspace_id = ${beta.json().id} and u.email = ${`erin@${betaDomain}`}`,
      );
      expect(member?.role).toBe('viewer');
    } finally {
      await okta.close();
    }
  });

  describe('back-channel logout', () => {
    const postLogout = (token: string | null) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sso/backchannel-logout',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: token === null ? '' : new URLSearchParams({ logout_token: token }).toString(),
      });
    const isLive = async (session: { token: string }) =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/auth/current',
          headers: { authorization: `Bearer ${session.token}` },
        })
      ).statusCode === 200;
    const markOf = async (session: { token: string }) => {
      const [row] = await queryRows<{ sso_issuer: string | null; sso_sid: string | null }>(
        app.db,
        sql`select sso_issuer, sso_sid from sessions where token_hash = ${hashToken(session.token)}`,
      );
      return row!;
    };

    it("ends the sessions of the provider's session (sid), refreshed ones too, and no other", async () => {
      const first = (await signIn('alice')).session!;
      const second = (await signIn('alice')).session!;
      // Each sign-in at the provider is a session there, whose id the ID token carried.
      const firstMark = await markOf(first);
      const [identity] = await queryRows<{ subject: string }>(
        app.db,
        sql`select subject from sso_identities where user_id = ${first.pid}`,
      );
      const sub = identity!.subject;
      expect(firstMark.sso_issuer).toBe(idp.issuer);
      // The provider's own session id (logging out by it below ends exactly this session).
      expect(firstMark.sso_sid).toMatch(/^\S+$/);
      expect((await markOf(second)).sso_sid).not.toBe(firstMark.sso_sid);
      // The second session is refreshed: the new session keeps the provider's mark.
      const refreshed = await app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        headers: { authorization: `Bearer ${second.token}` },
      });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      const secondNow = { token: refreshed.json().token as string };

      expect(await markOf(secondNow)).toEqual(await markOf(second));
      const out = await postLogout(idp.logoutToken({ sub, sid: firstMark.sso_sid! }));
      expect(out.statusCode, out.body).toBe(200);
      expect(out.json()).toEqual({ revoked: 1 });
      expect(out.headers['cache-control']).toBe('no-store');
      expect(await isLive(first)).toBe(false);
      expect(await isLive(secondNow)).toBe(true);

      // By subject alone: every session the provider opened for the account ends.
      const all = await postLogout(idp.logoutToken({ sub }));
      expect(all.statusCode, all.body).toBe(200);
      expect(await isLive(secondNow)).toBe(false);
      // Someone else's sessions are untouched.
      expect(await isLive({ token: String(owner.auth.authorization).slice('Bearer '.length) })).toBe(true);
    });

    it('refuses a logout token that is not valid, with the reason and no-store', async () => {
      const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
      const valid = idp.logoutToken({ sub: 'alice-sub' });
      const [header, payload] = valid.split('.');
      const cases: [string | null, string][] = [
        [null, 'logout_token is required'],
        ['not-a-jwt', 'The logout_token is not a JWT.'],
        [
          signWith(other, 'test-key', decodeJwt(valid)),
          "failed its signature check against the provider's keys",
        ],
        [`${header}.${payload}.`, "failed its signature check against the provider's keys"],
        [idp.logoutToken({ sub: 'alice-sub' }, { aud: 'another-client' }), 'is for another client'],
        [
          idp.logoutToken({ sub: 'alice-sub' }, { iss: 'https://idp.example.org' }),
          'No workspace signs in with the provider https://idp.example.org',
        ],
        [idp.logoutToken({ sub: 'alice-sub' }, { events: undefined }), 'backchannel-logout event'],
        [idp.logoutToken({ sub: 'alice-sub' }, { nonce: 'n-0S6_WzA2Mj' }), 'must not carry a nonce'],
        [idp.logoutToken({}, {}), 'neither a sid nor a sub'],
        [
          idp.logoutToken(
            { sub: 'alice-sub' },
            { iat: Math.floor(Date.now() / 1000) - 3600, exp: undefined },
          ),
          'too old or not valid yet',
        ],
      ];
      for (const [token, reason] of cases) {
        const res = await postLogout(token);
        expect(res.statusCode, `${reason}: ${res.body}`).toBe(400);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.json().error).toContain(reason);
      }
    });
  });

  it('disconnects, recorded in the audit log', async () => {
    expect((await inject('DELETE', `/api/workspaces/${workspaceId}/sso`, owner)).statusCode).toBe(204);
    expect((await inject('GET', `/api/workspaces/${workspaceId}/sso`, owner)).json()).toEqual({
      connection: null,
      redirect_uri: CALLBACK,
      backchannel_logout_uri: `${PUBLIC_URL}/api/auth/sso/backchannel-logout`,
      domains: [domain],
    });
    const [entry] = await queryRows<{ action: string }>(
      app.db,
      sql`select action from audit_events where workspace_id = ${workspaceId} order by id desc limit 1`,
    );
    expect(entry?.action).toBe('sso.disconnected');
  });
});
