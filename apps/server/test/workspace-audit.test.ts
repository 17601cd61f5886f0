import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { samplePayload } from './forms-fixtures.ts';
import { dbKind } from './helpers/app.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';

type Entry = {
  id: number;
  action: string;
  via: string;
  ip: string | null;
  api_key_id: string | null;
  actor: { id: string | null; name: string | null; email: string | null };
  target: { type: string | null; id: string | null; label: string | null };
  details: Record<string, unknown> | null;
};

describe(`the audit log of a workspace (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let workspaceId: number;
  const ip = '10.44.0.7';

  const call = (
    user: TestUser | { auth: Record<string, string> },
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) => app.inject({ method, url, headers: user.auth, remoteAddress: ip, ...(payload ? { payload } : {}) });
  const log = async (query = '', user: TestUser = owner): Promise<Entry[]> => {
    const res = await call(user, 'GET', `/api/workspaces/${workspaceId}/audit${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().entries;
  };
  const addMember = async (role: string) => {
    const user = await createTestUser(app, { name: `${role} member` });
    await queryRows(
      app.db,
      sql`insert into workspace_members (workspace_id, user_id, role) values (${workspaceId}, ${user.id}, ${role})`,
    );
    return user;
  };

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
    workspaceId = (await call(owner, 'POST', '/api/workspaces', { name: 'Audit team' })).json().id;
  });
  afterAll(() => app.close());

  it('records who did what to a form, when, from where and through what, newest first', async () => {
    const made = await call(
      owner,
      'POST',
      `/api/forms?workspace_id=${workspaceId}`,
      samplePayload({ title: 'Intake' }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const formId = made.json().id as number;
    await call(owner, 'PUT', `/api/forms/${formId}`, { title: 'Intake v2' });
    await call(owner, 'PUT', `/api/forms/${formId}`, { title: 'Intake v3' });
    await call(owner, 'POST', `/api/forms/${formId}/publish`);
    await call(owner, 'POST', `/api/forms/${formId}/unpublish`);
    await call(owner, 'DELETE', `/api/forms/${formId}`);
    await call(owner, 'POST', `/api/forms/${formId}/restore`);

    const entries = (await log()).filter((e) => e.target.type === 'form' && e.target.id === String(formId));
    expect(entries.map((e) => e.action)).toEqual([
      'form.restored',
      'form.deleted',
      'form.unpublished',
      'form.published',
      // Two saves within a quarter of an hour are one entry.
      'form.edited',
      'form.created',
    ]);
    const created = entries.at(-1)!;
    expect(created).toMatchObject({
      via: 'session',
      ip,
      api_key_id: null,
      actor: { id: owner.id, name: owner.name, email: owner.email },
      target: { type: 'form', label: 'Intake' },
    });
    expect(entries[0]!.target.label).toBe('Intake v3');
  });

  it('records an API key as the way in, and key and member changes', async () => {
    const key = await call(owner, 'POST', `/api/account/api-keys?workspace_id=${workspaceId}`, {
      name: 'CI key',
      scopes: ['forms:read', 'forms:write', 'audit:read'],
    });
    expect(key.statusCode, key.body).toBe(201);
    // The key says which workspace it acts in, made and listed.
    expect(key.json().workspace_id).toBe(workspaceId);
    const listed = (await call(owner, 'GET', '/api/account/api-keys')).json().items as {
      id: string;
      workspace_id: number;
    }[];
    expect(listed.find((k) => k.id === key.json().id)?.workspace_id).toBe(workspaceId);
    const keyAuth = { auth: { authorization: `Bearer ${key.json().key}` } };
    const viaKey = await call(keyAuth, 'POST', '/api/forms', samplePayload({ title: 'By key' }));
    expect(viaKey.statusCode, viaKey.body).toBe(201);

    const member = await addMember('viewer');
    await call(owner, 'PATCH', `/api/workspaces/${workspaceId}/members/${member.id}`, { role: 'editor' });
    await call(owner, 'DELETE', `/api/workspaces/${workspaceId}/members/${member.id}`);
    await call(owner, 'DELETE', `/api/account/api-keys/${key.json().id}`);

    const entries = await log('?limit=5');
    expect(entries.map((e) => e.action)).toEqual([
      'api_key.revoked',
      'member.removed',
      'member.role_changed',
      'form.created',
      'api_key.created',
    ]);
    expect(entries[3]).toMatchObject({
      via: 'api_key',
      api_key_id: key.json().id,
      target: { label: 'By key' },
    });
    expect(entries[2]!.details).toEqual({ from: 'viewer', to: 'editor' });
    expect(entries[2]!.target).toMatchObject({ type: 'member', id: member.id, label: member.email });
    expect(entries[4]!.target).toMatchObject({ type: 'api_key', label: 'CI key' });
  });

  it('writes no entry when the change fails', async () => {
    const before = (await log()).length;
    // The last owner cannot step down; an unknown member cannot be removed.
    expect(
      (await call(owner, 'PATCH', `/api/workspaces/${workspaceId}/members/${owner.id}`, { role: 'viewer' }))
        .statusCode,
    ).toBe(409);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call(owner, 'DELETE', `/api/workspaces/${workspaceId}/members/${missing}`)).statusCode,
    ).toBe(404);
    // A form whose slug is taken is not made, and not logged.
    const first = await call(
      owner,
      'POST',
      `/api/forms?workspace_id=${workspaceId}`,
      samplePayload({ slug: 'audit-taken' }),
    );
    expect(first.statusCode, first.body).toBe(201);
    const taken = await call(
      owner,
      'POST',
      `/api/forms?workspace_id=${workspaceId}`,
      samplePayload({ slug: 'audit-taken' }),
    );
    expect(taken.statusCode).toBe(409);
    expect((await log()).length).toBe(before + 1);
  });

  it('filters by action, actor and day, pages, and downloads as CSV', async () => {
    const edits = await log('?action=form.created');
    expect(edits.length).toBeGreaterThanOrEqual(3);
    expect(edits.every((e) => e.action === 'form.created')).toBe(true);
    expect((await log(`?actor=${owner.id}`)).every((e) => e.actor.id === owner.id)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await log(`?from=${today}&to=${today}`)).length).toBeGreaterThan(0);
    expect(await log('?to=2000-01-01')).toEqual([]);

    const first = (await call(owner, 'GET', `/api/workspaces/${workspaceId}/audit?limit=2`)).json();
    expect(first.entries).toHaveLength(2);
    const second = (
      await call(owner, 'GET', `/api/workspaces/${workspaceId}/audit?limit=2&before=${first.next_before}`)
    ).json();
    expect(second.entries[0].id).toBeLessThan(first.entries[1].id);

    const bad = await call(owner, 'GET', `/api/workspaces/${workspaceId}/audit?action=form.exploded`);
    expect(bad.statusCode).toBe(400);
    expect((await call(owner, 'GET', `/api/workspaces/${workspaceId}/audit?from=yesterday`)).statusCode).toBe(
      400,
    );

    const csv = await call(owner, 'GET', `/api/workspaces/${workspaceId}/audit/export?action=form.created`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Time,Action,Actor,Actor email,Through,API key,IP,Target,Target id,Target name,Details',
    );
    expect(lines.slice(1).every((line) => line.includes(',Form created,'))).toBe(true);
    expect(lines.length - 1).toBe(edits.length);
  });

  it('is for owners and admins: editors and viewers get 403, strangers 404', async () => {
    const admin = await addMember('admin');
    expect((await log('', admin)).length).toBeGreaterThan(0);
    for (const role of ['editor', 'viewer']) {
      const res = await call(await addMember(role), 'GET', `/api/workspaces/${workspaceId}/audit`);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN_ROLE');
    }
    const stranger = await createTestUser(app);
    for (const url of [
      `/api/workspaces/${workspaceId}/audit`,
      `/api/workspaces/${workspaceId}/audit/export`,
    ]) {
      const res = await call(stranger, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Workspace not found');
    }
  });

  it('never changes an entry, and lets only retention delete old ones', async () => {
    const [entry] = await log('?limit=1');
    await expect(
      app.db.execute(sql`update audit_events set action = 'form.created' where id = ${entry!.id}`),
    ).rejects.toThrow();
    await queryRows(
      app.db,
      sql`insert into audit_events (workspace_id, via, action, at) values (${workspaceId}, 'system', 'form.edited', now() - interval '400 days')`,
    );
    const { purgeAuditEntries } = await import('../src/modules/audit/log.ts');
    expect(await purgeAuditEntries(app.db, app.config.auditRetentionDays)).toBe(1);
    expect((await log('?limit=1'))[0]!.id).toBe(entry!.id);
  });

  it('keeps the actor’s name when their account is deleted', async () => {
    const admin = await addMember('admin');
    await call(admin, 'PATCH', `/api/workspaces/${workspaceId}`, { name: 'Audit team (renamed)' });
    await queryRows(app.db, sql`delete from users where id = ${admin.id}`);
    const [renamed] = await log('?action=workspace.renamed');
    expect(renamed).toMatchObject({ actor: { id: null, name: admin.name, email: admin.email } });
    expect(renamed!.details).toEqual({ from: 'Audit team' });
  });
});
