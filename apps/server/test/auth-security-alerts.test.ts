import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSecurityAlert } from '../src/modules/auth/index.ts';
import { createAuthToken } from '../src/modules/auth/repository.ts';
import { dbKind } from './helpers/app.ts';
import { createMailTestApp } from './helpers/mail-app.ts';
import type { ReceivedMail, TestSmtpServer } from './helpers/smtp.ts';
import { awayFromStepEdge, bearer, enrolTotp, signIn, totpCode } from './helpers/two-factor.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createSoftAuthenticator } from './helpers/webauthn-authenticator.ts';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CHROME_LINUX_NEWER = CHROME_LINUX.replace('131.0.0.0', '132.0.0.0');

describe(`security alert mails (${dbKind})`, () => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, smtp, close } = await createMailTestApp());
  });
  afterAll(() => close());

  /** Sends every queued mail, then returns the alerts that reached `to` with this subject. */
  async function alerts(to: string, subject: string): Promise<ReceivedMail[]> {
    await app.jobs.drain();
    return smtp.mails.filter((m) => m.to.includes(to) && m.raw.includes(`Subject: ${subject}`));
  }
  const put = (url: string, user: TestUser, payload: object) =>
    app.inject({ method: 'PUT', url, payload, headers: bearer(user) });
  const turnAlertsOff = (user: TestUser) =>
    put('/api/account/notifications', user, { security_alerts: false });

  describe('new sign-in', () => {
    it('mails a sign-in from a new browser or OS with device, time and IP; known devices stay quiet', async () => {
      const user = await createTestUser(app);
      await signIn(app, user, { 'user-agent': CHROME_LINUX });
      expect(await alerts(user.email, 'New sign-in')).toHaveLength(0);
      await signIn(app, user, { 'user-agent': CHROME_LINUX_NEWER });
      expect(await alerts(user.email, 'New sign-in')).toHaveLength(0);

      await signIn(app, user, { 'user-agent': FIREFOX_WINDOWS });
      const [mail, extra] = await alerts(user.email, 'New sign-in');
      expect(extra).toBeUndefined();
      expect(mail!.raw).toContain('Device: Firefox on Windows');
      expect(mail!.raw).toContain('IP address: 127.0.0.1');
      expect(mail!.raw).toMatch(/Time: \w{3}, \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC/);

      await signIn(app, user, { 'user-agent': FIREFOX_WINDOWS });
      expect(await alerts(user.email, 'New sign-in')).toHaveLength(1);
    });

    it('counts the sign-in when the second factor completes it, not when the password is accepted', async () => {
      const user = await createTestUser(app);
      await signIn(app, user, { 'user-agent': CHROME_LINUX });
      const { secret } = await enrolTotp(app, user);
      const challenge = await signIn(app, user, { 'user-agent': FIREFOX_WINDOWS });
      expect(await alerts(user.email, 'New sign-in')).toHaveLength(0);
      await awayFromStepEdge();
      const done = await app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/verify',
        headers: { 'user-agent': FIREFOX_WINDOWS },
        payload: { challenge_token: challenge.challenge_token, method: 'totp', code: totpCode(secret, 1) },
      });
      expect(done.statusCode).toBe(200);
      expect(await alerts(user.email, 'New sign-in')).toHaveLength(1);
    });

    it('sends nothing when security alerts are off', async () => {
      const user = await createTestUser(app);
      await signIn(app, user, { 'user-agent': CHROME_LINUX });
      expect((await turnAlertsOff(user)).statusCode).toBe(200);
      await signIn(app, user, { 'user-agent': FIREFOX_WINDOWS });
      expect(await alerts(user.email, 'New sign-in')).toHaveLength(0);
    });
  });

  describe('password and email changes', () => {
    const changePassword = (user: TestUser) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(user),
        payload: {
          current_password: user.password,
          new_password: 'another horse battery',
          confirm_password: 'another horse battery',
        },
      });

    it('mails a password change', async () => {
      const user = await createTestUser(app);
      expect((await changePassword(user)).statusCode).toBe(200);
      const [mail] = await alerts(user.email, 'Your Formsmith password was changed');
      expect(mail!.raw).toContain('your other sessions were signed out');
    });

    it('the security settings switch turns sign-in alerts off too, never the password change mail', async () => {
      const user = await createTestUser(app);
      await signIn(app, user, { 'user-agent': CHROME_LINUX });
      expect((await put('/api/security/settings', user, { security_notifications: false })).statusCode).toBe(
        200,
      );
      await signIn(app, user, { 'user-agent': FIREFOX_WINDOWS });
      expect(await alerts(user.email, 'New sign-in')).toHaveLength(0);
      expect((await changePassword(user)).statusCode).toBe(200);
      expect(await alerts(user.email, 'Your Formsmith password was changed')).toHaveLength(1);
      // Turning them back on in the notifications tab turns the security setting on as well.
      expect((await put('/api/account/notifications', user, { security_alerts: true })).statusCode).toBe(200);
      const security = await app.inject({
        method: 'GET',
        url: '/api/security/settings',
        headers: bearer(user),
      });
      expect(security.json().security_notifications).toBe(true);
    });

    it('mails the old address once a new one is confirmed', async () => {
      const user = await createTestUser(app);
      const newEmail = `moved-${randomUUID()}@example.com`;
      const token = await createAuthToken(app.db, {
        userId: user.id,
        kind: 'email_change',
        ttlSeconds: 600,
        data: { email: newEmail },
      });
      expect((await app.inject({ method: 'GET', url: `/api/auth/verify/${token}` })).statusCode).toBe(200);
      const [mail] = await alerts(user.email, 'The email address of your Formsmith account was changed');
      expect(mail!.raw).toContain(`New address: ${newEmail}`);
      expect(await alerts(newEmail, 'The email address')).toHaveLength(0);
    });
  });

  describe('two-factor changes', () => {
    const subject = 'Two-factor sign-in settings changed';

    it('mails enabling TOTP, new recovery codes and disabling TOTP', async () => {
      const user = await createTestUser(app);
      await enrolTotp(app, user);
      const regenerate = await app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/recovery-codes',
        headers: bearer(user),
        payload: { password: user.password },
      });
      expect(regenerate.statusCode).toBe(200);
      const disable = await app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/totp/disable',
        headers: bearer(user),
        payload: { password: user.password },
      });
      expect(disable.statusCode).toBe(200);
      const texts = (await alerts(user.email, subject)).map((m) => m.raw);
      expect(texts).toHaveLength(3);
      expect(texts.some((t) => t.includes('An authenticator app was set up'))).toBe(true);
      expect(texts.some((t) => t.includes('New recovery codes were created'))).toBe(true);
      expect(texts.some((t) => t.includes('was turned off'))).toBe(true);
    });

    it('mails adding and removing a passkey, naming it', async () => {
      const user = await createTestUser(app);
      const authenticator = createSoftAuthenticator('http://localhost:3000');
      const start = await app.inject({
        method: 'POST',
        url: '/api/auth/passkeys/options',
        headers: bearer(user),
      });
      const { challenge_token, options } = start.json();
      const { response } = authenticator.register(options);
      const added = await app.inject({
        method: 'POST',
        url: '/api/auth/passkeys',
        headers: bearer(user),
        payload: { challenge_token, name: 'Work laptop', response },
      });
      expect(added.statusCode).toBe(201);
      const [key] = added.json().status.passkeys;
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/auth/passkeys/${key.id}`,
        headers: bearer(user),
      });
      expect(removed.statusCode).toBe(200);
      const texts = (await alerts(user.email, subject)).map((m) => m.raw);
      expect(texts).toHaveLength(2);
      expect(texts.find((t) => t.includes('A passkey was added'))).toContain('Passkey: Work laptop');
      expect(texts.find((t) => t.includes('A passkey was removed'))).toContain('Passkey: Work laptop');
    });

    it('mails a sign-in with a recovery code, saying how many codes are left', async () => {
      const user = await createTestUser(app);
      const { recoveryCodes } = await enrolTotp(app, user);
      const challenge = await signIn(app, user);
      const verified = await app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/verify',
        payload: {
          challenge_token: challenge.challenge_token,
          method: 'recovery_code',
          code: recoveryCodes[0],
        },
      });
      expect(verified.statusCode, verified.body).toBe(200);
      const [mail, extra] = await alerts(user.email, 'A recovery code was used to sign in');
      expect(extra).toBeUndefined();
      expect(mail!.raw).toContain(`${recoveryCodes.length - 1} unused codes are left.`);
      expect(mail!.raw).toContain('IP address: 127.0.0.1');
    });

    it('sends them even when sign-in alerts are off', async () => {
      const user = await createTestUser(app);
      await turnAlertsOff(user);
      await enrolTotp(app, user);
      expect(await alerts(user.email, subject)).toHaveLength(1);
    });
  });

  describe('sendSecurityAlert for other modules', () => {
    it('creating an API key mails the alert, naming the key by name and prefix', async () => {
      const user = await createTestUser(app);
      const res = await app.inject({
        method: 'POST',
        url: '/api/account/api-keys',
        headers: bearer(user),
        payload: { name: 'Reporting', scopes: ['forms:read'] },
      });
      expect(res.statusCode).toBe(201);
      const [mail] = await alerts(user.email, 'A new API key was created');
      expect(mail!.raw).toContain(`Key: Reporting (${res.json().prefix}`);
    });

    it("mails 'API key created' with the key's name, whatever the setting", async () => {
      const user = await createTestUser(app);
      const sent = await sendSecurityAlert(app, user.id, {
        kind: 'api-key-created',
        keyName: 'Zapier <sync>',
        ip: '203.0.113.9',
      });
      expect(sent).toBe(true);
      const [mail] = await alerts(user.email, 'A new API key was created');
      expect(mail!.raw).toContain('Key: Zapier <sync>');
      expect(mail!.raw).toContain('Zapier &lt;sync&gt;');
      expect(mail!.raw).toContain('IP address: 203.0.113.9');

      await turnAlertsOff(user);
      expect(await sendSecurityAlert(app, user.id, { kind: 'api-key-created', keyName: 'Second' })).toBe(
        true,
      );
      expect(await alerts(user.email, 'A new API key was created')).toHaveLength(2);
    });
  });
});
