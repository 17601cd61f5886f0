import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, sessions, users } from '../src/db/schema.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { dbKind } from './helpers/app.ts';
import { createMailTestApp, drainMails } from './helpers/mail-app.ts';
import { findLink, type TestSmtpServer } from './helpers/smtp.ts';

const BASE = 'http://localhost:3000';
const PASSWORD = 'correct horse battery';

describe(`auth: sign-up and sign-in (${dbKind})`, () => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, smtp, close } = await createMailTestApp());
  });
  afterAll(() => close());

  const newEmail = () => `auth-${randomUUID()}@example.com`;

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers });

  /** Sends queued mail and returns the link of the nth mail to `to` that carries `prefix`. */
  async function mailedLink(to: string, prefix: string, nth = 0) {
    const found = await waitForMails(to, prefix, nth + 1);
    if (found.length <= nth) throw new Error(`no mail #${nth} to ${to} with ${prefix}`);
    return { link: findLink(found[nth]!, prefix), raw: found[nth]!.raw, count: found.length };
  }
  const waitForMails = (to: string, prefix: string, count: number) =>
    drainMails({ app, smtp }, { to, prefix, count });
  const mailsTo = async (to: string) => {
    await app.jobs.drain();
    return smtp.mails.filter((m) => m.to.includes(to));
  };

  async function register(email = newEmail(), name = 'Ada Lovelace') {
    const res = await post('/api/auth/register', {
      name,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
    });
    expect(res.statusCode).toBe(201);
    return email.toLowerCase();
  }

  const verifyToken = async (email: string, nth = 0) => {
    const { link } = await mailedLink(email, `${BASE}/verify-email?token=`, nth);
    return new URL(link).searchParams.get('token')!;
  };
  const magicToken = async (email: string, nth = 0) => {
    const { link } = await mailedLink(email, `${BASE}/magic-link/`, nth);
    return new URL(link).pathname.split('/').pop()!;
  };
  const login = (email: string, password = PASSWORD) => post('/api/auth/login', { email, password });
  const current = (token: string) =>
    app.inject({ method: 'GET', url: '/api/auth/current', headers: { authorization: `Bearer ${token}` } });

  describe('register', () => {
    it('creates an unverified account, stores an argon2id hash and mails a verification link', async () => {
      const email = newEmail();
      const res = await post('/api/auth/register', {
        name: 'Ada',
        email: email.toUpperCase(),
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptTerms: true,
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ email, name: 'Ada', is_verified: false });
      expect(body).not.toHaveProperty('token');
      const [row] = await app.db.select().from(users).where(eq(users.email, email));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row!.emailVerifiedAt).toBeNull();
      const { link, raw } = await mailedLink(email, `${BASE}/verify-email?token=`);
      expect(link).toMatch(/\?token=[A-Za-z0-9_-]{43}$/);
      expect(raw).toContain('text/plain');
      expect(raw).toContain('text/html');
      const token = new URL(link).searchParams.get('token')!;
      const [stored] = await app.db
        .select()
        .from(authTokens)
        .where(eq(authTokens.tokenHash, hashToken(token)));
      expect(stored).toMatchObject({ kind: 'verify', userId: row!.id });
      const ttlHours = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 3_600_000;
      expect(ttlHours).toBeCloseTo(24, 1);
      const sessionRows = await app.db.select().from(sessions).where(eq(sessions.userId, row!.id));
      expect(sessionRows).toHaveLength(0);
    });

    it('accepts snake_case confirm_password and accept_terms', async () => {
      const res = await post('/api/auth/register', {
        name: 'Snake',
        email: newEmail(),
        password: PASSWORD,
        confirm_password: PASSWORD,
        accept_terms: true,
      });
      expect(res.statusCode).toBe(201);
    });

    it('answers 409 on an email already registered in another case', async () => {
      const email = await register();
      const res = await post('/api/auth/register', {
        name: 'Other',
        email: email.replace('auth-', 'AUTH-').toUpperCase(),
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptTerms: true,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: AUTH_MESSAGES.emailTaken,
        code: 'CONFLICT',
        fields: { email: 'This email is already registered' },
      });
    });

    it('names every missing field with its message', async () => {
      const res = await post('/api/auth/register', {});
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toMatchObject({
        name: 'Name is required',
        email: 'Email is required',
        password: 'Password is required',
      });
    });

    it('rejects empty strings, a bad email, a short password and a mismatch', async () => {
      const empty = await post('/api/auth/register', {
        name: ' ',
        email: '',
        password: '',
        confirmPassword: '',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fields).toMatchObject({
        name: 'Name is required',
        email: 'Email is required',
        password: 'Password is required',
      });
      const bad = await post('/api/auth/register', {
        name: 'A',
        email: 'not-an-email',
        password: 'short',
        confirmPassword: 'other',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({
        email: 'Email is invalid',
        password: 'Password must be at least 8 characters',
        confirmPassword: 'Passwords do not match',
      });
    });

    it('refuses acceptTerms false', async () => {
      const res = await post('/api/auth/register', {
        name: 'A',
        email: newEmail(),
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptTerms: false,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('acceptTerms');
    });
  });

  describe('verify', () => {
    it('verifies the email through the mailed link, once', async () => {
      const email = await register();
      const before = await login(email);
      expect(before.statusCode).toBe(200);
      expect(before.json().is_verified).toBe(false);

      const token = await verifyToken(email);
      const res = await app.inject({ method: 'GET', url: `/api/auth/verify/${token}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.verifySuccess, email, is_verified: true });
      expect((await login(email)).json().is_verified).toBe(true);

      const again = await app.inject({ method: 'GET', url: `/api/auth/verify/${token}` });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe('Failed to verify email. The link may be invalid or expired.');
    });

    it('signs the new account in when its owner verifies from the page, ending the sessions opened before', async () => {
      const email = await register();
      const before = (await login(email)).json().token as string;
      const token = await verifyToken(email);
      const res = await post(`/api/auth/verify/${token}`, {});
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ message: AUTH_MESSAGES.verifySuccess, email, is_verified: true });
      expect(body.sign_in).toMatchObject({ is_verified: true, name: 'Ada Lovelace' });
      const me = await current(body.sign_in.token);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ email, is_verified: true });
      // Someone who signed up with this address before its owner verified it is signed out.
      expect((await current(before)).statusCode).toBe(401);
      // The link signs in once.
      const again = await post(`/api/auth/verify/${token}`, {});
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe(AUTH_MESSAGES.verifyFailed);
    });

    it('mails a new link to an unverified address asked for by email, answering the same for any address', async () => {
      const email = await register();
      const unknown = await post('/api/auth/verification-link', { email: newEmail() });
      const res = await post('/api/auth/verification-link', { email: email.toUpperCase() });
      expect(res.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(res.json()).toEqual(unknown.json());
      const first = await verifyToken(email, 0);
      const second = await verifyToken(email, 1);
      // The new link works and retires the first.
      expect((await app.inject({ method: 'GET', url: `/api/auth/verify/${first}` })).statusCode).toBe(400);
      expect((await app.inject({ method: 'GET', url: `/api/auth/verify/${second}` })).statusCode).toBe(200);
      // Once verified, asking again mails nothing.
      await post('/api/auth/verification-link', { email });
      expect((await mailsTo(email)).length).toBe(2);
    });

    it('rejects an unknown token', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/auth/verify/not-a-real-token' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(AUTH_MESSAGES.verifyFailed);
    });

    it('rejects an expired token and leaves the email unverified', async () => {
      const email = await register();
      const token = await verifyToken(email);
      await app.db
        .update(authTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(authTokens.tokenHash, hashToken(token)));
      const res = await app.inject({ method: 'GET', url: `/api/auth/verify/${token}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(AUTH_MESSAGES.verifyFailed);
      expect((await login(email)).json().is_verified).toBe(false);
    });

    it('does not accept a magic-link token as a verification token', async () => {
      const email = await register();
      await post('/api/auth/magic-link', { email });
      const token = await magicToken(email);
      const res = await app.inject({ method: 'GET', url: `/api/auth/verify/${token}` });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('login', () => {
    it('answers pid, name, is_verified, token and expires_in; the token opens the session', async () => {
      const email = await register(undefined, 'Grace');
      const res = await login(email.toUpperCase());
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        pid: expect.any(String),
        name: 'Grace',
        is_verified: false,
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        expires_in: app.config.sessionTtlSeconds,
      });
      const me = await current(body.token);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ pid: body.pid, email, name: 'Grace', role: 'user' });
      const [row] = await app.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(body.token)));
      expect(row).toMatchObject({ authMethod: 'password', userId: body.pid });
    });

    it('answers 401 with the same message for a wrong password and an unknown email', async () => {
      const email = await register();
      const wrong = await login(email, 'wrong password!');
      const unknown = await login(newEmail(), PASSWORD);
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'Invalid email or password', code: 'UNAUTHORIZED' });
      }
    });

    it('validates email and password with their messages', async () => {
      const missing = await post('/api/auth/login', { email: '', password: '' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual({ email: 'Email is required', password: 'Password is required' });
      const bad = await post('/api/auth/login', { email: 'nope', password: 'x' });
      expect(bad.json().fields).toEqual({ email: 'Email is invalid' });
      const none = await app.inject({ method: 'POST', url: '/api/auth/login' });
      expect(none.statusCode).toBe(400);
    });

    it('refuses a session whose expiry has passed', async () => {
      const email = await register();
      const { token } = (await login(email)).json();
      await app.db
        .update(sessions)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(sessions.tokenHash, hashToken(token)));
      const res = await current(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(AUTH_MESSAGES.sessionExpired);
    });
  });

  describe('magic link', () => {
    it('answers the same for a known and an unknown email and mails only the known one', async () => {
      const known = await register();
      const unknown = newEmail();
      const a = await post('/api/auth/magic-link', { email: known });
      const b = await post('/api/auth/magic-link', { email: unknown });
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(a.json()).toEqual(b.json());
      expect(await waitForMails(known, `${BASE}/magic-link/`, 1)).toHaveLength(1);
      expect(await mailsTo(unknown)).toHaveLength(0);
    });

    it('logs in through the mailed link once, answering like login and verifying the email', async () => {
      const email = await register(undefined, 'Linus');
      await post('/api/auth/magic-link', { email: email.toUpperCase() });
      const token = await magicToken(email);
      const [stored] = await app.db
        .select()
        .from(authTokens)
        .where(eq(authTokens.tokenHash, hashToken(token)));
      expect(stored!.kind).toBe('magic_link');
      expect((stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 60_000).toBeCloseTo(15, 1);

      const res = await app.inject({ method: 'GET', url: `/api/auth/magic-link/${token}` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        pid: expect.any(String),
        name: 'Linus',
        is_verified: true,
        token: expect.any(String),
        expires_in: app.config.sessionTtlSeconds,
      });
      expect((await current(body.token)).json().is_verified).toBe(true);
      const [session] = await app.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(body.token)));
      expect(session!.authMethod).toBe('magic_link');

      const again = await app.inject({ method: 'GET', url: `/api/auth/magic-link/${token}` });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe('This login link is invalid or has expired.');
    });

    it('rejects an expired link and an unknown one', async () => {
      const email = await register();
      await post('/api/auth/magic-link', { email });
      const token = await magicToken(email);
      await app.db
        .update(authTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(authTokens.tokenHash, hashToken(token)));
      for (const t of [token, 'made-up-token']) {
        const res = await app.inject({ method: 'GET', url: `/api/auth/magic-link/${t}` });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe(AUTH_MESSAGES.magicLinkInvalid);
      }
    });

    it('does not log in with a verification token', async () => {
      const email = await register();
      const token = await verifyToken(email);
      const res = await app.inject({ method: 'GET', url: `/api/auth/magic-link/${token}` });
      expect(res.statusCode).toBe(400);
    });

    it('validates the email', async () => {
      const empty = await post('/api/auth/magic-link', { email: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fields).toEqual({ email: 'Email is required' });
      const bad = await post('/api/auth/magic-link', { email: 'a@b' });
      expect(bad.json().fields).toEqual({ email: 'Email is invalid' });
    });
  });

  describe('forgot password', () => {
    it('mails a login link that leads to setting a new password without the old one', async () => {
      const email = await register();
      const unknown = await post('/api/auth/forgot-password', { email: newEmail() });
      const res = await post('/api/auth/forgot-password', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(unknown.json());

      const { link } = await mailedLink(email, `${BASE}/magic-link/`);
      const url = new URL(link);
      expect(url.searchParams.get('returnUrl')).toBe('/password-reset');
      const token = url.pathname.split('/').pop()!;
      const session = (await app.inject({ method: 'GET', url: `/api/auth/magic-link/${token}` })).json();

      const change = await post(
        '/api/auth/change-password',
        { new_password: 'a brand new secret', confirm_password: 'a brand new secret' },
        { authorization: `Bearer ${session.token}` },
      );
      expect(change.statusCode).toBe(200);
      expect((await login(email)).statusCode).toBe(401);
      expect((await login(email, 'a brand new secret')).statusCode).toBe(200);
    });

    it('validates the email with its messages', async () => {
      const empty = await post('/api/auth/forgot-password', {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fields).toEqual({ email: 'Email is required' });
      const bad = await post('/api/auth/forgot-password', { email: 'nope' });
      expect(bad.json().fields).toEqual({ email: 'Email is invalid' });
    });
  });
});
