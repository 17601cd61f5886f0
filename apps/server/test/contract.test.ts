import { ERROR_CODES } from '@formsmith/core/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind } from './helpers/app.ts';

type Schema = { properties?: Record<string, { enum?: string[] }>; required?: string[] };
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> };

describe(`the API contract (${dbKind})`, () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());

  it("documents every route's errors with core's error body, codes included", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, Operation>>;
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ name: `${method} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(30);
    for (const { name, op } of operations) {
      // Health's 503 is its own status report (database down), not an error body.
      const errors = Object.entries(op.responses ?? {}).filter(
        ([status]) => /^[45]/.test(status) && !(name === 'get /api/health' && status === '503'),
      );
      expect(errors.length, name).toBeGreaterThan(0);
      for (const [status, response] of errors) {
        const schema = response.content?.['application/json']?.schema;
        expect(schema?.required, `${name} ${status}`).toEqual(['error', 'code']);
        expect(schema?.properties?.code?.enum, `${name} ${status}`).toEqual([...ERROR_CODES]);
      }
    }
  });

  it('answers an error in that shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/account/sessions' });
    expect(res.statusCode).toBe(401);
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'error']);
    expect(ERROR_CODES).toContain(res.json().code);
  });
});
