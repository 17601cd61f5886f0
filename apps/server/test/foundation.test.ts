import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase } from '../src/db/client.ts';
import { createTestApp, dbKind, TEST_ENCRYPTION_KEY } from './helpers/app.ts';

describe(`foundation (${dbKind})`, () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('reports a healthy database, file storage and mail queue', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: { kind: dbKind, ok: true },
      storage: { kind: 'local', ok: true },
      mail: { transport: 'outbox', pending: expect.any(Number), failed: expect.any(Number) },
    });
  });

  it('applies migrations a second time without error', async () => {
    await expect(migrateDatabase(app.database)).resolves.toBeUndefined();
  });

  it('answers an unknown API route with 404 JSON', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'NOT_FOUND',
      error: expect.stringContaining('/api/does-not-exist'),
    });
  });

  it('answers a malformed JSON body with 400 and no stack trace', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Request body is not valid JSON', code: 'BAD_REQUEST' });
  });

  it('answers an oversized body with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ big: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      openapi: expect.stringMatching(/^3\./),
      paths: { '/api/health': expect.any(Object) },
    });
  });

  it('sends security headers and a CSP that refuses framing', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("answers the API with the API's headers and pages with the page set", async () => {
    const api = await app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['strict-transport-security']).toContain('max-age=');
    expect(api.headers['x-dns-prefetch-control']).toBeUndefined();
    expect(api.headers['cross-origin-opener-policy']).toBeUndefined();

    // The API's reference is a page: the page set, with its script allowed by nonce.
    const reference = await app.inject({ method: 'GET', url: '/api/reference/' });
    expect(reference.statusCode).toBe(200);
    expect(String(reference.headers['content-security-policy'])).toMatch(/script-src 'self' 'nonce-/);
    expect(reference.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe(`restart (${dbKind})`, () => {
  it('keeps data across a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'formsmith-restart-'));
    const env = {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    };
    const config = { ...loadConfig(env), runJobs: false };
    const first = await buildApp(config);
    const marker = `kept-${Date.now()}-${Math.random()}`;
    await first.db.execute(sql`create table if not exists restart_probe (v text)`);
    await first.db.execute(sql`insert into restart_probe values (${marker})`);
    await first.close();
    const second = await buildApp(config);
    const rows = await second.db.execute(sql`select v from restart_probe where v = ${marker}`);
    await second.close();
    expect((rows as unknown as { rows: { v: string }[] }).rows).toEqual([{ v: marker }]);
  });
});

describe('configuration', () => {
  it('rejects a port that is not a number with a clear message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
  it('rejects a DATABASE_URL that is not a PostgreSQL URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
  });
});

describe(`liveness (${dbKind})`, () => {
  it('answers 200 on /api/health/live while the database is down, when /api/health says 503', async () => {
    const app = await createTestApp();
    try {
      await app.database.close();
      const live = await app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
    } finally {
      await app.close().catch(() => {});
    }
  });
});
