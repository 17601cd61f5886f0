import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES } from '@formsmith/core/auth/two-factor';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authChallenges, recoveryCodes, totpSecrets } from '../src/db/schema.ts';
import { createAuthToken } from '../src/modules/auth/repository.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { awayFromStepEdge, bearer, enrolTotp, signIn, totpCode } from './helpers/two-factor.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';

describe(`two-factor sign-in with an authenticator app (${dbKind})`, () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const post = (url: string, user: TestUser | null, payload?: object) =>
    app.inject({ method: 'POST', url, payload, headers: user ? bearer(user) : {} });
  const status = async (user: TestUser) =>
    (await app.inject({ method: 'GET', url: '/api/auth/two-factor', headers: bearer(user) })).json();
  const verify = (payload: object) => post('/api/auth/two-factor/verify', null, payload);

  it('set-up gives a secret and an otpauth URI, and changes nothing until a code confirms it', async () => {
    const user = await createTestUser(app);
    const res = await post('/api/auth/two-factor/totp/setup', user);
    expect(res.statusCode).toBe(200);
    const { secret, otpauth_uri } = res.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Formsmith:${user.email}`);
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Formsmith');
    expect(await status(user)).toMatchObject({ enabled: false, totp_enabled: false });
    const login = await signIn(app, user);
    expect(login).toHaveProperty('token');
    expect(login).not.toHaveProperty('two_factor_required');
  });

  it('refuses a wrong code or one from outside ±1 step when confirming, then accepts the right one', async () => {
    const user = await createTestUser(app);
    const { secret } = (await post('/api/auth/two-factor/totp/setup', user)).json();
    await awayFromStepEdge();
    const wrong = await post('/api/auth/two-factor/totp/confirm', user, {
      code: totpCode(secret) === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { code: TWO_FACTOR_MESSAGES.codeInvalid },
    });
    const tooOld = await post('/api/auth/two-factor/totp/confirm', user, { code: totpCode(secret, -2) });
    expect(tooOld.statusCode).toBe(400);
    const notDigits = await post('/api/auth/two-factor/totp/confirm', user, { code: 'abc' });
    expect(notDigits.statusCode).toBe(400);
    expect(notDigits.json().fields.code).toBe(TWO_FACTOR_MESSAGES.codeRequired);
    expect(await status(user)).toMatchObject({ enabled: false });

    const ok = await post('/api/auth/two-factor/totp/confirm', user, { code: totpCode(secret, 1) });
    expect(ok.statusCode).toBe(200);
    const body = ok.json();
    expect(body.status).toMatchObject({
      enabled: true,
      totp_enabled: true,
      recovery_codes_remaining: RECOVERY_CODE_COUNT,
    });
    expect(body.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(body.recovery_codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Stored hashed: no stored value contains a code.
    const stored = await app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const row of stored)
      for (const code of body.recovery_codes) expect(row.codeHash).not.toContain(code.replace('-', ''));
    // The codes are shown once: the status never carries them, a new set-up is refused.
    expect(JSON.stringify(await status(user))).not.toContain(body.recovery_codes[0]);
    expect((await post('/api/auth/two-factor/totp/setup', user)).statusCode).toBe(409);
  });

  it('password sign-in answers a challenge instead of a session, and a code completes it once', async () => {
    const user = await createTestUser(app);
    const { secret } = await enrolTotp(app, user);
    const challenge = await signIn(app, user);
    expect(challenge).toEqual({
      two_factor_required: true,
      challenge_token: expect.any(String),
      methods: ['totp', 'recovery_code'],
      expires_in: 300,
    });
    expect(challenge).not.toHaveProperty('token');

    const wrong = await verify({ challenge_token: challenge.challenge_token, method: 'totp', code: '12345' });
    expect(wrong.statusCode).toBe(400);
    await awayFromStepEdge();
    const bad = await verify({
      challenge_token: challenge.challenge_token,
      method: 'totp',
      code: totpCode(secret, 1) === '000000' ? '111111' : '000000',
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 'UNAUTHORIZED', error: TWO_FACTOR_MESSAGES.codeInvalid });

    const ok = await verify({
      challenge_token: challenge.challenge_token,
      method: 'totp',
      code: totpCode(secret, 1),
    });
    expect(ok.statusCode).toBe(200);
    const session = ok.json();
    expect(Object.keys(session).sort()).toEqual(['expires_in', 'is_verified', 'name', 'pid', 'token']);
    const me = await app.inject({ method: 'GET', url: '/api/auth/current', headers: bearer(session) });
    expect(me.json().email).toBe(user.email);

    // The challenge is single-use.
    const again = await verify({
      challenge_token: challenge.challenge_token,
      method: 'totp',
      code: totpCode(secret, 1),
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });

  it('the authenticator secret is stored sealed, bound to its account, and a secret stored in clear before still works', async () => {
    const user = await createTestUser(app);
    const { secret } = await enrolTotp(app, user);
    const storedFor = async (userId: string) =>
      (await app.db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId)))[0]!.secret;
    const stored = await storedFor(user.id);
    expect(stored).toMatch(/^fs1\./);
    expect(stored).not.toContain(secret);
    expect(Buffer.from(stored.slice(4), 'base64url').toString('latin1')).not.toContain(secret);

    // Copied onto another account, the sealed secret does not open there: no code signs in.
    const other = await createTestUser(app);
    const otherSecret = (await enrolTotp(app, other)).secret;
    await app.db.update(totpSecrets).set({ secret: stored }).where(eq(totpSecrets.userId, other.id));
    const moved = await signIn(app, other);
    await awayFromStepEdge();
    const refused = await verify({
      challenge_token: moved.challenge_token,
      method: 'totp',
      code: totpCode(secret, 1),
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({
      code: 'UNAVAILABLE',
      error: 'This secret is damaged and cannot be opened.',
    });
    expect(JSON.stringify(refused.json())).not.toContain(secret);

    // A secret kept in clear (an install from before secrets were sealed) still signs in.
    await app.db.update(totpSecrets).set({ secret: otherSecret }).where(eq(totpSecrets.userId, other.id));
    const legacy = await signIn(app, other);
    const ok = await verify({
      challenge_token: legacy.challenge_token,
      method: 'totp',
      code: totpCode(otherSecret, 1),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a code that was already used within its window', async () => {
    const user = await createTestUser(app);
    const { secret } = await enrolTotp(app, user);
    await awayFromStepEdge();
    const first = await signIn(app, user);
    const code = totpCode(secret);
    expect((await verify({ challenge_token: first.challenge_token, method: 'totp', code })).statusCode).toBe(
      200,
    );
    const second = await signIn(app, user);
    const reused = await verify({ challenge_token: second.challenge_token, method: 'totp', code });
    expect(reused.statusCode).toBe(401);
    // An older step than the last one used is refused too, even inside the drift window.
    const older = await verify({
      challenge_token: second.challenge_token,
      method: 'totp',
      code: totpCode(secret, -1),
    });
    expect(older.statusCode).toBe(401);
  });

  it('a magic-link sign-in also stops at the second step', async () => {
    const user = await createTestUser(app);
    await enrolTotp(app, user);
    const token = await createAuthToken(app.db, {
      userId: user.id,
      kind: 'magic_link',
      ttlSeconds: 600,
      data: { purpose: 'login' },
    });
    const res = await app.inject({ method: 'GET', url: `/api/auth/magic-link/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ two_factor_required: true, methods: ['totp', 'recovery_code'] });
    expect(res.json()).not.toHaveProperty('token');
  });

  it('each recovery code signs in once, in any case and spacing', async () => {
    const user = await createTestUser(app);
    const { recoveryCodes: codes } = await enrolTotp(app, user);
    const first = await signIn(app, user);
    const typed = ` ${codes[0]!.toUpperCase().replace('-', ' ')} `;
    const ok = await verify({ challenge_token: first.challenge_token, method: 'recovery_code', code: typed });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveProperty('token');
    expect(await status(user)).toMatchObject({ recovery_codes_remaining: RECOVERY_CODE_COUNT - 1 });

    const second = await signIn(app, user);
    const reused = await verify({
      challenge_token: second.challenge_token,
      method: 'recovery_code',
      code: codes[0],
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toBe(TWO_FACTOR_MESSAGES.recoveryCodeInvalid);
    const other = await verify({
      challenge_token: second.challenge_token,
      method: 'recovery_code',
      code: codes[1],
    });
    expect(other.statusCode).toBe(200);
  });

  it('regenerating recovery codes needs the password, and retires the old codes', async () => {
    const user = await createTestUser(app);
    const { recoveryCodes: old } = await enrolTotp(app, user);
    const none = await post('/api/auth/two-factor/recovery-codes', user, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.password).toBe(TWO_FACTOR_MESSAGES.reauthRequired);
    const wrong = await post('/api/auth/two-factor/recovery-codes', user, { password: 'not it at all' });
    expect(wrong.statusCode).toBe(400);
    const ok = await post('/api/auth/two-factor/recovery-codes', user, { password: user.password });
    expect(ok.statusCode).toBe(200);
    const fresh: string[] = ok.json().recovery_codes;
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh).not.toContain(old[0]);

    const challenge = await signIn(app, user);
    const stale = await verify({
      challenge_token: challenge.challenge_token,
      method: 'recovery_code',
      code: old[2],
    });
    expect(stale.statusCode).toBe(401);
    const good = await verify({
      challenge_token: challenge.challenge_token,
      method: 'recovery_code',
      code: fresh[2],
    });
    expect(good.statusCode).toBe(200);
  });

  it('turning TOTP off needs the password or a current code, and brings back one-step sign-in', async () => {
    const user = await createTestUser(app);
    const { secret } = await enrolTotp(app, user);
    expect((await post('/api/auth/two-factor/totp/disable', user, {})).statusCode).toBe(400);
    const wrongPassword = await post('/api/auth/two-factor/totp/disable', user, {
      password: 'wrong password!',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fields.password).toBeDefined();
    await awayFromStepEdge();
    const ok = await post('/api/auth/two-factor/totp/disable', user, { code: totpCode(secret, 1) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      enabled: false,
      totp_enabled: false,
      recovery_codes_remaining: 0,
      passkeys: [],
    });
    expect(await signIn(app, user)).toHaveProperty('token');

    // With the password as the proof, too.
    await enrolTotp(app, user);
    const byPassword = await post('/api/auth/two-factor/totp/disable', user, { password: user.password });
    expect(byPassword.json()).toMatchObject({ enabled: false });
  });

  it("the account's data download lists its second factors but no secret or recovery code", async () => {
    const user = await createTestUser(app);
    const { secret, recoveryCodes: codes } = await enrolTotp(app, user);
    const created = await post('/api/security/data-protection/requests', user, { request_type: 'access' });
    const res = await app.inject({
      method: 'GET',
      url: `/api/security/data-protection/requests/${created.json().id}/download`,
      headers: bearer(user),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().two_factor).toMatchObject({
      enabled: true,
      totp_enabled: true,
      recovery_codes_remaining: 10,
    });
    expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain(codes[0]);
  });

  it('an expired challenge is refused', async () => {
    const user = await createTestUser(app);
    const { secret } = await enrolTotp(app, user);
    const challenge = await signIn(app, user);
    await app.db
      .update(authChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authChallenges.userId, user.id));
    const res = await verify({
      challenge_token: challenge.challenge_token,
      method: 'totp',
      code: totpCode(secret, 1),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });

  it('the settings routes need a session, and bad input gets a clear 400', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/two-factor' })).statusCode).toBe(401);
    expect((await post('/api/auth/two-factor/totp/setup', null)).statusCode).toBe(401);
    const user = await createTestUser(app);
    const notStarted = await post('/api/auth/two-factor/totp/confirm', user, { code: '123456' });
    expect(notStarted.statusCode).toBe(400);
    expect(notStarted.json().error).toBe(TWO_FACTOR_MESSAGES.totpNotStarted);
    const noMethod = await verify({ challenge_token: 'x', code: '123456' });
    expect(noMethod.statusCode).toBe(400);
    const unknown = await verify({ challenge_token: 'no-such-token', method: 'totp', code: '123456' });
    expect(unknown.statusCode).toBe(401);
  });
});

describe(`two-factor code attempts are rate-limited per account (${dbKind})`, () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FACTOR: '1' } });
  });
  afterAll(() => app.close());

  it('after 10 wrong codes even the right one answers 429, from any new challenge', async () => {
    const user = await createTestUser(app);
    const { secret } = await enrolTotp(app, user);
    await awayFromStepEdge();
    const wrong = totpCode(secret, 1) === '000000' ? '111111' : '000000';
    // An address of its own: on PostgreSQL the per-IP windows are shared with every test file.
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
    const signIn = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email: user.email, password: user.password },
      });
      return res.json();
    };
    const challenge = await signIn();
    const verify = (token: unknown, code: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/verify',
        remoteAddress,
        payload: { challenge_token: token, method: 'totp', code },
      });
    // One attempt was spent confirming the set-up.
    for (let i = 0; i < 9; i++) expect((await verify(challenge.challenge_token, wrong)).statusCode).toBe(401);
    const fresh = await signIn();
    const limited = await verify(fresh.challenge_token, totpCode(secret, 1));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});
