import { randomBytes, randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from '@formsmith/core/auth/messages';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { authTokens, jobs, sessions } from '../src/db/schema.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { RATE_LIMITS } from '../src/plugins/rate-limits.ts';
import { dbKind } from './helpers/app.ts';
import { createMailTestApp, drainMails, type MailTestApp } from './helpers/mail-app.ts';
import { findLink } from './helpers/smtp.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';

const BASE = 'http://localhost:3000';
const PASSWORD = 'correct horse battery';

const newIp = () => {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
};
const newEmail = () => `sec-${randomUUID()}@example.com`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Request helpers bound to one test app. */
function client(t: MailTestApp) {
  const { app } = t;
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    opts: { token?: string; payload?: object; ip?: string } = {},
  ) =>
    app.inject({
      method,
      url,
      payload: opts.payload,
      headers: opts.token ? bearer(opts.token) : {},
      remoteAddress: opts.ip ?? newIp(),
    });
  const login = (email: string, password = PASSWORD, ip?: string) =>
    call('POST', '/api/auth/login', { payload: { email, password }, ip });
  const register = (email: string, password = PASSWORD) =>
    call('POST', '/api/auth/register', {
      payload: { name: 'Someone', email, password, confirmPassword: password, acceptTerms: true },
    });
  const current = (token: string) => call('GET', '/api/auth/current', { token });
  /** The links mailed to `to` that start with prefix, once `count` of them arrived. */
  const links = async (to: string, prefix: string, count = 1) =>
    (await drainMails(t, { to, prefix, count })).map((m) => findLink(m, prefix));
  const magicToken = async (email: string, nth = 0) => {
    const found = await links(email, `${BASE}/magic-link/`, nth + 1);
    return new URL(found[nth]!).pathname.split('/').pop()!;
  };
  const requestMagicLink = (email: string, ip?: string) =>
    call('POST', '/api/auth/magic-link', { payload: { email }, ip });
  return { call, login, register, current, links, magicToken, requestMagicLink };
}

