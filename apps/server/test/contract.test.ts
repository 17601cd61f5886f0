import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind } from './helpers/app.ts';

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

describe(`the API contract (${dbKind})`, () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());

  it('documents the one error shape for the errors of every route', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, Operation>>;
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ name: `${method} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(30);
    for (const { name, op } of operations) {
      for (const range of ['4XX', '5XX']) {
        const schema = op.responses?.[range]?.content?.['application/json']?.schema as
          | { properties?: Record<string, unknown>; required?: string[] }
          | undefined;
        expect(schema?.required, `${name} ${range}`).toEqual(['error', 'code']);
        expect(Object.keys(schema?.properties ?? {}), `${name} ${range}`).toEqual([
          'error',
          'code',
          'fields',
        ]);
      }
    }
  });

  it('answers an error of a declared route in that shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/account/sessions' });
    expect(res.statusCode).toBe(401);
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'error']);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});
