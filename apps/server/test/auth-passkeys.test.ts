import { RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES } from '@formsmith/core/auth/two-factor';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind } from './helpers/app.ts';
import { bearer, enrolTotp, signIn } from './helpers/two-factor.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createSoftAuthenticator, type SoftPasskey } from './helpers/webauthn-authenticator.ts';

const ORIGIN = 'http://localhost:3000';

describe(`passkeys (${dbKind})`, () => {
  let app: FastifyInstance;
  const authenticator = createSoftAuthenticator(ORIGIN);

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    user: TestUser | null,
    payload?: object,
  ) => app.inject({ method, url, payload, headers: user ? bearer(user) : {} });

  /** Registers a passkey through the API with the software authenticator. */
  async function addPasskey(user: TestUser, name: string) {
    const start = await call('POST', '/api/auth/passkeys/options', user);
    expect(start.statusCode).toBe(200);
    const { challenge_token, options } = start.json();
    const { passkey, response } = authenticator.register(options);
    const res = await call('POST', '/api/auth/passkeys', user, { challenge_token, name, response });
    expect(res.statusCode, res.body).toBe(201);
    return { passkey, body: res.json() };
  }

  async function signInWithPasskey(passkey: SoftPasskey, opts: { userVerified?: boolean } = {}) {
    const start = await call('POST', '/api/auth/passkey/options', null);
    const { challenge_token, options } = start.json();
    const response = authenticator.authenticate(passkey, options, opts);
    return call('POST', '/api/auth/passkey/verify', null, { challenge_token, response });
  }

  it('registration options name the relying party of PUBLIC_URL and ask for a discoverable passkey', async () => {
    const user = await createTestUser(app);
    const { options } = (await call('POST', '/api/auth/passkeys/options', user)).json();
    expect(options.rp).toEqual({ name: 'Formsmith', id: 'localhost' });
    expect(options.user.name).toBe(user.email);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      requireResidentKey: true,
    });
    expect(options.challenge).toMatch(/^[\w-]{20,}$/);
  });

  it('registers named passkeys; the first one turns two-factor on with recovery codes, later ones do not', async () => {
    const user = await createTestUser(app);
    const first = await addPasskey(user, '  Laptop  ');
    expect(first.body.status).toMatchObject({
      enabled: true,
      totp_enabled: false,
      recovery_codes_remaining: RECOVERY_CODE_COUNT,
    });
    expect(first.body.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    const second = await addPasskey(user, 'Phone');
    expect(second.body.recovery_codes).toBeNull();
    const list = (await call('GET', '/api/auth/passkeys', user)).json();
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Laptop', 'Phone']);
    expect(list[0]).toEqual({
      id: expect.any(String),
      name: 'Laptop',
      created_at: expect.any(String),
      last_used_at: null,
      backed_up: false,
    });
  });

  it('refuses a registration answer for another challenge, a reused token and a blank name', async () => {
    const user = await createTestUser(app);
    const a = (await call('POST', '/api/auth/passkeys/options', user)).json();
    const b = (await call('POST', '/api/auth/passkeys/options', user)).json();
    const forB = authenticator.register(b.options).response;
    const mismatched = await call('POST', '/api/auth/passkeys', user, {
      challenge_token: a.challenge_token,
      name: 'X',
      response: forB,
    });
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json().error).toBe(TWO_FACTOR_MESSAGES.passkeyFailed);
    const blank = await call('POST', '/api/auth/passkeys', user, {
      challenge_token: b.challenge_token,
      name: ' ',
      response: forB,
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields.name).toBe(TWO_FACTOR_MESSAGES.passkeyNameRequired);
    const ok = await call('POST', '/api/auth/passkeys', user, {
      challenge_token: b.challenge_token,
      name: 'Key',
      response: forB,
    });
    expect(ok.statusCode).toBe(201);
    const replay = await call('POST', '/api/auth/passkeys', user, {
      challenge_token: b.challenge_token,
      name: 'Key',
      response: forB,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });

  it('signs in without a password with a discoverable passkey, and only with user verification', async () => {
    const user = await createTestUser(app);
    const { passkey } = await addPasskey(user, 'Laptop');
    const start = (await call('POST', '/api/auth/passkey/options', null)).json();
    expect(start.options.allowCredentials ?? []).toEqual([]);
    expect(start.options.userVerification).toBe('required');

    const res = await signInWithPasskey(passkey);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json();
    expect(Object.keys(session).sort()).toEqual(['expires_in', 'is_verified', 'name', 'pid', 'token']);
    expect(session.pid).toBe(user.id);
    const me = await app.inject({ method: 'GET', url: '/api/auth/current', headers: bearer(session) });
    expect(me.json().email).toBe(user.email);
    const [listed] = (await call('GET', '/api/auth/passkeys', user)).json();
    expect(listed.last_used_at).not.toBeNull();

    const unverified = await signInWithPasskey(passkey, { userVerified: false });
    expect(unverified.statusCode).toBe(401);
  });

  it('refuses an unknown passkey, a replayed challenge and a cloned authenticator', async () => {
    const user = await createTestUser(app);
    const { passkey } = await addPasskey(user, 'Laptop');
    const stranger = authenticator.register({ challenge: 'x', user: { id: 'nobody' } }).passkey;
    const unknown = await signInWithPasskey(stranger);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe(TWO_FACTOR_MESSAGES.passkeyUnknown);

    const start = (await call('POST', '/api/auth/passkey/options', null)).json();
    const response = authenticator.authenticate(passkey, start.options);
    const ok = await call('POST', '/api/auth/passkey/verify', null, {
      challenge_token: start.challenge_token,
      response,
    });
    expect(ok.statusCode).toBe(200);
    const replay = await call('POST', '/api/auth/passkey/verify', null, {
      challenge_token: start.challenge_token,
      response,
    });
    expect(replay.statusCode).toBe(401);

    // A copy of the key whose signature counter went backwards is refused.
    const clone = { ...passkey, counter: 0 };
    expect((await signInWithPasskey(clone)).statusCode).toBe(401);
  });

  it('is offered and accepted as the second factor after the password', async () => {
    const user = await createTestUser(app);
    const { passkey } = await addPasskey(user, 'Laptop');
    await enrolTotp(app, user);
    const challenge = await signIn(app, user);
    expect(challenge).toMatchObject({
      two_factor_required: true,
      methods: ['totp', 'passkey', 'recovery_code'],
    });
    const opts = await call('POST', '/api/auth/two-factor/passkey-options', null, {
      challenge_token: challenge.challenge_token,
    });
    expect(opts.statusCode).toBe(200);
    const { options } = opts.json();
    expect(options.allowCredentials).toEqual([
      { id: passkey.credentialId.toString('base64url'), type: 'public-key', transports: ['internal'] },
    ]);
    const response = authenticator.authenticate(passkey, options);
    const res = await call('POST', '/api/auth/two-factor/verify', null, {
      challenge_token: challenge.challenge_token,
      method: 'passkey',
      response,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pid).toBe(user.id);
  });

  it("another user's passkey does not pass someone's second step", async () => {
    const owner = await createTestUser(app);
    await addPasskey(owner, 'Owner key');
    const other = await createTestUser(app);
    const { passkey: othersKey } = await addPasskey(other, 'Other key');
    const challenge = await signIn(app, owner);
    const { options } = (
      await call('POST', '/api/auth/two-factor/passkey-options', null, {
        challenge_token: challenge.challenge_token,
      })
    ).json();
    const res = await call('POST', '/api/auth/two-factor/verify', null, {
      challenge_token: challenge.challenge_token,
      method: 'passkey',
      response: authenticator.authenticate(othersKey, options),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(TWO_FACTOR_MESSAGES.passkeyUnknown);
  });

  it("renames and removes only one's own passkeys: a stranger gets 404", async () => {
    const owner = await createTestUser(app);
    await addPasskey(owner, 'Laptop');
    const [key] = (await call('GET', '/api/auth/passkeys', owner)).json();
    const stranger = await createTestUser(app);
    expect((await call('GET', '/api/auth/passkeys', stranger)).json()).toEqual([]);
    const rename = await call('PATCH', `/api/auth/passkeys/${key.id}`, stranger, { name: 'Mine now' });
    expect(rename.statusCode).toBe(404);
    const remove = await call('DELETE', `/api/auth/passkeys/${key.id}`, stranger);
    expect(remove.statusCode).toBe(404);
    expect((await call('GET', '/api/auth/passkeys', owner)).json()[0].name).toBe('Laptop');
    expect((await call('DELETE', '/api/auth/passkeys/not-a-uuid', owner)).statusCode).toBe(400);
    expect((await call('GET', '/api/auth/passkeys', null)).statusCode).toBe(401);

    const renamed = await call('PATCH', `/api/auth/passkeys/${key.id}`, owner, { name: 'Work laptop' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Work laptop');
    const tooLong = await call('PATCH', `/api/auth/passkeys/${key.id}`, owner, { name: 'x'.repeat(61) });
    expect(tooLong.statusCode).toBe(400);
  });

  it('removing the last passkey turns two-factor off and drops the recovery codes', async () => {
    const user = await createTestUser(app);
    await addPasskey(user, 'Only key');
    const [key] = (await call('GET', '/api/auth/passkeys', user)).json();
    const res = await call('DELETE', `/api/auth/passkeys/${key.id}`, user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      enabled: false,
      totp_enabled: false,
      recovery_codes_remaining: 0,
      passkeys: [],
    });
    expect(await signIn(app, user)).toHaveProperty('token');
  });
});
