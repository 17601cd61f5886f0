import { changePassphrase } from '@formsmith/core/crypto/key-wrap';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthToken } from '../src/modules/auth/repository.ts';
import { makeFormKey, putEncryption } from './encryption-fixtures.ts';
import { dbKind } from './helpers/app.ts';
import { createMailTestApp, drainMails, type MailTestApp } from './helpers/mail-app.ts';
import {
  addPasskey,
  ageSession,
  authenticator,
  call,
  createApiKey,
  expectReauthRequired,
  STALE_SECONDS,
} from './helpers/reauth.ts';
import { findLink, type ReceivedMail } from './helpers/smtp.ts';
import { enrolTotp } from './helpers/two-factor.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createPublishedForm } from './intake-fixtures.ts';

const BASE = 'http://localhost:3000';

describe(`security change mails, form history and the password reset review (${dbKind})`, () => {
  let t: MailTestApp;
  let app: FastifyInstance;
  let made: Awaited<ReturnType<typeof makeFormKey>>;

  beforeAll(async () => {
    t = await createMailTestApp();
    app = t.app;
    made = await makeFormKey();
  });
  afterAll(() => t.close());

  /** Sends every queued mail, then answers the subjects of those that reached `to`. */
  async function subjectsTo(to: string): Promise<string[]> {
    await app.jobs.drain();
    return t.smtp.mails
      .filter((m: ReceivedMail) => m.to.includes(to))
      .map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1] ?? '');
  }

  it('each security change mails an alert even with alerts off', async () => {
    const user = await createTestUser(app);
    const off = await call(app, 'PUT', '/api/account/notifications', user, { security_alerts: false });
    expect(off.statusCode).toBe(200);
    expect((await createApiKey(app, user)).statusCode).toBe(201);
    await enrolTotp(app, user);
    const codes = await call(app, 'POST', '/api/auth/two-factor/recovery-codes', user, {
      password: user.password,
    });
    expect(codes.statusCode).toBe(200);
    const { id } = await addPasskey(app, user, 'Work laptop');
    expect((await call(app, 'DELETE', `/api/auth/passkeys/${id}`, user)).statusCode).toBe(200);
    const totpOff = await call(app, 'POST', '/api/auth/two-factor/totp/disable', user, {
      password: user.password,
    });
    expect(totpOff.statusCode).toBe(200);
    const formId = await createPublishedForm(app, user, { title: 'Patient intake' });
    expect(
      (await putEncryption(app, { formId, user, level: 'enhanced', key: made.formKey })).statusCode,
    ).toBe(200);
    expect((await putEncryption(app, { formId, user, level: 'standard' })).statusCode).toBe(200);
    const password = await call(app, 'POST', '/api/auth/change-password', user, {
      current_password: user.password,
      new_password: 'another horse battery',
      confirm_password: 'another horse battery',
    });
    expect(password.statusCode).toBe(200);
    const token = await createAuthToken(app.db, {
      userId: user.id,
      kind: 'email_change',
      ttlSeconds: 600,
      data: { email: `moved-${user.id}@example.com` },
    });
    expect((await call(app, 'GET', `/api/auth/verify/${token}`, null)).statusCode).toBe(200);

    const subjects = await subjectsTo(user.email);
    const count = (text: string) => subjects.filter((s) => s.includes(text)).length;
    expect(count('Sign-in alerts were turned off')).toBe(1);
    expect(count('A new API key was created')).toBe(1);
    // TOTP on, new recovery codes, passkey added, passkey removed, TOTP off.
    expect(count('Two-factor sign-in settings changed')).toBe(5);
    expect(count('End-to-end encryption was turned off on one of your forms')).toBe(1);
    expect(count('Your Formsmith password was changed')).toBe(1);
    expect(count('The email address of your Formsmith account was changed')).toBe(1);
  });

  it("turning E2E off mails the owner and shows in the form's history", async () => {
    const user = await createTestUser(app);
    const formId = await createPublishedForm(app, user, { title: 'Whistleblower reports' });
    expect(
      (await putEncryption(app, { formId, user, level: 'enhanced', key: made.formKey })).statusCode,
    ).toBe(200);
    const rewrapped = await changePassphrase({
      formKey: made.formKey,
      secret: { recoveryKey: made.recoveryKey },
      newPassphrase: 'the next passphrase',
    });
    expect((await putEncryption(app, { formId, user, level: 'enhanced', key: rewrapped })).statusCode).toBe(
      200,
    );
    expect((await putEncryption(app, { formId, user, level: 'standard' })).statusCode).toBe(200);

    const versions = await call(app, 'GET', `/api/forms/${formId}/versions`, user);
    expect(versions.json().history).toEqual([
      { kind: 'encryption_off', at: expect.any(String), by: 'session', ip: '127.0.0.1' },
      { kind: 'encryption_key_changed', at: expect.any(String), by: 'session', ip: '127.0.0.1' },
      { kind: 'encryption_on', at: expect.any(String), by: 'session', ip: '127.0.0.1' },
    ]);
    const [mail] = await drainMails(t, {
      to: user.email,
      prefix: 'End-to-end encryption was turned off',
      count: 1,
    });
    expect(mail!.raw).toContain('Form: Whistleblower reports');
    const subjects = await subjectsTo(user.email);
    expect(subjects).toContain('The end-to-end encryption key of one of your forms was changed');

    const stranger = await createTestUser(app);
    expect((await call(app, 'GET', `/api/forms/${formId}/versions`, stranger)).statusCode).toBe(404);
  });

  describe('after a password reset', () => {
    /** The owner's way back in: a reset link mailed, opened, finished with the passkey, a new password. */
    async function resetPassword(user: TestUser, passkey: Parameters<typeof authenticator.authenticate>[0]) {
      expect(
        (await call(app, 'POST', '/api/auth/forgot-password', null, { email: user.email })).statusCode,
      ).toBe(200);
      const [mail] = await drainMails(t, { to: user.email, prefix: `${BASE}/magic-link/`, count: 1 });
      const link = new URL(findLink(mail!, `${BASE}/magic-link/`));
      const signIn = (
        await call(app, 'GET', `/api/auth/magic-link/${link.pathname.split('/').pop()}`, null)
      ).json();
      expect(signIn.two_factor_required).toBe(true);
      const { options } = (
        await call(app, 'POST', '/api/auth/two-factor/passkey-options', null, {
          challenge_token: signIn.challenge_token,
        })
      ).json();
      const done = await call(app, 'POST', '/api/auth/two-factor/verify', null, {
        challenge_token: signIn.challenge_token,
        method: 'passkey',
        response: authenticator.authenticate(passkey, options),
      });
      expect(done.statusCode, done.body).toBe(200);
      const session = { token: done.json().token as string };
      const changed = await call(app, 'POST', '/api/auth/change-password', session, {
        new_password: 'a fresh start here',
        confirm_password: 'a fresh start here',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      return session;
    }

    it('password reset lists passkeys and API keys and revokes the chosen ones', async () => {
      const user = await createTestUser(app);
      const own = await addPasskey(app, user, 'Owner laptop');
      const planted = await addPasskey(app, user, 'Planted');
      const kept = (await createApiKey(app, user, 'Reporting')).json();
      const rogue = (await createApiKey(app, user, 'Rogue')).json();
      const session = await resetPassword(user, own.passkey);

      const access = (await call(app, 'GET', '/api/account/access', session)).json();
      expect(access.passkeys.map((p: { name: string }) => p.name)).toEqual(['Owner laptop', 'Planted']);
      expect(access.api_keys.map((k: { name: string }) => k.name).sort()).toEqual(['Reporting', 'Rogue']);

      const revoked = await call(app, 'POST', '/api/account/access/revoke', session, {
        passkey_ids: [planted.id],
        api_key_ids: [rogue.id],
      });
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(revoked.json().passkeys.map((p: { name: string }) => p.name)).toEqual(['Owner laptop']);
      expect(revoked.json().api_keys.map((k: { name: string }) => k.name)).toEqual(['Reporting']);
      expect((await call(app, 'GET', '/api/forms', { token: rogue.key })).statusCode).toBe(401);
      expect((await call(app, 'GET', '/api/forms', { token: kept.key })).statusCode).toBe(200);
      const { challenge_token, options } = (
        await call(app, 'POST', '/api/auth/passkey/options', null)
      ).json();
      const plantedSignIn = await call(app, 'POST', '/api/auth/passkey/verify', null, {
        challenge_token,
        response: authenticator.authenticate(planted.passkey, options),
      });
      expect(plantedSignIn.statusCode).toBe(401);
    });

    it("revoking is all or nothing, another account's passkey or key answers 404, and it needs a recent proof", async () => {
      const user = await createTestUser(app);
      const mine = await addPasskey(app, user, 'Mine');
      const key = (await createApiKey(app, user)).json();
      const other = await createTestUser(app);
      const theirs = await addPasskey(app, other, 'Theirs');
      const theirKey = (await createApiKey(app, other)).json();

      for (const body of [
        { passkey_ids: [mine.id, theirs.id] },
        { api_key_ids: [key.id, theirKey.id] },
        { passkey_ids: [mine.id], api_key_ids: ['not-a-key'] },
      ]) {
        const res = await call(app, 'POST', '/api/account/access/revoke', user, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(404);
      }
      const empty = await call(app, 'POST', '/api/account/access/revoke', user, {});
      expect(empty.statusCode).toBe(400);
      const access = (await call(app, 'GET', '/api/account/access', user)).json();
      expect(access.passkeys).toHaveLength(1);
      expect(access.api_keys).toHaveLength(1);
      expect((await call(app, 'GET', '/api/account/access', other)).json().passkeys).toHaveLength(1);

      await ageSession(app, user.token, STALE_SECONDS);
      expectReauthRequired(
        await call(app, 'POST', '/api/account/access/revoke', user, { api_key_ids: [key.id] }),
      );
    });
  });
});
