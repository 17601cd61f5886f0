import { builtinTheme } from '@formsmith/core/themes/builtin';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { personalWorkspaceId } from '../src/modules/workspaces/index.ts';
import { createForm, publishForm, samplePayload } from './forms-fixtures.ts';
import { dbKind } from './helpers/app.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';
import { insertSubmissions } from './submissions-fixtures.ts';

describe(`moving a form to another workspace (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let teamId: number;

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
  const member = async (workspaceId: number, role: string, name = `${role} member`) => {
    const user = await createTestUser(app, { name });
    await queryRows(
      app.db,
      sql`insert into workspace_members (workspace_id, user_id, role) values (${workspaceId}, ${user.id}, ${role})`,
    );
    return user;
  };
  const actions = async (workspaceId: number) =>
    (
      (await call(owner, 'GET', `/api/workspaces/${workspaceId}/audit`)).json().entries as {
        action: string;
      }[]
    ).map((e) => e.action);

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
    teamId = (await call(owner, 'POST', '/api/workspaces', { name: 'Moving team' })).json().id;
  });
  afterAll(() => app.close());

  it('takes a copy of its saved theme along, so its page keeps its look in the new workspace', async () => {
    const look = builtinTheme('ocean')!.theme;
    const saved = await call(owner, 'POST', '/api/themes', { name: 'Harbour', theme: look });
    expect(saved.statusCode, saved.body).toBe(201);
    const ref = saved.json().ref as string;
    const form = await createForm(app, owner, { title: 'Themed', theme_config: { themeRef: ref } });
    await publishForm(app, owner, form.id);
    const publicTheme = async () =>
      (await app.inject({ method: 'GET', url: `/api/forms/${form.id}` })).json().look.theme;
    expect(await publicTheme()).toEqual(look);

    expect(
      (await call(owner, 'PUT', `/api/forms/${form.id}/workspace`, { workspace_id: teamId })).statusCode,
    ).toBe(200);

    const teamThemes = (await call(owner, 'GET', `/api/themes?workspace_id=${teamId}`)).json().themes as {
      ref: string;
      name: string;
    }[];
    const copy = teamThemes.find((t) => t.name === 'Harbour');
    expect(copy?.ref).toMatch(/^saved:\d+$/);
    expect(copy?.ref).not.toBe(ref);
    const owned = (await call(owner, 'GET', `/api/forms/${form.id}`)).json();
    expect(owned.theme_config.themeRef).toBe(copy?.ref);
    expect(await publicTheme()).toEqual(look);
    // The personal workspace keeps its own theme.
    const personal = await personalWorkspaceId(app.db, owner.id);
    const mine = (await call(owner, 'GET', `/api/themes?workspace_id=${personal}`)).json().themes as {
      ref: string;
    }[];
    expect(mine.map((t) => t.ref)).toContain(ref);
  });

  it('takes the form with its answers and webhooks, leaves its folder, records it in both logs, and tells the webhooks', async () => {
    const form = await createForm(app, owner);
    const folder = (await call(owner, 'POST', '/api/folders', { name: 'To move' })).json().id as number;
    expect((await call(owner, 'PUT', `/api/forms/${form.id}/folder`, { folder_id: folder })).statusCode).toBe(
      200,
    );
    const hook = await call(owner, 'POST', `/api/forms/${form.id}/webhooks`, {
      url: 'https://example.com/hook',
      events: ['form.moved'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const personal = await personalWorkspaceId(app.db, owner.id);
    // A personal-workspace assignee who is not in the team is unassigned by the move.
    const [sid] = await insertSubmissions(app, form.id, [{ data: { f_name: 'kept' } }]);
    await app.db.execute(sql`update submissions set assignee_id = ${owner.id} where id = ${sid}`);
    const outsider = await createTestUser(app);
    const [other] = await insertSubmissions(app, form.id, [{ data: { f_name: 'also kept' } }]);
    await app.db.execute(sql`update submissions set assignee_id = ${outsider.id} where id = ${other}`);

    const moved = await call(owner, 'PUT', `/api/forms/${form.id}/workspace`, { workspace_id: teamId });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: form.id, folder_id: null, title: form.title });

    const inTeam = await call(owner, 'GET', `/api/forms?workspace_id=${teamId}`);
    expect(inTeam.json().forms.map((f: { id: number }) => f.id)).toContain(form.id);
    const inPersonal = await call(owner, 'GET', '/api/forms');
    expect(inPersonal.json().forms.map((f: { id: number }) => f.id)).not.toContain(form.id);
    const listed = await call(owner, 'GET', `/api/form-submissions/forms/${form.id}/submissions?sort=oldest`);
    expect(listed.json().items.map((i: { data: { f_name: string } }) => i.data.f_name)).toEqual([
      'kept',
      'also kept',
    ]);
    // The owner is in the team, so keeps the assignment; the outsider is not.
    expect(
      listed.json().items.map((i: { triage: { assignee: unknown } }) => i.triage.assignee !== null),
    ).toEqual([true, false]);
    expect((await call(owner, 'GET', `/api/forms/${form.id}/webhooks`)).json().items).toHaveLength(1);

    expect(await actions(personal)).toContain('form.moved');
    expect(await actions(teamId)).toContain('form.moved');
    const deliveries = await queryRows<{ event_type: string }>(
      app.db,
      sql`select d.event_type from webhook_deliveries d join webhooks w on w.id = d.webhook_id where w.form_id = ${form.id}`,
    );
    expect(deliveries.map((d) => d.event_type)).toEqual(['form.moved']);

    // Moving it where it already is changes nothing and records nothing.
    const before = (await actions(teamId)).length;
    expect(
      (await call(owner, 'PUT', `/api/forms/${form.id}/workspace`, { workspace_id: teamId })).statusCode,
    ).toBe(200);
    expect((await actions(teamId)).length).toBe(before);
  });

  it('needs the editor role on both sides: a viewer there gets 403, a stranger workspace or form 404', async () => {
    const form = await createForm(app, owner);
    const viewOnly = (await call(owner, 'POST', '/api/workspaces', { name: 'Read only' })).json()
      .id as number;
    const elsewhere = await createTestUser(app);
    const theirs = (await call(elsewhere, 'POST', '/api/workspaces', { name: 'Theirs' })).json().id as number;
    await queryRows(
      app.db,
      sql`update workspace_members set role = 'viewer' where workspace_id = ${viewOnly} and user_id = ${owner.id}`,
    );
    const asViewer = await call(owner, 'PUT', `/api/forms/${form.id}/workspace`, { workspace_id: viewOnly });
    expect(asViewer.statusCode).toBe(403);
    expect(asViewer.json().code).toBe('FORBIDDEN_ROLE');
    const notMine = await call(owner, 'PUT', `/api/forms/${form.id}/workspace`, { workspace_id: theirs });
    expect(notMine.statusCode).toBe(404);
    expect(
      (await call(elsewhere, 'PUT', `/api/forms/${form.id}/workspace`, { workspace_id: theirs })).statusCode,
    ).toBe(404);
    const bad = await call(owner, 'PUT', `/api/forms/${form.id}/workspace`, { workspace_id: 'team' });
    expect(bad.statusCode).toBe(400);
    // A viewer of the form's own workspace cannot move it out, even to a workspace of their own.
    const viewer = await member(teamId, 'viewer');
    const made = await call(owner, 'POST', `/api/forms?workspace_id=${teamId}`, samplePayload());
    expect(made.statusCode, made.body).toBe(201);
    const refused = await call(viewer, 'PUT', `/api/forms/${made.json().id}/workspace`, {
      workspace_id: await personalWorkspaceId(app.db, viewer.id),
    });
    expect(refused.statusCode).toBe(403);
    const [row] = await queryRows<{ workspace_id: number }>(
      app.db,
      sql`select workspace_id from forms where id = ${form.id}`,
    );
    expect(row!.workspace_id).toBe(await personalWorkspaceId(app.db, owner.id));
  });
});
