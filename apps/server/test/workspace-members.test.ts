import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { samplePayload } from './forms-fixtures.ts';
import { dbKind } from './helpers/app.ts';
import { inviteByMail } from './helpers/invitations.ts';
import { createMailTestApp, drainMails, type MailTestApp } from './helpers/mail-app.ts';
import { findLink } from './helpers/smtp.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';

const LINK = 'http://localhost:3000/invitations/';

describe(`workspace members and invitations (${dbKind})`, () => {
  let mail: MailTestApp;
  let app: FastifyInstance;
  let owner: TestUser;
  let workspaceId: number;

  const call = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) => app.inject({ method, url, headers: user?.auth ?? {}, ...(payload ? { payload } : {}) });

  /** Invites `invitee` and answers the token of the link that reached their mailbox. */
  const invite = (invitee: TestUser, role: string, by = owner) =>
    inviteByMail(mail, { by, workspaceId, invitee, role });

  beforeAll(async () => {
    mail = await createMailTestApp();
    app = mail.app;
    owner = await createTestUser(app, { name: 'Olive Owner' });
    const made = await call(owner, 'POST', '/api/workspaces', { name: '  Research team ' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ name: 'Research team', personal: false, role: 'owner' });
    workspaceId = made.json().id;
  });
  afterAll(() => mail.close());

  it('mails a single-use link; the invitee sees the offer, accepts, and reaches the workspace', async () => {
    const invitee = await createTestUser(app, { name: 'Ed Editor' });
    const token = await invite(invitee, 'editor');
    const [sent] = await drainMails(mail, { to: invitee.email, prefix: LINK, count: 1 });
    expect(sent!.raw).toContain('Olive Owner');
    expect(sent!.raw).toContain('Research team');

    const peek = await call(null, 'GET', `/api/invitations/${token}`);
    expect(peek.statusCode).toBe(200);
    expect(peek.json()).toMatchObject({
      workspace_name: 'Research team',
      invited_by: 'Olive Owner',
      role: 'editor',
    });

    const accepted = await call(invitee, 'POST', `/api/invitations/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: workspaceId, role: 'editor', personal: false });
    const again = await call(invitee, 'POST', `/api/invitations/${token}/accept`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('INVITATION_INVALID');

    const form = await app.inject({
      method: 'POST',
      url: `/api/forms?workspace_id=${workspaceId}`,
      headers: invitee.auth,
      payload: samplePayload(),
    });
    expect(form.statusCode, form.body).toBe(201);
    const list = await call(invitee, 'GET', `/api/workspaces/${workspaceId}/members`);
    expect(list.json().members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['Olive Owner', 'owner'],
      ['Ed Editor', 'editor'],
    ]);
    // An editor sees the members, not the invitations.
    expect(list.json().invitations).toBeUndefined();
  });

  it('accepts only for the address invited, and never an expired, revoked or replaced link', async () => {
    const invitee = await createTestUser(app);
    const other = await createTestUser(app);
    const first = await invite(invitee, 'viewer');
    const wrong = await call(other, 'POST', `/api/invitations/${first}/accept`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('INVITATION_OTHER_EMAIL');

    const second = await invite(invitee, 'viewer');
    expect((await call(null, 'GET', `/api/invitations/${first}`)).statusCode).toBe(404);
    const pending = (await call(owner, 'GET', `/api/workspaces/${workspaceId}/members`)).json().invitations;
    const mine = pending.filter((i: { email: string }) => i.email === invitee.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ role: 'viewer', expired: false, invited_by: 'Olive Owner' });

    const resent = await call(
      owner,
      'POST',
      `/api/workspaces/${workspaceId}/invitations/${mine[0].id}/resend`,
    );
    expect(resent.statusCode, resent.body).toBe(200);
    const mails = await drainMails(mail, { to: invitee.email, prefix: LINK, count: 3 });
    const third = findLink(mails.at(-1)!, LINK).slice(LINK.length);
    expect((await call(null, 'GET', `/api/invitations/${second}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/invitations/${third}`)).statusCode).toBe(200);

    const revoked = await call(owner, 'DELETE', `/api/workspaces/${workspaceId}/invitations/${mine[0].id}`);
    expect(revoked.statusCode).toBe(204);
    expect((await call(invitee, 'POST', `/api/invitations/${third}/accept`)).statusCode).toBe(404);

    const late = await invite(invitee, 'viewer');
    await app.db.execute(
      `update workspace_invitations set expires_at = now() - interval '1 minute' where email = '${invitee.email}'`,
    );
    const expired = await call(invitee, 'POST', `/api/invitations/${late}/accept`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error).toContain('7 days');
    expect((await call(null, 'GET', '/api/invitations/not-a-token')).statusCode).toBe(404);
  });

  it('lets admins invite and manage, keeps owners to owners, and never leaves a workspace ownerless', async () => {
    const admin = await createTestUser(app, { name: 'Ada Admin' });
    await call(admin, 'POST', `/api/invitations/${await invite(admin, 'admin')}/accept`);
    const viewer = await createTestUser(app, { name: 'Vic Viewer' });
    await call(viewer, 'POST', `/api/invitations/${await invite(viewer, 'viewer', admin)}/accept`);

    const asOwner = await call(admin, 'POST', `/api/workspaces/${workspaceId}/invitations`, {
      email: 'someone@example.com',
      role: 'owner',
    });
    expect(asOwner.statusCode).toBe(403);
    expect(asOwner.json().code).toBe('FORBIDDEN_ROLE');
    const byViewer = await call(viewer, 'POST', `/api/workspaces/${workspaceId}/invitations`, {
      email: 'someone@example.com',
      role: 'viewer',
    });
    expect(byViewer.statusCode).toBe(403);
    const member = await call(admin, 'POST', `/api/workspaces/${workspaceId}/invitations`, {
      email: viewer.email.toUpperCase(),
      role: 'editor',
    });
    expect(member.statusCode).toBe(409);
    const bad = await call(admin, 'POST', `/api/workspaces/${workspaceId}/invitations`, {
      email: 'nope',
      role: 'boss',
    });
    expect(bad.statusCode).toBe(400);

    const promoted = await call(admin, 'PATCH', `/api/workspaces/${workspaceId}/members/${viewer.id}`, {
      role: 'editor',
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().members.find((m: { user_id: string }) => m.user_id === viewer.id).role).toBe(
      'editor',
    );
    const demoteOwner = await call(admin, 'PATCH', `/api/workspaces/${workspaceId}/members/${owner.id}`, {
      role: 'viewer',
    });
    expect(demoteOwner.statusCode).toBe(403);
    const selfDemote = await call(owner, 'PATCH', `/api/workspaces/${workspaceId}/members/${owner.id}`, {
      role: 'admin',
    });
    expect(selfDemote.statusCode).toBe(409);
    expect(selfDemote.json().code).toBe('LAST_OWNER');
    const leave = await call(owner, 'POST', `/api/workspaces/${workspaceId}/leave`);
    expect(leave.json().code).toBe('LAST_OWNER');

    // Once there is a second owner, the first may step down.
    await call(owner, 'PATCH', `/api/workspaces/${workspaceId}/members/${admin.id}`, { role: 'owner' });
    expect(
      (await call(owner, 'PATCH', `/api/workspaces/${workspaceId}/members/${owner.id}`, { role: 'admin' }))
        .statusCode,
    ).toBe(200);
    await call(admin, 'PATCH', `/api/workspaces/${workspaceId}/members/${owner.id}`, { role: 'owner' });

    const removed = await call(admin, 'DELETE', `/api/workspaces/${workspaceId}/members/${viewer.id}`);
    expect(removed.statusCode).toBe(204);
    const after = await call(viewer, 'GET', `/api/workspaces/${workspaceId}/members`);
    expect(after.statusCode).toBe(404);
    expect(after.json().error).toBe('Workspace not found');
    const leaving = await call(admin, 'POST', `/api/workspaces/${workspaceId}/leave`);
    expect(leaving.statusCode).toBe(204);
    expect((await call(admin, 'GET', `/api/workspaces/${workspaceId}/members`)).statusCode).toBe(404);
  });

  it('keeps what a member made with the team when their account is deleted; the last owner hands on first', async () => {
    const team = (await call(owner, 'POST', '/api/workspaces', { name: 'Handover' })).json().id as number;
    const member = await createTestUser(app, { name: 'Mo Member' });
    const token = await (async () => {
      const res = await call(owner, 'POST', `/api/workspaces/${team}/invitations`, {
        email: member.email,
        role: 'editor',
      });
      expect(res.statusCode).toBe(201);
      const mails = await drainMails(mail, { to: member.email, prefix: LINK, count: 1 });
      return findLink(mails.at(-1)!, LINK).slice(LINK.length);
    })();
    await call(member, 'POST', `/api/invitations/${token}/accept`);
    const made = await app.inject({
      method: 'POST',
      url: `/api/forms?workspace_id=${team}`,
      headers: member.auth,
      payload: samplePayload({ title: 'Made by Mo' }),
    });
    expect(made.statusCode).toBe(201);
    const deleteAccount = (user: TestUser) =>
      call(user, 'POST', '/api/security/data-protection/requests', {
        request_type: 'delete',
        confirm_email: user.email,
      });

    const gone = await deleteAccount(member);
    expect(gone.statusCode, gone.body).toBe(200);
    const kept = await call(owner, 'GET', `/api/forms/${made.json().id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().title).toBe('Made by Mo');

    // The owner is the last owner of a workspace someone else still belongs to.
    const other = await createTestUser(app);
    await queryRows(
      app.db,
      sql`insert into workspace_members (workspace_id, user_id, role) values (${team}, ${other.id}, 'viewer')`,
    );
    const refused = await deleteAccount(owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('LAST_OWNER');
    expect(refused.json().error).toContain('“Handover”');
    expect((await call(owner, 'GET', '/api/workspaces')).statusCode).toBe(200);
  });

  it('answers a stranger 404, keeps personal workspaces unshared, and deletes only an empty workspace', async () => {
    const stranger = await createTestUser(app);
    for (const [method, url] of [
      ['GET', `/api/workspaces/${workspaceId}/members`],
      ['PATCH', `/api/workspaces/${workspaceId}`],
      ['POST', `/api/workspaces/${workspaceId}/invitations`],
      ['DELETE', `/api/workspaces/${workspaceId}`],
      ['DELETE', `/api/workspaces/${workspaceId}/members/${owner.id}`],
    ] as const) {
      const res = await call(stranger, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error).toBe('Workspace not found');
    }
    expect((await call(null, 'GET', `/api/workspaces/${workspaceId}/members`)).statusCode).toBe(401);

    const mine = (await call(owner, 'GET', '/api/workspaces')).json().workspaces;
    const personal = mine.find((w: { personal: boolean }) => w.personal);
    const share = await call(owner, 'POST', `/api/workspaces/${personal.id}/invitations`, {
      email: stranger.email,
      role: 'viewer',
    });
    expect(share.statusCode).toBe(409);
    expect(share.json().code).toBe('PERSONAL_WORKSPACE');
    expect((await call(owner, 'DELETE', `/api/workspaces/${personal.id}`)).json().code).toBe(
      'PERSONAL_WORKSPACE',
    );

    const renamed = await call(owner, 'PATCH', `/api/workspaces/${workspaceId}`, { name: 'Research' });
    expect(renamed.json().name).toBe('Research');
    expect((await call(owner, 'PATCH', `/api/workspaces/${workspaceId}`, { name: '   ' })).statusCode).toBe(
      400,
    );

    const full = await call(owner, 'DELETE', `/api/workspaces/${workspaceId}`);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('WORKSPACE_NOT_EMPTY');
    const empty = (await call(owner, 'POST', '/api/workspaces', { name: 'Scratch' })).json();
    expect((await call(owner, 'DELETE', `/api/workspaces/${empty.id}`)).statusCode).toBe(204);
    expect(
      (await call(owner, 'GET', '/api/workspaces')).json().workspaces.map((w: { id: number }) => w.id),
    ).not.toContain(empty.id);
  });
});
