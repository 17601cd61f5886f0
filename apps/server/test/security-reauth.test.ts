import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import { changePassphrase } from '@formsmith/core/crypto/key-wrap';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFormKey, putEncryption } from './encryption-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import {
  addPasskey,
  ageSession,
  authenticator,
  call,
  createApiKey,
  expectReauthRequired,
  STALE_SECONDS,
} from './helpers/reauth.ts';
import { awayFromStepEdge, enrolTotp, totpCode } from './helpers/two-factor.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createPublishedForm } from './intake-fixtures.ts';

describe(`sensitive changes need a recent proof of identity (${dbKind})`, () => {
  let app: FastifyInstance;
  let made: Awaited<ReturnType<typeof makeFormKey>>;

  beforeAll(async () => {
    app = await createTestApp();
    made = await makeFormKey();
  });
  afterAll(() => app.close());

  /** A user whose session was signed in (and last proved) eleven minutes ago. */
  async function staleUser(): Promise<TestUser> {
    const user = await createTestUser(app);
    await ageSession(app, user.token, STALE_SECONDS);
    return user;
  }
  const listKeys = async (user: TestUser) =>
    (await call(app, 'GET', '/api/account/api-keys', user)).json().items as unknown[];
  const twoFactor = async (user: TestUser) => (await call(app, 'GET', '/api/auth/two-factor', user)).json();

  describe('a session without a recent proof', () => {
    it('a session without a recent proof cannot create an API key', async () => {
      const user = await staleUser();
      expectReauthRequired(await createApiKey(app, user));
      expect(await listKeys(user)).toEqual([]);
    });

    it('a session without a recent proof cannot add a passkey, even with options fetched while fresh', async () => {
      const user = await staleUser();
      expectReauthRequired(await call(app, 'POST', '/api/auth/passkeys/options', user));

      const fresh = await createTestUser(app);
      const { challenge_token, options } = (
        await call(app, 'POST', '/api/auth/passkeys/options', fresh)
      ).json();
      await ageSession(app, fresh.token, STALE_SECONDS);
      const { response } = authenticator.register(options);
      expectReauthRequired(
        await call(app, 'POST', '/api/auth/passkeys', fresh, { challenge_token, name: 'Thief', response }),
      );
      expect((await twoFactor(fresh)).passkeys).toEqual([]);
    });

    it('a session without a recent proof cannot remove a passkey', async () => {
      const user = await createTestUser(app);
      const { id } = await addPasskey(app, user, 'Owner laptop');
      await ageSession(app, user.token, STALE_SECONDS);
      expectReauthRequired(await call(app, 'DELETE', `/api/auth/passkeys/${id}`, user));
      expect((await twoFactor(user)).passkeys).toHaveLength(1);
    });

    it('a session without a recent proof cannot enable TOTP', async () => {
      const user = await staleUser();
      expectReauthRequired(await call(app, 'POST', '/api/auth/two-factor/totp/setup', user));

      // A set-up started while fresh cannot be finished once the proof is old.
      const fresh = await createTestUser(app);
      const { secret } = (await call(app, 'POST', '/api/auth/two-factor/totp/setup', fresh)).json();
      await ageSession(app, fresh.token, STALE_SECONDS);
      await awayFromStepEdge();
      expectReauthRequired(
        await call(app, 'POST', '/api/auth/two-factor/totp/confirm', fresh, { code: totpCode(secret) }),
      );
      expect((await twoFactor(fresh)).totp_enabled).toBe(false);
    });

    it('a session without a recent proof cannot regenerate recovery codes or turn TOTP off without a proof', async () => {
      const user = await createTestUser(app);
      await enrolTotp(app, user);
      await ageSession(app, user.token, STALE_SECONDS);
      for (const url of ['/api/auth/two-factor/recovery-codes', '/api/auth/two-factor/totp/disable']) {
        const res = await call(app, 'POST', url, user, {});
        expect(res.statusCode, url).toBe(400);
      }
      expect(await twoFactor(user)).toMatchObject({ totp_enabled: true, recovery_codes_remaining: 10 });
    });

    it('a session without a recent proof cannot turn alerts off, on either settings page', async () => {
      const user = await staleUser();
      expectReauthRequired(
        await call(app, 'PUT', '/api/account/notifications', user, { security_alerts: false }),
      );
      expectReauthRequired(
        await call(app, 'PUT', '/api/security/settings', user, { security_notifications: false }),
      );
      const settings = (await call(app, 'GET', '/api/account/notifications', user)).json();
      expect(settings.security_alerts).toBe(true);
      // Other switches, and turning alerts on, need no proof.
      const digest = await call(app, 'PUT', '/api/account/notifications', user, { weekly_digest: false });
      expect(digest.statusCode).toBe(200);
      const on = await call(app, 'PUT', '/api/account/notifications', user, { security_alerts: true });
      expect(on.statusCode).toBe(200);
    });

    it('a session without a recent proof cannot change email or password without the current password', async () => {
      const user = await staleUser();
      const email = await call(app, 'PUT', '/api/auth/profile', user, {
        name: user.name,
        email: `moved-${user.id}@example.com`,
      });
      expect(email.statusCode).toBe(400);
      expect(email.json().fields).toEqual({ current_password: AUTH_MESSAGES.currentPasswordRequired });
      const password = await call(app, 'POST', '/api/auth/change-password', user, {
        new_password: 'a brand new secret',
        confirm_password: 'a brand new secret',
      });
      expect(password.statusCode).toBe(400);

      // The right current password is a proof: it opens the window for the other changes too.
      const withPassword = await call(app, 'PUT', '/api/auth/profile', user, {
        name: user.name,
        email: `moved-${user.id}@example.com`,
        current_password: user.password,
      });
      expect(withPassword.statusCode).toBe(200);
      const status = (await call(app, 'GET', '/api/auth/reauth', user)).json();
      expect(status.age_seconds).toBeLessThan(5);
      expect((await createApiKey(app, user)).statusCode).toBe(201);
    });

    it('a session without a recent proof cannot turn E2E off or change its key', async () => {
      const user = await createTestUser(app);
      const formId = await createPublishedForm(app, user);
      expect(
        (await putEncryption(app, { formId, user, level: 'enhanced', key: made.formKey })).statusCode,
      ).toBe(200);
      await ageSession(app, user.token, STALE_SECONDS);
      expectReauthRequired(await putEncryption(app, { formId, user, level: 'standard' }));
      const rewrapped = await changePassphrase({
        formKey: made.formKey,
        secret: { recoveryKey: made.recoveryKey },
        newPassphrase: 'someone else chose this',
      });
      expectReauthRequired(await putEncryption(app, { formId, user, level: 'enhanced', key: rewrapped }));
      const stored = (await call(app, 'GET', `/api/forms/${formId}/encryption`, user)).json();
      expect(stored).toMatchObject({ level: 'enhanced', key: made.formKey });
      // Saving what is already there changes nothing and needs nothing.
      const same = await putEncryption(app, { formId, user, level: 'enhanced', key: made.formKey });
      expect(same.statusCode).toBe(200);
    });

    it('a session without a recent proof cannot delete the account; after a proof it can', async () => {
      const user = await staleUser();
      const formId = await createPublishedForm(app, user);
      const deleteRequest = { request_type: 'delete', confirm_email: user.email, details: 'Stolen' };
      const url = '/api/security/data-protection/requests';
      expectReauthRequired(await call(app, 'POST', url, user, deleteRequest));
      expect((await call(app, 'GET', `/api/forms/${formId}`, user)).statusCode).toBe(200);
      // A copy of the data is not a change to the account: it needs no proof.
      const access = await call(app, 'POST', url, user, { request_type: 'access' });
      expect(access.statusCode).toBe(201);

      expect(
        (await call(app, 'POST', '/api/auth/reauth', user, { password: user.password })).statusCode,
      ).toBe(200);
      expect((await call(app, 'POST', url, user, deleteRequest)).statusCode).toBe(200);
      expect((await call(app, 'GET', '/api/auth/current', user)).statusCode).toBe(401);
    });
  });

  describe('proofs', () => {
    it('a password proof within 10 minutes allows it', async () => {
      const user = await staleUser();
      const wrong = await call(app, 'POST', '/api/auth/reauth', user, { password: 'not the password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields.password).toBe(AUTH_MESSAGES.currentPasswordIncorrect);
      expectReauthRequired(await createApiKey(app, user));

      const ok = await call(app, 'POST', '/api/auth/reauth', user, { password: user.password });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ window_seconds: 600, age_seconds: 0 });
      expect(ok.json().seconds_left).toBeGreaterThan(595);
      expect((await createApiKey(app, user)).statusCode).toBe(201);

      await ageSession(app, user.token, 10 * 60 + 5);
      expectReauthRequired(await createApiKey(app, user, 'Second'));
    });

    it('a current authenticator code is a proof too', async () => {
      const user = await createTestUser(app);
      const { secret } = await enrolTotp(app, user);
      await ageSession(app, user.token, STALE_SECONDS);
      await awayFromStepEdge();
      const ok = await call(app, 'POST', '/api/auth/reauth', user, { code: totpCode(secret, 1) });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await createApiKey(app, user)).statusCode).toBe(201);
    });

    it("one of the account's passkeys is a proof too, another account's is not", async () => {
      const user = await createTestUser(app);
      const { passkey } = await addPasskey(app, user, 'Owner laptop');
      const other = await createTestUser(app);
      const { passkey: othersKey } = await addPasskey(app, other, 'Other laptop');
      await ageSession(app, user.token, STALE_SECONDS);
      const status = (await call(app, 'GET', '/api/auth/reauth', user)).json();
      expect(status.methods).toEqual(['password', 'code', 'passkey']);

      const start = async () => (await call(app, 'POST', '/api/auth/reauth/passkey-options', user)).json();
      const first = await start();
      const refused = await call(app, 'POST', '/api/auth/reauth/passkey', user, {
        challenge_token: first.challenge_token,
        response: authenticator.authenticate(othersKey, first.options),
      });
      expect(refused.statusCode).toBe(400);
      expectReauthRequired(await createApiKey(app, user));

      const second = await start();
      const ok = await call(app, 'POST', '/api/auth/reauth/passkey', user, {
        challenge_token: second.challenge_token,
        response: authenticator.authenticate(passkey, second.options),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await createApiKey(app, user)).statusCode).toBe(201);
    });

    it('a fresh sign-in allows it for 10 minutes', async () => {
      const user = await createTestUser(app);
      const login = await call(app, 'POST', '/api/auth/login', null, {
        email: user.email,
        password: user.password,
      });
      const session = { token: login.json().token as string };
      const status = (await call(app, 'GET', '/api/auth/reauth', session)).json();
      expect(status).toMatchObject({ window_seconds: 600, methods: ['password'] });
      expect(Date.parse(status.confirmed_at)).toBeGreaterThan(Date.now() - 10_000);

      await ageSession(app, session.token, 9 * 60);
      expect((await call(app, 'GET', '/api/auth/reauth', session)).json().seconds_left).toBeLessThanOrEqual(
        60,
      );
      expect(
        (await call(app, 'POST', '/api/account/api-keys', session, { name: 'Nine', scopes: ['forms:read'] }))
          .statusCode,
      ).toBe(201);

      await ageSession(app, session.token, 10 * 60 + 5);
      expect((await call(app, 'GET', '/api/auth/reauth', session)).json().seconds_left).toBe(0);
      expectReauthRequired(
        await call(app, 'POST', '/api/account/api-keys', session, { name: 'Ten', scopes: ['forms:read'] }),
      );
    });

    it('refreshing a session does not renew its proof', async () => {
      const user = await staleUser();
      const refreshed = await call(app, 'POST', '/api/auth/refresh', user);
      expect(refreshed.statusCode).toBe(200);
      const next = { ...user, token: refreshed.json().token as string };
      expectReauthRequired(await createApiKey(app, next));
      expect((await call(app, 'GET', '/api/auth/reauth', next)).json().seconds_left).toBe(0);
    });

    it('confirming needs the session itself: no token answers 401, an API key 403', async () => {
      const user = await createTestUser(app);
      const key = (await createApiKey(app, user)).json().key as string;
      expect((await call(app, 'POST', '/api/auth/reauth', null, { password: 'x' })).statusCode).toBe(401);
      const byKey = await call(app, 'POST', '/api/auth/reauth', { token: key }, { password: user.password });
      expect(byKey.statusCode).toBe(403);
      expect(byKey.json().code).toBe('API_KEY_NOT_ALLOWED');
      const empty = await call(app, 'POST', '/api/auth/reauth', user, {});
      expect(empty.statusCode).toBe(400);
    });
  });

  describe('API keys and end-to-end encryption', () => {
    it('an API key cannot turn E2E encryption off or change its key', async () => {
      const user = await createTestUser(app);
      const formId = await createPublishedForm(app, user);
      expect(
        (await putEncryption(app, { formId, user, level: 'enhanced', key: made.formKey })).statusCode,
      ).toBe(200);
      const key = (await createApiKey(app, user)).json().key as string;
      const asKey = { ...user, auth: { authorization: `Bearer ${key}` } };

      const off = await putEncryption(app, { formId, user: asKey, level: 'standard' });
      expect(off.statusCode).toBe(403);
      expect(off.json().code).toBe('API_KEY_NOT_ALLOWED');
      const other = await makeFormKey();
      const replaced = await putEncryption(app, {
        formId,
        user: asKey,
        level: 'enhanced',
        key: other.formKey,
      });
      expect(replaced.statusCode).toBe(403);
      expect(replaced.json().code).toBe('API_KEY_NOT_ALLOWED');

      const stored = (await call(app, 'GET', `/api/forms/${formId}/encryption`, user)).json();
      expect(stored).toMatchObject({ level: 'enhanced', key: made.formKey });
      const history = (await call(app, 'GET', `/api/forms/${formId}/versions`, user)).json().history;
      expect(history.map((h: { kind: string }) => h.kind)).toEqual(['encryption_on']);
    });
  });
});
