import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, sessions } from '../src/db/schema.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { dbKind } from './helpers/app.ts';
import { createMailTestApp, drainMails } from './helpers/mail-app.ts';
import { findLink, type TestSmtpServer } from './helpers/smtp.ts';
import { createTestUser } from './helpers/users.ts';

const BASE = 'http://localhost:3000';
const PASSWORD = 'correct horse battery';

describe(`auth: signed-in account (${dbKind})`, () => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, smtp, close } = await createMailTestApp());
  });
  afterAll(() => close());

  const newEmail = () => `acct-${randomUUID()}@example.com`;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
    app.inject({ method, url, payload, headers: token ? bearer(token) : {} });
  const login = (email: string, password = PASSWORD) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  /** Sends queued mail until `count` mails to `to` carrying `prefix` have arrived; returns their links. */
  async function mailedLinks(to: string, prefix: string, count = 1): Promise<string[]> {
    const found = await drainMails({ app, smtp }, { to, prefix, count });
    return found.map((m) => findLink(m, prefix));
  }

  async function registerUnverified() {
    const email = newEmail();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Unverified',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptTerms: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const { token } = (await login(email)).json();
    return { email, token: token as string };
  }

  describe('current', () => {
    it('answers 401 without a token and with an unknown one', async () => {
      const none = await call('GET', '/api/auth/current');
      expect(none.statusCode).toBe(401);
      expect(none.json().error).toBe(AUTH_MESSAGES.noToken);
      const bad = await call('GET', '/api/auth/current', 'not-a-token');
      expect(bad.statusCode).toBe(401);
    });

    it('describes the signed-in user', async () => {
      const user = await createTestUser(app, { name: 'Marie' });
      const res = await call('GET', '/api/auth/current', user.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        pid: user.id,
        email: user.email,
        name: 'Marie',
        role: 'user',
        is_verified: true,
        company: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        pending_email: null,
      });
    });
  });

  describe('profile', () => {
    it('saves name and company', async () => {
      const user = await createTestUser(app);
      const res = await call('PUT', '/api/auth/profile', user.token, {
        name: '  Rosalind Franklin ',
        email: user.email,
        company: 'King’s College',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Rosalind Franklin',
        company: 'King’s College',
        email: user.email,
        pending_email: null,
      });
      const cleared = await call('PUT', '/api/auth/profile', user.token, {
        name: 'R',
        email: user.email,
        company: '',
      });
      expect(cleared.json().company).toBeNull();
    });

    it('validates name and email', async () => {
      const user = await createTestUser(app);
      const res = await call('PUT', '/api/auth/profile', user.token, { name: '', email: 'bad' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ name: 'Name is required', email: 'Email is invalid' });
      expect(
        (await call('PUT', '/api/auth/profile', undefined, { name: 'x', email: user.email })).statusCode,
      ).toBe(401);
    });

    it('changes the email only after the link mailed to the new address is opened', async () => {
      const user = await createTestUser(app);
      const next = newEmail();
      const res = await call('PUT', '/api/auth/profile', user.token, {
        name: user.name,
        email: next.toUpperCase(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: user.email, pending_email: next });
      expect((await call('GET', '/api/auth/current', user.token)).json().pending_email).toBe(next);

      const [link] = await mailedLinks(next, `${BASE}/verify-email?token=`);
      const token = new URL(link!).searchParams.get('token')!;
      const [stored] = await app.db
        .select()
        .from(authTokens)
        .where(eq(authTokens.tokenHash, hashToken(token)));
      expect(stored!.kind).toBe('email_change');

      const verified = await call('GET', `/api/auth/verify/${token}`);
      expect(verified.statusCode).toBe(200);
      expect(verified.json().email).toBe(next);
      const me = (await call('GET', '/api/auth/current', user.token)).json();
      expect(me).toMatchObject({ email: next, pending_email: null, is_verified: true });
      expect((await login(next, user.password)).statusCode).toBe(200);
      expect((await login(user.email, user.password)).statusCode).toBe(401);
      expect((await call('GET', `/api/auth/verify/${token}`)).statusCode).toBe(400);
    });

    it('refuses an email that belongs to another account, in any case', async () => {
      const a = await createTestUser(app);
      const b = await createTestUser(app);
      const res = await call('PUT', '/api/auth/profile', a.token, {
        name: a.name,
        email: b.email.toUpperCase(),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: AUTH_MESSAGES.emailTaken,
        fields: { email: AUTH_MESSAGES.emailTaken },
      });
    });
  });

  describe('change password', () => {
    it('needs the right current password and matching new ones', async () => {
      const user = await createTestUser(app);
      const wrong = await call('POST', '/api/auth/change-password', user.token, {
        current_password: 'not it at all',
        new_password: 'another secret',
        confirm_password: 'another secret',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        error: 'Current password is incorrect',
        fields: { current_password: 'Current password is incorrect' },
      });
      const mismatch = await call('POST', '/api/auth/change-password', user.token, {
        current_password: user.password,
        new_password: 'another secret',
        confirm_password: 'another secreT',
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().fields).toEqual({ confirm_password: 'New passwords do not match' });
      const short = await call('POST', '/api/auth/change-password', user.token, {
        current_password: user.password,
        new_password: 'short',
        confirm_password: 'short',
      });
      expect(short.json().fields).toEqual({ new_password: 'Password must be at least 8 characters' });
      const missing = await call('POST', '/api/auth/change-password', user.token, {
        new_password: 'another secret',
        confirm_password: 'another secret',
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual({ current_password: AUTH_MESSAGES.currentPasswordRequired });
      expect((await login(user.email, user.password)).statusCode).toBe(200);
    });

    it('sets the new password and signs out every other session but the current one', async () => {
      const user = await createTestUser(app);
      const other = (await login(user.email, user.password)).json().token as string;
      const res = await call('POST', '/api/auth/change-password', user.token, {
        currentPassword: user.password,
        newPassword: 'a fresh password',
        confirmPassword: 'a fresh password',
      });
      expect(res.statusCode).toBe(200);
      expect((await call('GET', '/api/auth/current', user.token)).statusCode).toBe(200);
      expect((await call('GET', '/api/auth/current', other)).statusCode).toBe(401);
      expect((await login(user.email, user.password)).statusCode).toBe(401);
      expect((await login(user.email, 'a fresh password')).statusCode).toBe(200);
    });

    it('lets a magic-link session omit the current password only within 15 minutes', async () => {
      const user = await createTestUser(app);
      await app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email: user.email } });
      const [link] = await mailedLinks(user.email, `${BASE}/magic-link/`);
      const magic = (
        await call('GET', `/api/auth/magic-link/${new URL(link!).pathname.split('/').pop()}`)
      ).json();
      await app.db
        .update(sessions)
        .set({ createdAt: sql`now() - interval '16 minutes'` })
        .where(eq(sessions.tokenHash, hashToken(magic.token)));
      const body = { new_password: 'set without old', confirm_password: 'set without old' };
      const stale = await call('POST', '/api/auth/change-password', magic.token, body);
      expect(stale.statusCode).toBe(400);
      expect(stale.json().fields).toEqual({ current_password: AUTH_MESSAGES.currentPasswordRequired });
      // A password session never may.
      expect((await call('POST', '/api/auth/change-password', user.token, body)).statusCode).toBe(400);
    });
  });

  describe('sessions', () => {
    it('refresh answers a new token and retires the old one', async () => {
      const user = await createTestUser(app);
      const res = await call('POST', '/api/auth/refresh', user.token);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({ token: expect.any(String), expires_in: app.config.sessionTtlSeconds });
      expect(body.token).not.toBe(user.token);
      expect((await call('GET', '/api/auth/current', body.token)).statusCode).toBe(200);
      expect((await call('GET', '/api/auth/current', user.token)).statusCode).toBe(401);
      expect((await call('POST', '/api/auth/refresh', user.token)).statusCode).toBe(401);
    });

    it('logout revokes the current session only', async () => {
      const user = await createTestUser(app);
      const other = (await login(user.email, user.password)).json().token as string;
      const res = await call('POST', '/api/auth/logout', user.token);
      expect(res.statusCode).toBe(200);
      expect((await call('GET', '/api/auth/current', user.token)).statusCode).toBe(401);
      expect((await call('GET', '/api/auth/current', other)).statusCode).toBe(200);
      expect((await call('POST', '/api/auth/logout', user.token)).statusCode).toBe(401);
    });
  });

  describe('resend verification', () => {
    it('mails a new link and retires the old one', async () => {
      const { email, token } = await registerUnverified();
      expect(await mailedLinks(email, `${BASE}/verify-email?token=`)).toHaveLength(1);
      const res = await call('POST', '/api/auth/resend-verification', token);
      expect(res.statusCode).toBe(200);
      expect(res.json().is_verified).toBe(false);
      const links = await mailedLinks(email, `${BASE}/verify-email?token=`, 2);
      expect(links).toHaveLength(2);
      const [first, second] = links.map((l) => new URL(l).searchParams.get('token')!);
      expect((await call('GET', `/api/auth/verify/${first}`)).statusCode).toBe(400);
      expect((await call('GET', `/api/auth/verify/${second}`)).statusCode).toBe(200);
      const again = await call('POST', '/api/auth/resend-verification', token);
      expect(again.json()).toMatchObject({ is_verified: true });
    });

    it('needs a signed-in user', async () => {
      expect((await call('POST', '/api/auth/resend-verification')).statusCode).toBe(401);
    });
  });
});
