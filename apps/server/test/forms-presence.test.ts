import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { samplePayload } from './forms-fixtures.ts';
import { dbKind } from './helpers/app.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';

describe(`who else has a form open (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let editor: TestUser;
  let formId: number;

  const mark = (user: TestUser | { auth: Record<string, string> }, method: 'PUT' | 'DELETE' = 'PUT') =>
    app.inject({ method, url: `/api/forms/${formId}/presence`, headers: user.auth });
  const others = async (user: TestUser) => {
    const res = await mark(user);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().others as { name: string }[]).map((o) => o.name);
  };

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
    const team = (
      await app.inject({
        method: 'POST',
        url: '/api/workspaces',
        headers: owner.auth,
        payload: { name: 'Editors' },
      })
    ).json().id as number;
    editor = await createTestUser(app, { name: 'Eda Editor' });
    await queryRows(
      app.db,
      sql`insert into workspace_members (workspace_id, user_id, role) values (${team}, ${editor.id}, 'editor')`,
    );
    const made = await app.inject({
      method: 'POST',
      url: `/api/forms?workspace_id=${team}`,
      headers: owner.auth,
      payload: samplePayload(),
    });
    formId = made.json().id;
  });
  afterAll(() => app.close());

  it('lists the others who marked themselves in the last 45 seconds, never the caller', async () => {
    expect(await others(owner)).toEqual([]);
    expect(await others(editor)).toEqual([owner.name]);
    expect(await others(owner)).toEqual(['Eda Editor']);

    // Closing the editor takes them off at once; a mark older than 45 seconds counts for nothing.
    expect((await mark(editor, 'DELETE')).statusCode).toBe(204);
    expect(await others(owner)).toEqual([]);
    await others(editor);
    await app.db.execute(
      sql`update form_presence set seen_at = now() - interval '1 minute' where user_id = ${editor.id}`,
    );
    expect(await others(owner)).toEqual([]);
  });

  it('answers a stranger 404 and refuses an API key', async () => {
    const stranger = await createTestUser(app);
    expect((await mark(stranger)).statusCode).toBe(404);
    const key = await app.inject({
      method: 'POST',
      url: '/api/account/api-keys',
      headers: owner.auth,
      payload: { name: 'presence', scopes: ['forms:read'] },
    });
    const res = await mark({ auth: { authorization: `Bearer ${key.json().key}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('API_KEY_NOT_ALLOWED');
  });
});