describe(`security findings: accounts (${dbKind})`, () => {
  let t: MailTestApp;
  let app: FastifyInstance;
  let c: ReturnType<typeof client>;
  /** The same app with the real limits (RATE_LIMIT_FACTOR 1). */
  let limited: MailTestApp;
  let l: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await createMailTestApp();
    app = t.app;
    c = client(t);
    limited = await createMailTestApp({ env: { RATE_LIMIT_FACTOR: '1' } });
    l = client(limited);
  });
  afterAll(async () => {
    await t.close();
    await limited.close();
  });

  describe('finding 1: proving the mailbox ends sessions opened before it', () => {
    it('finding 1: the verification link signs out a session of whoever registered the address', async () => {
      const email = newEmail();
      expect((await c.register(email)).statusCode).toBe(201);
      const squatter = (await c.login(email)).json().token as string;
      expect((await c.current(squatter)).statusCode).toBe(200);

      const [link] = await c.links(email, `${BASE}/verify-email?token=`);
      const token = new URL(link!).searchParams.get('token')!;
      expect((await c.call('GET', `/api/auth/verify/${token}`)).statusCode).toBe(200);

      expect((await c.current(squatter)).statusCode).toBe(401);
      // The owner signs in afresh and keeps that session.
      const fresh = (await c.login(email)).json().token as string;
      expect((await c.current(fresh)).json().is_verified).toBe(true);
    });

    it('finding 1: a magic link to an unverified account ends older sessions and drops the unproven password', async () => {
      const email = newEmail();
      expect((await c.register(email)).statusCode).toBe(201);
      const squatter = (await c.login(email)).json().token as string;

      expect((await c.requestMagicLink(email)).statusCode).toBe(200);
      const owner = await c.call('GET', `/api/auth/magic-link/${await c.magicToken(email)}`);
      expect(owner.statusCode).toBe(200);
      expect(owner.json().is_verified).toBe(true);

      expect((await c.current(squatter)).statusCode).toBe(401);
      expect((await c.login(email)).statusCode).toBe(401);
      expect((await c.current(owner.json().token)).statusCode).toBe(200);
      // The owner sets a password of their own without knowing the squatter's.
      const set = await c.call('POST', '/api/auth/change-password', {
        token: owner.json().token,
        payload: { new_password: 'owner picked this', confirm_password: 'owner picked this' },
      });
      expect(set.statusCode).toBe(200);
      expect((await c.login(email, 'owner picked this')).statusCode).toBe(200);
    });
  });

  describe('finding 3: changing the email', () => {
    const change = (user: TestUser, payload: Record<string, unknown>, ip?: string, client2 = c) =>
      client2.call('PUT', '/api/auth/profile', {
        token: user.token,
        payload: { name: user.name, ...payload },
        ip,
      });

    it('finding 3: needs the current password, and a wrong one is refused before anything else', async () => {
      const user = await createTestUser(app);
      const other = await createTestUser(app);
      const missing = await change(user, { email: newEmail() });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual({ current_password: AUTH_MESSAGES.currentPasswordRequired });
      // Without the password a registered address answers like any other: no enumeration.
      const probe = await change(user, { email: other.email });
      expect(probe.statusCode).toBe(400);
      const wrong = await change(user, { email: other.email, current_password: 'not my password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields).toEqual({ current_password: AUTH_MESSAGES.currentPasswordIncorrect });
      const next = newEmail();
      const ok = await change(user, { email: next, current_password: user.password });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().pending_email).toBe(next);
      // Name and company alone still save without a password.
      expect((await change(user, { email: user.email, name: 'Renamed' })).statusCode).toBe(200);
    });

    it('finding 3: a fresh magic-link session may change the email without the password', async () => {
      const user = await createTestUser(app);
      await c.requestMagicLink(user.email);
      const magic = (await c.call('GET', `/api/auth/magic-link/${await c.magicToken(user.email)}`)).json();
      const res = await c.call('PUT', '/api/auth/profile', {
        token: magic.token,
        payload: { name: user.name, email: newEmail() },
      });
      expect(res.statusCode).toBe(200);
    });

    it('finding 3: the confirmation mail carries no text from the request, and the old address is told', async () => {
      const user = await createTestUser(app);
      const next = newEmail();
      const bait = 'Claim your prize at evil.example';
      const res = await change(user, { email: next, name: bait, current_password: user.password });
      expect(res.statusCode).toBe(200);
      const [confirm] = await drainMails(t, { to: next, prefix: `${BASE}/verify-email?token=`, count: 1 });
      expect(confirm!.raw).not.toContain(bait);
      const [notice] = await drainMails(t, { to: user.email, prefix: 'Subject:', count: 1 });
      expect(notice!.raw).toMatch(/change the email address/i);
      expect(notice!.raw).not.toContain(bait);
      expect(notice!.raw).not.toContain(next);
    });

    it(`finding 3: answers 429 past ${RATE_LIMITS.emailChangePerUser.max} changes per user, and per IP`, async () => {
      const user = await createTestUser(limited.app);
      for (let i = 0; i < RATE_LIMITS.emailChangePerUser.max; i++) {
        const res = await change(user, { email: newEmail(), current_password: user.password }, newIp(), l);
        expect(res.statusCode).toBe(200);
      }
      const over = await change(user, { email: newEmail(), current_password: user.password }, newIp(), l);
      expect(over.statusCode).toBe(429);

      const ip = newIp();
      for (let i = 0; i < RATE_LIMITS.emailChangePerIp.max; i++) {
        const someone = await createTestUser(limited.app);
        const res = await change(someone, { email: newEmail(), current_password: someone.password }, ip, l);
        expect(res.statusCode).toBe(200);
      }
      const someone = await createTestUser(limited.app);
      const res = await change(someone, { email: newEmail(), current_password: someone.password }, ip, l);
      expect(res.statusCode).toBe(429);
    });
  });

  describe('finding 5: others cannot lock an account out', () => {
    const perPair = RATE_LIMITS.loginFailuresPerAccountIp.max;

    it("finding 5: other IPs' failures never refuse the right password from a new IP", async () => {
      const user = await createTestUser(limited.app);
      for (let i = 0; i < 3 * perPair; i++) {
        expect((await l.login(user.email, 'wrong password!', newIp())).statusCode).toBe(401);
      }
      expect((await l.login(user.email, user.password, newIp())).statusCode).toBe(200);
    });

    it(`finding 5: one IP gets ${perPair} wrong passwords for an account, then 429`, async () => {
      const user = await createTestUser(limited.app);
      const ip = newIp();
      for (let i = 0; i < perPair; i++) {
        expect((await l.login(user.email, 'wrong password!', ip)).statusCode).toBe(401);
      }
      expect((await l.login(user.email, user.password, ip)).statusCode).toBe(429);
      expect((await l.login(user.email, user.password, newIp())).statusCode).toBe(200);
    });

    it('finding 5: once an account collects many failures, an IP that failed waits a growing delay', async () => {
      const user = await createTestUser(limited.app);
      const ips = Array.from({ length: RATE_LIMITS.loginFailuresPerAccount.free + 1 }, newIp);
      for (const ip of ips) expect((await l.login(user.email, 'wrong password!', ip)).statusCode).toBe(401);
      // Past the account's free failures, an IP that has failed is refused at once...
      expect((await l.login(user.email, 'wrong password!', ips[0])).statusCode).toBe(429);
      // ...while a new IP still gets its answer, and the right password works.
      expect((await l.login(user.email, 'wrong password!', newIp())).statusCode).toBe(401);
      expect((await l.login(user.email, user.password, newIp())).statusCode).toBe(200);
    });

    it("finding 5: other IPs' magic-link requests never refuse the owner's", async () => {
      const user = await createTestUser(limited.app);
      for (let i = 0; i < RATE_LIMITS.magicLinkPerEmailIp.max; i++) {
        expect((await l.requestMagicLink(user.email, newIp())).statusCode).toBe(200);
      }
      expect((await l.requestMagicLink(user.email, newIp())).statusCode).toBe(200);
      const ip = newIp();
      for (let i = 0; i < RATE_LIMITS.magicLinkPerEmailIp.max; i++) {
        expect((await l.requestMagicLink(user.email, ip)).statusCode).toBe(200);
      }
      expect((await l.requestMagicLink(user.email, ip)).statusCode).toBe(429);
    });
  });

  describe('finding 7: guessing the current password is limited', () => {
    it(`finding 7: change-password answers 429 after ${RATE_LIMITS.passwordCheckPerUser.max} wrong current passwords`, async () => {
      const user = await createTestUser(limited.app);
      const body = (current: string) => ({
        current_password: current,
        new_password: 'brand new secret',
        confirm_password: 'brand new secret',
      });
      for (let i = 0; i < RATE_LIMITS.passwordCheckPerUser.max; i++) {
        const res = await l.call('POST', '/api/auth/change-password', {
          token: user.token,
          payload: body(`guess number ${i}`),
        });
        expect(res.statusCode).toBe(400);
      }
      const res = await l.call('POST', '/api/auth/change-password', {
        token: user.token,
        payload: body(user.password),
      });
      expect(res.statusCode).toBe(429);
    });
  });

  describe('finding 9: mailed links retire', () => {
    it('finding 9: a newer login link retires the older one', async () => {
      const user = await createTestUser(app);
      await c.requestMagicLink(user.email);
      const first = await c.magicToken(user.email, 0);
      await c.requestMagicLink(user.email);
      const second = await c.magicToken(user.email, 1);
      expect((await c.call('GET', `/api/auth/magic-link/${first}`)).statusCode).toBe(400);
      expect((await c.call('GET', `/api/auth/magic-link/${second}`)).statusCode).toBe(200);
    });

    it('finding 9: a password change retires outstanding login and reset links', async () => {
      const user = await createTestUser(app);
      await c.call('POST', '/api/auth/forgot-password', { payload: { email: user.email } });
      const reset = await c.magicToken(user.email);
      const changed = await c.call('POST', '/api/auth/change-password', {
        token: user.token,
        payload: {
          current_password: user.password,
          new_password: 'changed it myself',
          confirm_password: 'changed it myself',
        },
      });
      expect(changed.statusCode).toBe(200);
      expect((await c.call('GET', `/api/auth/magic-link/${reset}`)).statusCode).toBe(400);
    });

    it('finding 9: using a verification link retires outstanding login links', async () => {
      const email = newEmail();
      await c.register(email);
      const [link] = await c.links(email, `${BASE}/verify-email?token=`);
      await c.requestMagicLink(email);
      const magic = await c.magicToken(email);
      const verify = new URL(link!).searchParams.get('token')!;
      expect((await c.call('GET', `/api/auth/verify/${verify}`)).statusCode).toBe(200);
      expect((await c.call('GET', `/api/auth/magic-link/${magic}`)).statusCode).toBe(400);
    });

    it('finding 9: a magic-link session may skip the current password for 10 minutes only', async () => {
      const user = await createTestUser(app);
      await c.requestMagicLink(user.email);
      const magic = (await c.call('GET', `/api/auth/magic-link/${await c.magicToken(user.email)}`)).json();
      await app.db
        .update(sessions)
        .set({ createdAt: sql`now() - interval '11 minutes'` })
        .where(eq(sessions.tokenHash, hashToken(magic.token)));
      const res = await c.call('POST', '/api/auth/change-password', {
        token: magic.token,
        payload: { new_password: 'set without old', confirm_password: 'set without old' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ current_password: AUTH_MESSAGES.currentPasswordRequired });
    });
  });

  describe('finding 12: weak passwords', () => {
    it.each([
      ['12345678', AUTH_MESSAGES.passwordTooCommon],
      ['password', AUTH_MESSAGES.passwordTooCommon],
      ['Password1', AUTH_MESSAGES.passwordTooCommon],
      ['        ', AUTH_MESSAGES.passwordBlank],
    ])('finding 12: sign-up refuses %j', async (password, message) => {
      const res = await c.register(newEmail(), password);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.password).toBe(message);
    });

    it('finding 12: a password change refuses a common password too', async () => {
      const user = await createTestUser(app);
      const res = await c.call('POST', '/api/auth/change-password', {
        token: user.token,
        payload: {
          current_password: user.password,
          new_password: 'qwertyuiop',
          confirm_password: 'qwertyuiop',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ new_password: AUTH_MESSAGES.passwordTooCommon });
    });
  });

  describe('finding 13: magic-link requests take the same path for every address', () => {
    it('finding 13: the request only queues a job; the link is made and mailed by the queue', async () => {
      const user = await createTestUser(app);
      const pendingLinkJobs = async () =>
        (
          await app.db
            .select({ payload: jobs.payload })
            .from(jobs)
            .where(and(eq(jobs.kind, 'auth.login-link'), isNull(jobs.doneAt)))
        ).length;
      const unknown = newEmail();
      for (const email of [user.email, unknown]) {
        const before = await pendingLinkJobs();
        expect((await c.requestMagicLink(email)).statusCode).toBe(200);
        expect(await pendingLinkJobs()).toBe(before + 1);
        // The address itself is not kept in the queue.
        const kept = await app.db
          .select({ id: jobs.id })
          .from(jobs)
          .where(sql`${jobs.payload}::text like ${`%${email}%`}`);
        expect(kept).toHaveLength(0);
      }
      const tokens = await app.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
      expect(tokens).toHaveLength(0);
      const [link] = await c.links(user.email, `${BASE}/magic-link/`);
      expect(link).toContain(`${BASE}/magic-link/`);
      await t.app.jobs.drain();
      expect(t.smtp.mails.filter((m) => m.to.includes(unknown))).toHaveLength(0);
    });
  });

  describe('finding 18: sessions have an absolute lifetime', () => {
    it('finding 18: a session signed in more than 30 days ago is refused, refreshed or not', async () => {
      const user = await createTestUser(app);
      const refreshed = await c.call('POST', '/api/auth/refresh', { token: user.token });
      expect(refreshed.statusCode).toBe(200);
      const token = refreshed.json().token as string;
      await app.db
        .update(sessions)
        .set({ createdAt: sql`now() - interval '30 days 1 minute'` })
        .where(eq(sessions.tokenHash, hashToken(token)));
      expect((await c.current(token)).statusCode).toBe(401);
      expect((await c.call('POST', '/api/auth/refresh', { token })).statusCode).toBe(401);
    });

    it('finding 18: a refresh never extends a session past its absolute lifetime', async () => {
      const user = await createTestUser(app);
      await app.db
        .update(sessions)
        .set({ createdAt: sql`now() - interval '29 days 23 hours'` })
        .where(eq(sessions.userId, user.id));
      const refreshed = await c.call('POST', '/api/auth/refresh', { token: user.token });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.json().expires_in).toBeLessThanOrEqual(3600);
      const [row] = await app.db
        .select({ expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(refreshed.json().token)));
      expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600_000 + 5_000);
    });

    it('finding 18: SESSION_MAX_AGE_SECONDS sets the lifetime and is validated', async () => {
      expect(loadConfig({}).sessionMaxAgeSeconds).toBe(30 * 24 * 3600);
      expect(loadConfig({ SESSION_MAX_AGE_SECONDS: '86400' }).sessionMaxAgeSeconds).toBe(86400);
      expect(() => loadConfig({ SESSION_MAX_AGE_SECONDS: 'soon' })).toThrow(ConfigError);
      expect(() => loadConfig({ SESSION_MAX_AGE_SECONDS: '0' })).toThrow(ConfigError);
    });
  });
});
