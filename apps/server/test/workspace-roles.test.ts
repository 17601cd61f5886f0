import { randomUUID } from 'node:crypto';
import { roleAllows, WORKSPACE_ROLES, type WorkspaceRole } from '@formsmith/core/workspaces/roles';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { samplePayload } from './forms-fixtures.ts';
import { dbKind } from './helpers/app.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';

type Operation = { security?: unknown[]; 'x-required-role'?: WorkspaceRole; 'x-required-scope'?: string };
type Caller = WorkspaceRole | 'non-member';

/** The owner routes, from the route table as the OpenAPI document lists it. */
async function ownerOperations(app: FastifyInstance) {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => op.security?.length !== 0)
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}

/** A path of the document with its ids filled: the form's, and made-up ones for the rest. */
function urlOf(path: string, formId: number): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'id' ? String(formId) : name === 'n' ? '1' : randomUUID(),
  );
}

describe(`roles in a workspace (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let workspaceId: number;
  const members = {} as Record<Caller, TestUser>;

  const addMember = (user: TestUser, role: WorkspaceRole) =>
    queryRows(
      app.db,
      sql`insert into workspace_members (workspace_id, user_id, role) values (${workspaceId}, ${user.id}, ${role})
          on conflict (workspace_id, user_id) do update set role = excluded.role`,
    );
  const teamForm = async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/forms?workspace_id=${workspaceId}`,
      headers: owner.auth,
      payload: samplePayload(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
    const [made] = await queryRows<{ id: number }>(
      app.db,
      sql`insert into workspaces (name) values ('Team') returning id`,
    );
    workspaceId = made!.id;
    members.owner = owner;
    await addMember(owner, 'owner');
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      members[role] = await createTestUser(app, { name: role });
      await addMember(members[role], role);
    }
    members['non-member'] = await createTestUser(app, { name: 'stranger' });
  });
  afterAll(() => app.close());

  it('declares a role on every owner route that reaches a workspace', async () => {
    const missing = (await ownerOperations(app))
      .filter(
        ({ path, op }) =>
          (path.includes('/forms/{id}') || path.includes('/workspaces/{id}') || op['x-required-scope']) &&
          !op['x-required-role'],
      )
      .map(({ method, path }) => `${method} ${path}`);
    expect(missing).toEqual([]);
  });

  /**
   * Calls each route as each kind of caller and answers what was wrong: a non-member must get the
   * 404 `missing` (a stranger's), a smaller role 403 FORBIDDEN_ROLE naming the role, a role that
   * allows neither of those nor a server fault. `idFor` gives the `{id}` of each call.
   */
  async function roleMatrix(
    routes: Awaited<ReturnType<typeof ownerOperations>>,
    missing: string,
    idFor: (caller: Caller) => Promise<number>,
  ): Promise<string[]> {
    const callers: Caller[] = ['non-member', 'viewer', 'editor', 'admin', 'owner'];
    const wrong: string[] = [];
    for (const { method, path, op } of routes) {
      const needed = op['x-required-role']!;
      for (const caller of callers) {
        const res = await app.inject({
          method: method as 'GET',
          url: urlOf(path, await idFor(caller)),
          headers: members[caller].auth,
          ...(['POST', 'PUT', 'PATCH'].includes(method) ? { payload: {} } : {}),
        });
        const body = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : {};
        const what = `${method} ${path} as ${caller} (needs ${needed}): ${res.statusCode} ${body.code ?? ''}`;
        if (caller === 'non-member') {
          if (res.statusCode !== 404 || body.error !== missing) wrong.push(what);
        } else if (!roleAllows(caller, needed)) {
          const namesRole = String(body.error).includes(needed);
          if (res.statusCode !== 403 || body.code !== 'FORBIDDEN_ROLE' || !namesRole) wrong.push(what);
        } else {
          const missed = res.statusCode === 404 && body.error === missing;
          const serverFault = res.statusCode >= 500 && body.code !== 'UNAVAILABLE';
          if (body.code === 'FORBIDDEN_ROLE' || missed || serverFault) wrong.push(what);
        }
      }
    }
    return wrong;
  }

  it('answers every owner route of a form by role: 404 to a non-member, 403 FORBIDDEN_ROLE below the role', async () => {
    const routes = (await ownerOperations(app)).filter(({ path }) => path.includes('/forms/{id}'));
    expect(routes.length).toBeGreaterThanOrEqual(40);
    // A fresh form each call: a delete or publish before must not change the next answer.
    expect(await roleMatrix(routes, 'Form not found', () => teamForm())).toEqual([]);
  });

  it('answers every route of a workspace by role: 404 to a non-member, 403 FORBIDDEN_ROLE below the role', async () => {
    const routes = (await ownerOperations(app)).filter(({ path }) => path.includes('/workspaces/{id}'));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    // The workspace holds a form, so deleting it is refused and it stays for the next call.
    await teamForm();
    const wrong = await roleMatrix(routes, 'Workspace not found', async (caller) => {
      // A caller that left on the route before is a member again.
      if (caller !== 'non-member') await addMember(members[caller], caller);
      return workspaceId;
    });
    expect(wrong).toEqual([]);
  });

  it('lists, and makes things in, the workspace asked for when the role allows', async () => {
    const formId = await teamForm();
    const list = (user: TestUser, query = '') =>
      app.inject({ method: 'GET', url: `/api/forms${query}`, headers: user.auth });
    const viewerList = await list(members.viewer, `?workspace_id=${workspaceId}`);
    expect(viewerList.statusCode).toBe(200);
    expect(viewerList.json().forms.map((f: { id: number }) => f.id)).toContain(formId);
    // The default is the personal workspace: the team's forms are not in it.
    expect((await list(members.viewer)).json().forms).toEqual([]);
    expect((await list(members['non-member'], `?workspace_id=${workspaceId}`)).statusCode).toBe(404);

    const make = (user: TestUser, url: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: `${url}?workspace_id=${workspaceId}`, headers: user.auth, payload });
    const denied = await make(members.viewer, '/api/forms', samplePayload());
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('FORBIDDEN_ROLE');
    expect((await make(members['non-member'], '/api/folders', { name: 'Nope' })).statusCode).toBe(404);
    const folder = await make(members.editor, '/api/folders', { name: 'Shared' });
    expect(folder.statusCode, folder.body).toBe(201);
    const folders = (user: TestUser, query = '') =>
      app.inject({ method: 'GET', url: `/api/folders${query}`, headers: user.auth });
    const teamFolders = await folders(members.viewer, `?workspace_id=${workspaceId}`);
    expect(teamFolders.json().folders.map((f: { id: number }) => f.id)).toContain(folder.json().id);
    // Like forms, folders list the personal workspace unless another is named.
    expect((await folders(members.viewer)).json().folders).toEqual([]);
    expect((await folders(members['non-member'], `?workspace_id=${workspaceId}`)).statusCode).toBe(404);
  });

  it('cuts a removed or lowered member off on their next request, session and API key alike', async () => {
    const member = await createTestUser(app, { name: 'leaving' });
    await addMember(member, 'admin');
    const formId = await teamForm();
    const made = await app.inject({
      method: 'POST',
      url: `/api/account/api-keys?workspace_id=${workspaceId}`,
      headers: member.auth,
      payload: { name: 'team key', scopes: ['forms:read', 'forms:write'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = { authorization: `Bearer ${made.json().key}` };
    const read = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: `/api/forms/${formId}/versions`, headers });
    const unpublish = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: `/api/forms/${formId}/unpublish`, headers });

    expect((await read(member.auth)).statusCode).toBe(200);
    expect((await read(key)).statusCode).toBe(200);
    expect((await unpublish(key)).statusCode).toBe(200);
    // The key reaches its own workspace only: the member's personal forms are out of its reach.
    const personal = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: member.auth,
      payload: samplePayload(),
    });
    const outside = await app.inject({
      method: 'GET',
      url: `/api/forms/${personal.json().id}/versions`,
      headers: key,
    });
    expect(outside.statusCode).toBe(404);

    await addMember(member, 'viewer');
    expect((await unpublish(member.auth)).json().code).toBe('FORBIDDEN_ROLE');
    expect((await unpublish(key)).json().code).toBe('FORBIDDEN_ROLE');
    expect((await read(key)).statusCode).toBe(200);

    await queryRows(
      app.db,
      sql`delete from workspace_members where workspace_id = ${workspaceId} and user_id = ${member.id}`,
    );
    const gone = await read(member.auth);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('Form not found');
    expect((await read(key)).statusCode).toBe(401);
  });

  it('keeps the roles in core order', () => {
    expect(WORKSPACE_ROLES).toEqual(['owner', 'admin', 'editor', 'viewer']);
  });
});
