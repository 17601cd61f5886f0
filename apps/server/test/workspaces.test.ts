import { builtinTheme } from '@formsmith/core/themes/builtin';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { createForm } from './forms-fixtures.ts';
import { dbKind } from './helpers/app.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';

describe(`workspaces (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
  });
  afterAll(() => app.close());

  const workspaceOf = async (table: 'forms' | 'form_folders' | 'form_themes', id: number) => {
    const [row] = await queryRows<{ workspace_id: number }>(
      app.db,
      sql`select workspace_id from ${sql.identifier(table)} where id = ${id}`,
    );
    return row?.workspace_id;
  };

  it('gives every account its personal workspace, with the account as its owner', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/workspaces', headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      workspaces: [{ id: expect.any(Number), name: owner.name, personal: true, role: 'owner' }],
    });
    const again = await app.inject({ method: 'GET', url: '/api/workspaces', headers: owner.auth });
    expect(again.json()).toEqual(res.json());
  });

  it('files a new form, folder and theme in the maker’s personal workspace, not another’s', async () => {
    const other = await createTestUser(app, { name: 'Someone Else' });
    const mine = (await app.inject({ method: 'GET', url: '/api/workspaces', headers: owner.auth })).json();
    const theirs = (await app.inject({ method: 'GET', url: '/api/workspaces', headers: other.auth })).json();
    const personal = mine.workspaces[0].id;
    expect(theirs.workspaces).toHaveLength(1);
    expect(theirs.workspaces[0].id).not.toBe(personal);

    const form = await createForm(app, owner, { title: 'Filed', fields: [] });
    expect(await workspaceOf('forms', form.id)).toBe(personal);
    const folder = await app.inject({
      method: 'POST',
      url: '/api/folders',
      headers: owner.auth,
      payload: { name: 'Team' },
    });
    expect(folder.statusCode, folder.body).toBe(201);
    expect(await workspaceOf('form_folders', folder.json().id)).toBe(personal);
    const theme = await app.inject({
      method: 'POST',
      url: '/api/themes',
      headers: owner.auth,
      payload: { name: 'Brand', theme: builtinTheme('ocean')!.theme },
    });
    expect(theme.statusCode, theme.body).toBe(201);
    expect(await workspaceOf('form_themes', theme.json().id)).toBe(personal);
  });

  it('answers only a signed-in caller', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/workspaces' });
    expect(res.statusCode).toBe(401);
  });
});
