import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { dbKind, TEST_ENCRYPTION_KEY } from './helpers/app.ts';
import { openTestPglite } from './helpers/pglite-template.ts';
import { createTestUser } from './helpers/users.ts';
import { createPublishedForm, validData } from './intake-fixtures.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe(`request ids, JSON logs and metrics (${dbKind})`, () => {
  let app: FastifyInstance;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'formsmith-observability-'));
    const config = loadConfig({
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      RATE_LIMIT_FACTOR: '1000',
      METRICS_TOKEN: TOKEN,
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    });
    config.runJobs = false;
    app = await buildApp(config, {
      database: config.databaseUrl ? undefined : await openTestPglite(),
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    // A route that fails the way a bug does, to see what the client and the log get.
    app.get('/api/test-failure', async () => {
      throw new Error('connection string postgres://secret@db leaked');
    });
    // A failure whose message quotes a link with a token, as a mailer's or a client's error may.
    app.get('/api/test-link-failure', async () => {
      throw new Error('could not send https://forms.example/magic-link/mailed-token-in-error?email=a@b.c');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  const linesOf = (id: string) => lines.filter((l) => l.reqId === id);

  it('keeps a sane incoming x-request-id, echoes it, and puts it on every log line of the request', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'lb-7f3a.42' },
    });
    expect(res.headers['x-request-id']).toBe('lb-7f3a.42');
    const logged = linesOf('lb-7f3a.42');
    expect(logged.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    for (const line of logged) {
      expect(line).toMatchObject({ level: 30, time: expect.any(Number), pid: process.pid });
    }
    expect(logged[1]).toMatchObject({ res: { statusCode: 200 }, responseTime: expect.any(Number) });
  });

  it('replaces an id that could forge a header or a log field with a fresh UUID', async () => {
    for (const bad of ['a b', 'x'.repeat(200), '"},{"admin":true', '']) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/health/live',
        headers: { 'x-request-id': bad },
      });
      const id = res.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(linesOf(String(id))).toHaveLength(2);
    }
  });

  it('logs a failure with its request id and stack, and tells the client neither', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/test-failure',
      headers: { 'x-request-id': 'fail-1' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe('fail-1');
    expect(res.json()).toEqual({
      error: 'Something went wrong on our side. Please try again later.',
      code: 'INTERNAL',
    });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('at ');
    const error = linesOf('fail-1').find((l) => l.level === 50);
    expect(error).toMatchObject({
      msg: 'request failed',
      err: { message: expect.stringContaining('secret') },
    });
    expect(String((error?.err as { stack?: string } | undefined)?.stack)).toContain('observability.test.ts');
  });

  it('finding 11: keeps sign-in, verification and resume tokens, codes and keys out of every log line at info', async () => {
    const secrets = {
      magic: 'magicTokenAbc123secretvalue',
      verify: 'verifyTokenDef456secretvalue',
      page: 'pageTokenGhi789secretvalue',
      resume: 'resumeTokenJkl012secretvalue',
      code: 'accessCodeMno345',
      key: 'keyPqr678secretvalue',
      reset: 'resetTokenStu901secretvalue',
      invitation: 'invitationTokenVwx234secretvalue',
    };
    const urls = [
      `/api/auth/magic-link/${secrets.magic}`,
      `/api/auth/verify/${secrets.verify}?next=1`,
      `/magic-link/${secrets.page}?email=someone%40example.com`,
      `/form/some-form?resume=${secrets.resume}&lang=fr`,
      `/api/forms/shared/some-form?code=${secrets.code}`,
      `/api/health/live?key=${secrets.key}`,
      `/reset-password?token=${secrets.reset}`,
      `/api/invitations/${secrets.invitation}/accept`,
      '/api/test-link-failure',
    ];
    const from = lines.length;
    for (const url of urls) await app.inject({ method: 'GET', url });
    const logged = lines.slice(from).map((line) => JSON.stringify(line));
    expect(logged.length).toBeGreaterThanOrEqual(urls.length * 2);
    for (const secret of [...Object.values(secrets), 'mailed-token-in-error', 'someone%40example.com']) {
      expect(logged.filter((line) => line.includes(secret))).toEqual([]);
    }
    const requestUrls = lines
      .slice(from)
      .map((l) => (l.req as { url?: string } | undefined)?.url)
      .filter(Boolean);
    expect(requestUrls).toEqual(
      expect.arrayContaining([
        '/api/auth/magic-link/…',
        '/api/auth/verify/…?next=1',
        '/api/invitations/…/accept',
        '/form/some-form?resume=…&lang=fr',
      ]),
    );
  });

  it('answers /metrics only with the token', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('counts requests by route pattern and status, submissions, jobs and process figures', async () => {
    const scrape = async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      return res.body;
    };
    const value = (text: string, series: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`${series} `));
      return line ? Number(line.split(' ')[1]) : 0;
    };
    const owner = await createTestUser(app);
    const formId = await createPublishedForm(app, owner, { notifyOnSubmission: true });
    const submitRoute = 'route="/api/form-submissions/forms/:id/submit"';
    const before = await scrape();
    const res = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { data: validData() },
    });
    expect(res.statusCode).toBe(201);
    const after = await scrape();

    expect(value(after, 'formsmith_submissions_total{outcome="stored"}')).toBe(
      value(before, 'formsmith_submissions_total{outcome="stored"}') + 1,
    );
    expect(value(after, `http_requests_total{method="POST",${submitRoute},status="201"}`)).toBe(
      value(before, `http_requests_total{method="POST",${submitRoute},status="201"}`) + 1,
    );
    expect(after).toContain(
      `http_request_duration_seconds_bucket{le="0.005",method="POST",${submitRoute},status="201"}`,
    );
    // The owner's notification waits in the shared queue.
    expect(value(after, 'formsmith_jobs{kind="mail.send",state="pending"}')).toBeGreaterThanOrEqual(1);
    expect(after).toContain('process_resident_memory_bytes');
    if (dbKind === 'postgres') expect(after).toMatch(/formsmith_db_pool_connections\{state="total"\} [1-9]/);

    await app.jobs.drain();
    const drained = await scrape();
    expect(
      value(drained, 'formsmith_job_runs_total{kind="mail.send",outcome="done"}'),
    ).toBeGreaterThanOrEqual(1);
  });
});

describe('metrics without a token', () => {
  it('does not exist', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'formsmith-observability-'));
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'w') }),
      runJobs: false,
    };
    const app = await buildApp(config, { database: await openTestPglite() });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer anything-at-all-1234' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
    }
    // The process-wide GC observer of the default metrics keeps the registry: a closed app leaves
    // none of its metrics there (their collect() would keep the app and its database alive).
    expect(app.metrics.registry.getMetricsAsArray()).toEqual([]);
  });

  it('refuses a token shorter than 16 characters at start', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16/);
  });
});
