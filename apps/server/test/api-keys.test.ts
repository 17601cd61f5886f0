import { API_KEY_SCOPES, type ApiKeyScope } from '@formsmith/core/api-keys/api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';
import { createPublishedForm, TEST_FIELDS, validData } from './intake-fixtures.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe(`API keys (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
  });
  afterAll(() => app.close());

  async function createKey(user: TestUser, body: Record<string, unknown>) {
    return app.inject({ method: 'POST', url: '/api/account/api-keys', headers: user.auth, payload: body });
  }
  async function keyWith(scopes: readonly ApiKeyScope[], user = owner): Promise<string> {
    const res = await createKey(user, { name: `k ${scopes.join(' ')}`.slice(0, 100), scopes });
    expect(res.statusCode).toBe(201);
    return res.json().key;
  }
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  it('creates a key shown once (fsk_ + 43 base62 characters), stored hashed, listed without it', async () => {
    const res = await createKey(owner, { name: 'Zapier', scopes: ['forms:read', 'submissions:read'] });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.key).toMatch(/^fsk_[0-9A-Za-z]{43}$/);
    expect(created).toMatchObject({ name: 'Zapier', scopes: ['forms:read', 'submissions:read'] });
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const stored = await app.db.execute(sql`select key_hash from api_keys where id = ${created.id}`);
    const hash = (stored as unknown as { rows: { key_hash: string }[] }).rows[0]!.key_hash;
    expect(hash).not.toContain(created.key.slice(4));
    const list = await app.inject({ method: 'GET', url: '/api/account/api-keys', headers: owner.auth });
    const listed = list.json().items.find((k: { id: string }) => k.id === created.id);
    expect(listed).toMatchObject({
      name: 'Zapier',
      prefix: created.prefix,
      last_used_at: null,
      expires_at: null,
    });
    expect(JSON.stringify(list.json())).not.toContain(created.key);
    // Using it shows when it was last used.
    await app.inject({ method: 'GET', url: '/api/forms', headers: bearer(created.key) });
    const after = await app.inject({ method: 'GET', url: '/api/account/api-keys', headers: owner.auth });
    expect(after.json().items.find((k: { id: string }) => k.id === created.id).last_used_at).not.toBeNull();
  });

  it('refuses bad input with field messages', async () => {
    const bad = [
      { name: '', scopes: ['forms:read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: ['forms:read'], expires_at: '2001-01-01T00:00:00Z' },
      { name: 'x', scopes: ['forms:read'], expires_at: 'tomorrow' },
    ];
    for (const body of bad) {
      const res = await createKey(owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers 401 for revoked and expired keys', async () => {
    const key = await keyWith(['forms:read']);
    expect((await app.inject({ method: 'GET', url: '/api/forms', headers: bearer(key) })).statusCode).toBe(
      200,
    );
    const { items } = (
      await app.inject({ method: 'GET', url: '/api/account/api-keys', headers: owner.auth })
    ).json();
    const id = items.find((k: { prefix: string }) => key.startsWith(k.prefix)).id;
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/account/api-keys/${id}`,
      headers: owner.auth,
    });
    expect(revoked.statusCode).toBe(204);
    const after = await app.inject({ method: 'GET', url: '/api/forms', headers: bearer(key) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORIZED');

    const expiring = await createKey(owner, {
      name: 'short',
      scopes: ['forms:read'],
      expires_at: new Date(Date.now() + 60_000).toISOString(),
    });
    await app.db.execute(
      sql`update api_keys set expires_at = now() - interval '1 second' where id = ${expiring.json().id}`,
    );
    const expired = await app.inject({
      method: 'GET',
      url: '/api/forms',
      headers: bearer(expiring.json().key),
    });
    expect(expired.statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/forms', headers: bearer('fsk_nope') })).statusCode,
    ).toBe(401);
  });

  it("answers 404 for another owner's form, and 404 when revoking another owner's key", async () => {
    const stranger = await createTestUser(app);
    const formId = await createPublishedForm(app, owner);
    const strangerKey = await keyWith([...API_KEY_SCOPES], stranger);
    for (const url of [
      `/api/forms/${formId}/submissions`,
      `/api/forms/${formId}/webhooks`,
      `/api/analytics/forms/${formId}`,
      `/api/form-submissions/forms/${formId}/submissions`,
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: bearer(strangerKey) });
      expect(res.statusCode, url).toBe(404);
    }
    const put = await app.inject({
      method: 'PUT',
      url: `/api/forms/${formId}`,
      headers: bearer(strangerKey),
      payload: {},
    });
    expect(put.statusCode).toBe(404);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/forms/${formId}?permanent=true`,
      headers: bearer(strangerKey),
    });
    expect(del.statusCode).toBe(404);
    const ownKey = (await createKey(owner, { name: 'mine', scopes: ['forms:read'] })).json();
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/account/api-keys/${ownKey.id}`,
      headers: stranger.auth,
    });
    expect(res.statusCode).toBe(404);
  });

  it('rate-limits calls per key', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_FACTOR: '0.01' } });
    try {
      const user = await createTestUser(limited);
      const res = await limited.inject({
        method: 'POST',
        url: '/api/account/api-keys',
        headers: user.auth,
        payload: { name: 'busy', scopes: ['forms:read'] },
      });
      const key = res.json().key;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await limited.inject({ method: 'GET', url: '/api/forms', headers: bearer(key) })).statusCode,
        );
      }
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.at(-1)).toBe(429);
      // The session of the same user is not limited by the key's window.
      expect(
        (await limited.inject({ method: 'GET', url: '/api/forms', headers: user.auth })).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('syncs submissions with a cursor: oldest first, nothing skipped or repeated under concurrent inserts', async () => {
    const formId = await createPublishedForm(app, owner);
    const key = await keyWith(['submissions:read']);
    const submit = () =>
      app.inject({
        method: 'POST',
        url: `/api/form-submissions/forms/${formId}/submit`,
        payload: { data: validData(), metadata: {} },
      });
    const stored: string[] = [];
    for (let i = 0; i < 5; i++) stored.push((await submit()).json().submission_id);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let round = 0; round < 20; round++) {
      const writes = Promise.all([submit(), submit()]);
      const page = await app.inject({
        method: 'GET',
        url: `/api/forms/${formId}/submissions?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        headers: bearer(key),
      });
      expect(page.statusCode).toBe(200);
      for (const s of page.json().data) seen.push(s.id);
      cursor = page.json().next_cursor;
      stored.push(...(await writes).map((r) => r.json().submission_id));
      if (round >= 5 && !page.json().has_more) break;
    }
    // Drain what is left.
    for (;;) {
      const page = await app.inject({
        method: 'GET',
        url: `/api/forms/${formId}/submissions?limit=50&cursor=${cursor}`,
        headers: bearer(key),
      });
      for (const s of page.json().data) seen.push(s.id);
      cursor = page.json().next_cursor;
      if (!page.json().has_more) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...stored].sort());
    expect(seen.slice(0, 5)).toEqual(stored.slice(0, 5));
    const bad = await app.inject({
      method: 'GET',
      url: `/api/forms/${formId}/submissions?cursor=abc`,
      headers: bearer(key),
    });
    expect(bad.statusCode).toBe(400);
  });

  describe('finding 13: deleting needs a delete scope', () => {
    async function submitTo(formId: number): Promise<string> {
      const res = await app.inject({
        method: 'POST',
        url: `/api/form-submissions/forms/${formId}/submit`,
        remoteAddress: '10.13.0.1',
        payload: { data: validData(), metadata: {} },
      });
      expect(res.statusCode).toBe(201);
      return res.json().submission_id;
    }

    it('finding 13: a forms:write key cannot delete a form, even for good; forms:delete can', async () => {
      const formId = await createPublishedForm(app, owner);
      const write = await keyWith(['forms:read', 'forms:write']);
      for (const url of [`/api/forms/${formId}`, `/api/forms/${formId}?permanent=true`]) {
        const refused = await app.inject({ method: 'DELETE', url, headers: bearer(write) });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json()).toEqual({
          error: 'This API key lacks the forms:delete scope',
          code: 'INSUFFICIENT_SCOPE',
        });
      }
      const still = await app.inject({ method: 'GET', url: `/api/forms/${formId}`, headers: bearer(write) });
      expect(still.statusCode).toBe(200);
      const remover = await keyWith(['forms:delete']);
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/forms/${formId}?permanent=true`,
        headers: bearer(remover),
      });
      expect(deleted.statusCode).toBe(204);
    });

    it('finding 13: a submissions:write key cannot delete submissions; submissions:delete can', async () => {
      const formId = await createPublishedForm(app, owner);
      const [one, two] = [await submitTo(formId), await submitTo(formId)];
      const write = await keyWith(['submissions:read', 'submissions:write']);
      const base = `/api/form-submissions/forms/${formId}/submissions`;
      const single = await app.inject({ method: 'DELETE', url: `${base}/${one}`, headers: bearer(write) });
      const bulk = await app.inject({
        method: 'POST',
        url: `${base}/bulk-delete`,
        headers: bearer(write),
        payload: { ids: [one, two] },
      });
      for (const res of [single, bulk]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe('This API key lacks the submissions:delete scope');
      }
      const remover = await keyWith(['submissions:delete']);
      const deleted = await app.inject({
        method: 'POST',
        url: `${base}/bulk-delete`,
        headers: bearer(remover),
        payload: { ids: [one, two] },
      });
      expect(deleted.json()).toMatchObject({ deleted: 2 });
    });

    it('finding 13: keeping submissions or unfinished answers for less time needs submissions:delete', async () => {
      const formId = await createPublishedForm(app, owner);
      const write = await keyWith(['submissions:write', 'forms:write']);
      const both = await keyWith(['submissions:write', 'forms:write', 'submissions:delete']);
      const retention = (key: string, days: number | null) =>
        app.inject({
          method: 'PUT',
          url: `/api/form-submissions/forms/${formId}/settings`,
          headers: bearer(key),
          payload: { retention_days: days },
        });
      const partials = (key: string, days: number) =>
        app.inject({
          method: 'PUT',
          url: `/api/forms/${formId}/partials`,
          headers: bearer(key),
          payload: { save_partials: true, partial_retention_days: days },
        });
      const shorter = await retention(write, 30);
      expect(shorter.statusCode).toBe(403);
      expect(shorter.json().error).toBe(
        'This API key lacks the submissions:delete scope: it is needed to keep submissions for less time',
      );
      expect((await retention(both, 30)).statusCode).toBe(200);
      expect((await retention(write, 90)).statusCode).toBe(200);
      expect((await retention(write, null)).statusCode).toBe(200);
      const fewer = await partials(write, 7);
      expect(fewer.statusCode).toBe(403);
      expect(fewer.json().error).toMatch(/lacks the submissions:delete scope: .*unfinished answers/);
      expect((await partials(both, 7)).statusCode).toBe(200);
      expect((await partials(write, 60)).statusCode).toBe(200);
    });
  });

  describe('finding 2: sending answers out needs submissions:read', () => {
    const ending = {
      id: 'thanks',
      title: 'Thanks',
      message: '',
      redirectUrl: 'https://collector.example/in',
      redirectParams: ['name', 'email'],
    };
    const logicWith = (endings: unknown[]) => ({ rules: [], variables: [], endings });

    it('finding 2: a forms:write key cannot make the confirmation mail carry answers', async () => {
      const formId = await createPublishedForm(app, owner);
      const write = await keyWith(['forms:write']);
      const reader = await keyWith(['forms:write', 'submissions:read']);
      const confirmation = (key: string, body: Record<string, unknown>) =>
        app.inject({
          method: 'PUT',
          url: `/api/forms/${formId}/confirmation`,
          headers: bearer(key),
          payload: {
            enabled: true,
            email_field_id: 'email',
            subject: 'Thanks',
            message: 'Thank you.',
            ...body,
          },
        });
      for (const body of [
        { include_answers: true },
        { include_answers: false, message: 'You said {{name}}' },
        // The response as a PDF is a copy of the answers too.
        { include_answers: false, attach_pdf: true },
      ]) {
        const refused = await confirmation(write, body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(403);
        expect(refused.json()).toEqual({
          error:
            'This API key lacks the submissions:read scope: it is needed to make the confirmation mail carry answers (a copy of them, their PDF, or answers recalled in its text)',
          code: 'INSUFFICIENT_SCOPE',
        });
      }
      expect((await confirmation(write, { include_answers: false })).statusCode).toBe(200);
      expect((await confirmation(reader, { include_answers: true })).statusCode).toBe(200);
      // Saving it unchanged sends answers nowhere new.
      expect((await confirmation(write, { include_answers: true })).statusCode).toBe(200);
      // A signed-in owner may do everything.
      const session = await app.inject({
        method: 'PUT',
        url: `/api/forms/${formId}/confirmation`,
        headers: owner.auth,
        payload: {
          enabled: true,
          email_field_id: 'email',
          subject: 'Hi',
          message: '{{code}}',
          include_answers: true,
        },
      });
      expect(session.statusCode).toBe(200);
    });

    it('finding 2: a forms:write key cannot add an ending redirect that passes answers on', async () => {
      const write = await keyWith(['forms:read', 'forms:write']);
      const reader = await keyWith(['forms:write', 'submissions:read']);
      const created = await app.inject({
        method: 'POST',
        url: '/api/forms',
        headers: bearer(write),
        payload: { title: 'Redirecting', fields: TEST_FIELDS, logic: logicWith([ending]) },
      });
      expect(created.statusCode).toBe(403);
      expect(created.json().error).toBe(
        'This API key lacks the submissions:read scope: it is needed to add or change an ending redirect that passes answers on',
      );
      const formId = await createPublishedForm(app, owner);
      const save = (key: string, endings: unknown[]) =>
        app.inject({
          method: 'PUT',
          url: `/api/forms/${formId}`,
          headers: bearer(key),
          payload: { logic: logicWith(endings) },
        });
      expect((await save(write, [ending])).statusCode).toBe(403);
      expect((await save(write, [{ ...ending, redirectParams: [] }])).statusCode).toBe(200);
      expect((await save(reader, [ending])).statusCode).toBe(200);
      // The same redirect saved again, or with fewer answers, is no new copy.
      expect((await save(write, [ending])).statusCode).toBe(200);
      expect((await save(write, [{ ...ending, redirectParams: ['name'] }])).statusCode).toBe(403);
      expect((await save(write, [{ ...ending, redirectUrl: 'https://other.example/in' }])).statusCode).toBe(
        403,
      );
      const stored = await app.inject({ method: 'GET', url: `/api/forms/${formId}`, headers: owner.auth });
      expect(stored.json().logic.endings[0].redirectUrl).toBe('https://collector.example/in');
    });

    it('finding 2: a webhooks:write key cannot send submissions to a webhook', async () => {
      const formId = await createPublishedForm(app, owner);
      const hooks = await keyWith(['webhooks:write']);
      const reader = await keyWith(['webhooks:write', 'submissions:read']);
      const url = `/api/forms/${formId}/webhooks`;
      const add = (key: string, events: string[]) =>
        app.inject({
          method: 'POST',
          url,
          headers: bearer(key),
          payload: { url: 'https://hooks.example/in', events },
        });
      const refused = await add(hooks, ['submission.created']);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(
        'This API key lacks the submissions:read scope: it is needed to send submissions to a webhook (add one, or change its address or events)',
      );
      const published = await add(hooks, ['form.published']);
      expect(published.statusCode).toBe(201);
      const patch = (key: string, body: Record<string, unknown>, id = published.json().id) =>
        app.inject({ method: 'PATCH', url: `${url}/${id}`, headers: bearer(key), payload: body });
      expect((await patch(hooks, { events: ['form.published', 'submission.completed'] })).statusCode).toBe(
        403,
      );
      expect((await patch(hooks, { url: 'https://hooks.example/moved' })).statusCode).toBe(200);
      const sending = await add(reader, ['submission.created']);
      expect(sending.statusCode).toBe(201);
      expect(
        (await patch(hooks, { url: 'https://collector.example/in' }, sending.json().id)).statusCode,
      ).toBe(403);
      expect((await patch(hooks, { enabled: false, format: 'slack' }, sending.json().id)).statusCode).toBe(
        200,
      );
    });
  });

  /**
   * Every operation of the API document: those that answer 401 without a token are owner
   * endpoints. A key lacking the operation's scope (or any key, where the operation names none)
   * gets 403; a key with only that scope gets past authentication (whatever the handler answers
   * next: ids here name nothing, so nothing is changed).
   */
  it('scope matrix over every owner endpoint', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, { 'x-required-scope'?: ApiKeyScope; security?: unknown[] }>>;
    };
    const allScopes = await keyWith([...API_KEY_SCOPES]);
    const keyFor = new Map<ApiKeyScope, { only: string; allBut: string }>();
    for (const scope of API_KEY_SCOPES) {
      keyFor.set(scope, {
        only: await keyWith([scope]),
        allBut: await keyWith(API_KEY_SCOPES.filter((s) => s !== scope)),
      });
    }
    let ownerEndpoints = 0;
    let keyless = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      const url = path
        .replace('{id}', '2147483000')
        .replace(/\{(sid|webhookId|deliveryId|keyId|uploadId)\}/g, '00000000-0000-4000-8000-000000000000')
        .replace(/\{\w+\}/g, 'x');
      for (const [lower, op] of Object.entries(ops)) {
        const method = lower.toUpperCase() as Method;
        const name = `${method} ${path}`;
        const payload = ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined;
        const anonymous = await app.inject({ method, url, payload });
        const documentedPublic = Array.isArray(op.security) && op.security.length === 0;
        if (anonymous.statusCode !== 401) {
          expect(documentedPublic, `${name} answers ${anonymous.statusCode} without a token`).toBe(true);
          continue;
        }
        expect(documentedPublic, `${name} needs a token but is documented as public`).toBe(false);
        ownerEndpoints++;
        const scope = op['x-required-scope'];
        if (!scope) {
          keyless++;
          const res = await app.inject({ method, url, payload, headers: bearer(allScopes) });
          if (path.startsWith('/api/admin/')) {
            // The instance administrator's routes do not exist for anyone else, by key or not.
            expect(res.statusCode, name).toBe(404);
            continue;
          }
          expect(res.statusCode, name).toBe(403);
          expect(res.json().code, name).toBe('API_KEY_NOT_ALLOWED');
          continue;
        }
        const keys = keyFor.get(scope)!;
        const refused = await app.inject({ method, url, payload, headers: bearer(keys.allBut) });
        expect(refused.statusCode, name).toBe(403);
        expect(refused.json().code, name).toBe('INSUFFICIENT_SCOPE');
        const allowed = await app.inject({ method, url, payload, headers: bearer(keys.only) });
        expect([401, 403], `${name} with ${scope}: ${allowed.body}`).not.toContain(allowed.statusCode);
      }
    }
    expect(ownerEndpoints).toBeGreaterThan(40);
    // Account, sessions, keys and password: none takes a key.
    expect(keyless).toBeGreaterThanOrEqual(20);
  });
});
