import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { rateLimitWindows } from '../src/db/schema.ts';
import { RATE_LIMITS } from '../src/plugins/rate-limits.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { queuedMails } from './helpers/stored.ts';

const PASSWORD = 'correct horse battery';

/** Real limits: RATE_LIMIT_FACTOR 1. */
describe(`auth: rate limits (${dbKind})`, () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FACTOR: '1' } });
  });
  afterAll(async () => {
    await app.close();
  });

  const newIp = () => {
    const b = randomBytes(3);
    return `10.${b[0]}.${b[1]}.${b[2]}`;
  };
  const newEmail = () => `rl-${randomUUID()}@example.com`;
  const send = (url: string, payload: object, ip: string) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  const cases = [
    {
      url: '/api/auth/login',
      ip: RATE_LIMITS.login.max,
      email: RATE_LIMITS.loginFailuresPerAccountIp.max,
      body: (email: string) => ({ email, password: 'whatever pass' }),
    },
    {
      url: '/api/auth/register',
      ip: RATE_LIMITS.register.max,
      email: RATE_LIMITS.registerPerEmail.max,
      body: (email: string) => ({ name: 'R', email, password: PASSWORD, confirmPassword: PASSWORD }),
    },
    {
      url: '/api/auth/magic-link',
      ip: RATE_LIMITS.magicLink.max,
      email: RATE_LIMITS.magicLinkPerEmailIp.max,
      body: (email: string) => ({ email }),
    },
    {
      url: '/api/auth/verification-link',
      ip: RATE_LIMITS.verificationLink.max,
      email: RATE_LIMITS.verificationLinkPerEmailIp.max,
      body: (email: string) => ({ email }),
    },
    {
      url: '/api/auth/forgot-password',
      ip: RATE_LIMITS.forgotPassword.max,
      email: RATE_LIMITS.forgotPasswordPerEmailIp.max,
      body: (email: string) => ({ email }),
    },
  ];

  for (const c of cases) {
    it(`${c.url} answers 429 past ${c.ip} requests a minute from one IP`, async () => {
      const ip = newIp();
      for (let i = 0; i < c.ip; i++) {
        const res = await send(c.url, c.body(newEmail()), ip);
        expect(res.statusCode).not.toBe(429);
      }
      const res = await send(c.url, c.body(newEmail()), ip);
      expect(res.statusCode).toBe(429);
      // A one-minute window: what is left of it, in seconds, or '1 minute' at its very start.
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(res.json()).toEqual({
        error: `Too many attempts. Please wait ${wait === 60 ? '1 minute' : `${wait} second${wait === 1 ? '' : 's'}`} and try again.`,
        code: 'RATE_LIMITED',
      });
      expect((await send(c.url, c.body(newEmail()), newIp())).statusCode).not.toBe(429);
    });

    it(`${c.url} answers 429 past ${c.email} attempts for one email from one IP`, async () => {
      const email = newEmail();
      const ip = newIp();
      for (let i = 0; i < c.email; i++) {
        expect((await send(c.url, c.body(email), ip)).statusCode).not.toBe(429);
      }
      const res = await send(c.url, c.body(email.toUpperCase()), ip);
      expect(res.statusCode).toBe(429);
      expect((await send(c.url, c.body(newEmail()), ip)).statusCode).not.toBe(429);
    });
  }
});

describe(`auth: how long a locked sign-in waits (${dbKind})`, () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ env: { RATE_LIMIT_FACTOR: '1' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('after five wrong passwords says how long the lock lasts, the same figure as Retry-After', async () => {
    const email = `locked-${randomUUID()}@example.com`;
    const remoteAddress = '10.250.1.1';
    const login = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'nope nope' },
        remoteAddress,
      });
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerAccountIp.max; i++)
      expect((await login()).statusCode).toBe(401);
    const locked = await login();
    expect(locked.statusCode).toBe(429);
    const seconds = Number(locked.headers['retry-after']);
    const windowSeconds = RATE_LIMITS.loginFailuresPerAccountIp.windowMs / 1000;
    // The window slides from the last failure, a moment ago: about the whole 15 minutes.
    expect(seconds).toBeGreaterThan(windowSeconds - 30);
    expect(seconds).toBeLessThanOrEqual(windowSeconds);
    expect(locked.json()).toEqual({
      error: `Too many attempts. Please wait ${Math.ceil(seconds / 60)} minutes and try again.`,
      code: 'RATE_LIMITED',
    });
    expect(locked.json().error).toContain('15 minutes');
  });
});

describe(`rate limits across instances (${dbKind})`, () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createTestApp({ env: { RATE_LIMIT_FACTOR: '1' } });
    // A second server on the same database, as behind a load balancer.
    second = await buildApp(first.config, { database: first.database });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });
  const ip = () => `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const login = (app: FastifyInstance, email: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'nope nope' },
      remoteAddress,
    });

  it('wrong passwords count on every instance together', async () => {
    const email = `shared-${randomUUID()}@example.com`;
    const from = ip();
    const max = RATE_LIMITS.loginFailuresPerAccountIp.max;
    for (let i = 0; i < max; i++) {
      const res = await login(i % 2 === 0 ? first : second, email, from);
      expect(res.statusCode).toBe(401);
    }
    expect((await login(first, email, from)).statusCode).toBe(429);
    expect((await login(second, email, from)).statusCode).toBe(429);
    const [row] = await first.db
      .select()
      .from(rateLimitWindows)
      .where(eq(rateLimitWindows.key, `loginFailuresPerAccountIp:${email}|${from}`));
    expect(row!.count).toBe(max);
  });

  it('a window that has ended starts again from one', async () => {
    const email = `expired-${randomUUID()}@example.com`;
    const from = ip();
    const key = `loginFailuresPerAccountIp:${email}|${from}`;
    await first.db.insert(rateLimitWindows).values({ key, count: 99, resetAt: new Date(Date.now() - 1000) });
    expect((await login(second, email, from)).statusCode).toBe(401);
    const [row] = await first.db.select().from(rateLimitWindows).where(eq(rateLimitWindows.key, key));
    expect(row!.count).toBe(1);
    expect(row!.resetAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });
});

/**
 * Its own in-memory PGlite even when TEST_DATABASE_URL is set: draining a shared jobs table with a
 * dead SMTP server would fail the mail of test files running beside it.
 */
describe('auth: mail failures (pglite)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9', DATABASE_URL: '' } });
  });
  afterAll(async () => {
    await app.close();
  });
  const newIp = () => '10.200.0.1';
  const newEmail = () => `rl-${randomUUID()}@example.com`;
  const send = (url: string, payload: object, ip: string) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  it('keeps a registration when the SMTP server is down and retries its mail later', async () => {
    const email = newEmail();
    const res = await send(
      '/api/auth/register',
      { name: 'Kept', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
      newIp(),
    );
    expect(res.statusCode).toBe(201);
    await app.jobs.drain();
    const job = (await queuedMails(app))
      .filter((row) => row.mail.to === email)
      .map((row) => ({
        attempts: row.attempts,
        done_at: row.doneAt,
        last_error: row.lastError ?? '',
        later: row.runAt.getTime() > Date.now(),
      }))[0];
    expect(job).toMatchObject({ attempts: 1, done_at: null, later: true });
    expect(job!.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect((await send('/api/auth/login', { email, password: PASSWORD }, newIp())).statusCode).toBe(200);
  });
});
