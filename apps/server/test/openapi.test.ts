import { Document, Spectral } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app.ts';

type Operation = { operationId?: string; responses: Record<string, { content?: Record<string, unknown> }> };

describe('OpenAPI document', () => {
  let app: FastifyInstance;
  let doc: { paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    app = await createTestApp();
    doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
  });
  afterAll(() => app.close());

  it("passes Spectral's spectral:oas ruleset with no results at all", async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [oas as never] });
    const results = await spectral.run(new Document(JSON.stringify(doc), Json));
    expect(results.map((r) => `${r.code} ${r.path.join('.')}: ${r.message}`)).toEqual([]);
    // The same run does find problems: an operation without its id and description is reported.
    const broken = structuredClone(doc);
    const op = broken.paths['/api/forms']!.get as Record<string, unknown>;
    delete op.operationId;
    delete op.description;
    const found = await spectral.run(new Document(JSON.stringify(broken), Json));
    expect(found.map((r) => r.code)).toEqual(
      expect.arrayContaining(['operation-operationId', 'operation-description']),
    );
  });

  it('lists error responses with the shared error shape on every operation, and unique operation ids', () => {
    const ids = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
        ids.add(op.operationId!);
        const errors = Object.keys(op.responses).filter((code) => Number(code) >= 400);
        expect(errors, `${method} ${path}`).toContain('400');
        const body = op.responses['400']?.content?.['application/json'] as { schema: { required: string[] } };
        expect(body.schema.required).toEqual(['error', 'code']);
      }
    }
    const count = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(ids.size).toBe(count);
  });

  it('finding 13: names the scope of every route, the delete scopes, and the second scopes some requests need', () => {
    type Scoped = Operation & {
      description?: string;
      'x-required-scope'?: string;
      'x-also-required-scopes'?: { scope: string; purpose: string }[];
    };
    const op = (path: string, method: string) => doc.paths[path]![method] as Scoped;
    expect(op('/api/forms/{id}', 'delete')['x-required-scope']).toBe('forms:delete');
    expect(op('/api/form-submissions/forms/{id}/submissions/{sid}', 'delete')['x-required-scope']).toBe(
      'submissions:delete',
    );
    expect(op('/api/form-submissions/forms/{id}/submissions/bulk-delete', 'post')['x-required-scope']).toBe(
      'submissions:delete',
    );
    const confirmation = op('/api/forms/{id}/confirmation', 'put');
    expect(confirmation['x-required-scope']).toBe('forms:write');
    expect(confirmation['x-also-required-scopes']?.map((s) => s.scope)).toEqual(['submissions:read']);
    expect(confirmation.description).toContain('An API key also needs the `submissions:read` scope to');
    for (const [path, method, scope] of [
      ['/api/forms', 'post', 'submissions:read'],
      ['/api/forms/{id}', 'put', 'submissions:read'],
      ['/api/forms/{id}/webhooks', 'post', 'submissions:read'],
      ['/api/forms/{id}/webhooks/{webhookId}', 'patch', 'submissions:read'],
      ['/api/form-submissions/forms/{id}/settings', 'put', 'submissions:delete'],
      ['/api/forms/{id}/partials', 'put', 'submissions:delete'],
    ] as const) {
      expect(
        op(path, method)['x-also-required-scopes']?.map((s) => s.scope),
        `${method} ${path}`,
      ).toEqual([scope]);
    }
    // Every operation that takes an API key says which scope, in the document and in its text.
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, raw] of Object.entries(ops)) {
        const operation = raw as Scoped;
        const scope = operation['x-required-scope'];
        if (scope) expect(operation.description, `${method} ${path}`).toContain(`\`${scope}\` scope`);
      }
    }
  });

  it('serves a readable API reference page whose script comes from this server', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/reference/' });
    expect(page.statusCode).toBe(200);
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) expect(src).not.toMatch(/^(https?:)?\/\//);
    expect(page.body).toContain('/api/docs');
    const script = await app.inject({
      method: 'GET',
      url: `/api/reference/${scripts[0]!.replace(/^\.?\//, '')}`,
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
  });
});
