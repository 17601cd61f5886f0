import { memberEventSchema, WEBHOOK_MESSAGES } from '@formsmith/core/webhooks/api';
import type { WorkspaceRole } from '@formsmith/core/workspaces/roles';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { dbKind } from './helpers/app.ts';
import { inviteByMail } from './helpers/invitations.ts';
import { createMailTestApp, drainMails, type MailTestApp } from './helpers/mail-app.ts';
import { startReceiver } from './helpers/receiver.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createPublishedForm } from './intake-fixtures.ts';

const MEMBER_EVENTS = [
  'member.invited',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.invitation_revoked',
];

/** The receivers run on 127.0.0.1, so these tests allow private targets. */
describe(`workspace webhooks and member events (${dbKind})`, () => {
  let mail: MailTestApp;
  let app: FastifyInstance;
  let owner: TestUser;
  let workspaceId: number;
  const members = {} as Record<'admin' | 'editor' | 'viewer' | 'stranger', TestUser>;

  const call = (
    user: TestUser,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) => app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
  const hooksUrl = () => `/api/workspaces/${workspaceId}/webhooks`;
  const addHook = (body: Record<string, unknown>, user = owner) => call(user, 'POST', hooksUrl(), body);
  const addMember = (user: TestUser, role: WorkspaceRole) =>
    queryRows(
      app.db,
      sql`insert into workspace_members (workspace_id, user_id, role) values (${workspaceId}, ${user.id}, ${role})`,
    );
  const deliveryCount = async () =>
    (
      await queryRows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from webhook_deliveries d join webhooks w on w.id = d.webhook_id
            where w.workspace_id = ${workspaceId} and w.form_id is null`,
      )
    )[0]!.n;

  const invite = (invitee: TestUser, role: WorkspaceRole) =>
    inviteByMail(mail, { by: owner, workspaceId, invitee, role });

  beforeAll(async () => {
    mail = await createMailTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    app = mail.app;
    owner = await createTestUser(app, { name: 'Olive Owner' });
    const made = await call(owner, 'POST', '/api/workspaces', { name: 'Hooked team' });
    expect(made.statusCode, made.body).toBe(201);
    workspaceId = made.json().id;
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      members[role] = await createTestUser(app, { name: role });
      await addMember(members[role], role);
    }
    members.stranger = await createTestUser(app, { name: 'stranger' });
  });
  afterAll(() => mail.close());

  it('sends signed member.* events for an invitation, a join, a role change, a removal and a leave', async () => {
    const receiver = await startReceiver();
    try {
      const made = await addHook({ url: receiver.url, events: MEMBER_EVENTS });
      expect(made.statusCode, made.body).toBe(201);
      const { secret } = made.json();
      expect(made.json()).toMatchObject({ events: MEMBER_EVENTS, format: 'json', enabled: true });

      const ada = await createTestUser(app, { name: 'Ada Lovelace' });
      const token = await invite(ada, 'editor');
      expect((await call(ada, 'POST', `/api/invitations/${token}/accept`)).statusCode).toBe(200);
      const promoted = await call(owner, 'PATCH', `/api/workspaces/${workspaceId}/members/${ada.id}`, {
        role: 'admin',
      });
      expect(promoted.statusCode, promoted.body).toBe(200);
      const removed = await call(owner, 'DELETE', `/api/workspaces/${workspaceId}/members/${ada.id}`);
      expect(removed.statusCode).toBe(204);
      const leaver = await createTestUser(app, { name: 'Lee Leaver' });
      await addMember(leaver, 'viewer');
      expect((await call(leaver, 'POST', `/api/workspaces/${workspaceId}/leave`)).statusCode).toBe(204);
      await app.jobs.drain();

      const events = receiver.received.map(({ headers, body }) =>
        memberEventSchema.parse(new Webhook(secret).verify(body, headers as Record<string, string>)),
      );
      const byType = (type: string) => events.filter((e) => e.type === type);
      expect(events.map((e) => e.type).sort()).toEqual(
        ['member.invited', 'member.joined', 'member.role_changed', 'member.removed', 'member.removed'].sort(),
      );
      const workspace = { id: workspaceId, name: 'Hooked team' };
      expect(byType('member.invited')[0]!.data).toEqual({
        workspace,
        member: { user_id: null, email: ada.email, name: null, role: 'editor' },
        actor_id: owner.id,
      });
      expect(byType('member.joined')[0]!.data).toEqual({
        workspace,
        member: { user_id: ada.id, email: ada.email, name: 'Ada Lovelace', role: 'editor' },
        actor_id: ada.id,
      });
      expect(byType('member.role_changed')[0]!.data).toEqual({
        workspace,
        member: {
          user_id: ada.id,
          email: ada.email,
          name: 'Ada Lovelace',
          role: 'admin',
          previous_role: 'editor',
        },
        actor_id: owner.id,
      });
      expect(byType('member.removed').map((e) => e.data)).toEqual(
        expect.arrayContaining([
          {
            workspace,
            member: { user_id: ada.id, email: ada.email, name: 'Ada Lovelace', role: 'admin' },
            reason: 'removed',
            actor_id: owner.id,
          },
          {
            workspace,
            member: { user_id: leaver.id, email: leaver.email, name: 'Lee Leaver', role: 'viewer' },
            reason: 'left',
            actor_id: leaver.id,
          },
        ]),
      );
      for (const event of events) expect(Date.parse(event.timestamp)).not.toBeNaN();

      // The body was made and sealed in the change's transaction: the database holds no address in clear.
      const stored = await queryRows<{ body: string }>(
        app.db,
        sql`select d.body from webhook_deliveries d where d.webhook_id = ${made.json().id}::uuid`,
      );
      expect(stored).toHaveLength(5);
      for (const row of stored) {
        expect(row.body).toMatch(/^fs1\./);
        expect(row.body).not.toContain(ada.email);
      }
      await call(owner, 'DELETE', `${hooksUrl()}/${made.json().id}`);
    } finally {
      await receiver.close();
    }
  });

  it('queues nothing for a change that is refused, nor for an event the webhook did not ask for', async () => {
    const receiver = await startReceiver();
    try {
      const made = await addHook({
        url: receiver.url,
        events: ['member.removed', 'member.invitation_revoked'],
      });
      const before = await deliveryCount();
      // The last owner cannot leave: the transaction rolls back, and no event goes out.
      const refused = await call(owner, 'POST', `/api/workspaces/${workspaceId}/leave`);
      expect(refused.statusCode).toBe(409);
      // An admin may not make an owner.
      const notAllowed = await call(
        members.admin,
        'PATCH',
        `/api/workspaces/${workspaceId}/members/${members.viewer.id}`,
        {
          role: 'owner',
        },
      );
      expect(notAllowed.statusCode).toBe(403);
      // Not subscribed: an invitation.
      const someone = await createTestUser(app);
      await invite(someone, 'viewer');
      expect(await deliveryCount()).toBe(before);

      const pending = (await call(owner, 'GET', `/api/workspaces/${workspaceId}/members`)).json().invitations;
      const mine = pending.find((i: { email: string }) => i.email === someone.email);
      await call(owner, 'DELETE', `/api/workspaces/${workspaceId}/invitations/${mine.id}`);
      await app.jobs.drain();
      expect(await deliveryCount()).toBe(before + 1);
      const [revoked] = receiver.received.map((r) => memberEventSchema.parse(JSON.parse(r.body)));
      expect(revoked).toMatchObject({
        type: 'member.invitation_revoked',
        data: { member: { email: someone.email, role: 'viewer', user_id: null } },
      });
      await call(owner, 'DELETE', `${hooksUrl()}/${made.json().id}`);
    } finally {
      await receiver.close();
    }
  });

  it('refuses form events on a workspace webhook and member events on a form webhook (400)', async () => {
    const formEvents = await addHook({
      url: 'https://example.com/hook',
      events: ['member.joined', 'form.moved'],
    });
    expect(formEvents.statusCode).toBe(400);
    expect(formEvents.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: WEBHOOK_MESSAGES.workspaceEventsOnly,
    });
    const made = await addHook({ url: 'https://example.com/hook', events: ['member.joined'] });
    const changed = await call(owner, 'PATCH', `${hooksUrl()}/${made.json().id}`, {
      events: ['submission.created'],
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error).toBe(WEBHOOK_MESSAGES.workspaceEventsOnly);

    const formId = await createPublishedForm(app, owner);
    const onForm = await call(owner, 'POST', `/api/forms/${formId}/webhooks`, {
      url: 'https://example.com/hook',
      events: ['submission.created', 'member.joined'],
    });
    expect(onForm.statusCode).toBe(400);
    expect(onForm.json().error).toBe(WEBHOOK_MESSAGES.formEventsOnly);
    // Each list holds its own owner's webhooks only.
    const formList = (await call(owner, 'GET', `/api/forms/${formId}/webhooks`)).json().items;
    expect(formList).toEqual([]);
    const wsList = (await call(owner, 'GET', hooksUrl())).json().items;
    expect(wsList.map((w: { id: string }) => w.id)).toContain(made.json().id);
    // A form's webhook is not reached through the workspace's routes.
    const formHook = await call(owner, 'POST', `/api/forms/${formId}/webhooks`, {
      url: 'https://example.com/hook',
      events: ['form.published'],
    });
    const sideways = await call(owner, 'DELETE', `${hooksUrl()}/${formHook.json().id}`);
    expect(sideways.statusCode).toBe(404);
    await call(owner, 'DELETE', `${hooksUrl()}/${made.json().id}`);
  });

  it('lets admins and owners manage the webhooks; editors and viewers get 403, strangers 404', async () => {
    const body = { url: 'https://example.com/hook', events: ['member.joined'] };
    for (const role of ['editor', 'viewer'] as const) {
      for (const res of [await call(members[role], 'GET', hooksUrl()), await addHook(body, members[role])]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN_ROLE');
      }
    }
    for (const res of [
      await call(members.stranger, 'GET', hooksUrl()),
      await addHook(body, members.stranger),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Workspace not found');
    }
    const made = await addHook(body, members.admin);
    expect(made.statusCode, made.body).toBe(201);
    const off = await call(members.admin, 'PATCH', `${hooksUrl()}/${made.json().id}`, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false });
    expect((await call(members.admin, 'DELETE', `${hooksUrl()}/${made.json().id}`)).statusCode).toBe(204);
    const audit = await queryRows<{ action: string }>(
      app.db,
      sql`select action from audit_events where workspace_id = ${workspaceId} and details->>'webhook' = ${made.json().id}`,
    );
    expect(audit.map((a) => a.action).sort()).toEqual(['webhook.created', 'webhook.deleted']);
  });

  it('sends a test event, logs it, resends it, rotates the secret, and speaks Slack', async () => {
    const receiver = await startReceiver();
    try {
      const made = (
        await addHook({ url: receiver.url, events: ['member.role_changed'], format: 'slack' })
      ).json();
      const test = await call(owner, 'POST', `${hooksUrl()}/${made.id}/test`);
      expect(test.statusCode, test.body).toBe(200);
      expect(test.json()).toMatchObject({ event_type: 'webhook.test', status: 'succeeded' });
      const resent = await call(
        owner,
        'POST',
        `${hooksUrl()}/${made.id}/deliveries/${test.json().id}/resend`,
      );
      expect(resent.json().attempts).toHaveLength(2);
      expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
      expect(JSON.parse(receiver.received[0]!.body).text).toContain('Test event');

      const rotated = await call(owner, 'POST', `${hooksUrl()}/${made.id}/rotate-secret`);
      expect(rotated.json().secret).not.toBe(made.secret);
      await call(owner, 'PATCH', `/api/workspaces/${workspaceId}/members/${members.viewer.id}`, {
        role: 'editor',
      });
      await call(owner, 'PATCH', `/api/workspaces/${workspaceId}/members/${members.viewer.id}`, {
        role: 'viewer',
      });
      await app.jobs.drain();
      const slack = receiver.received.slice(2).map((r) => JSON.parse(r.body).text as string);
      expect(slack.sort()).toEqual([
        `Member's role changed: Hooked team\n• viewer (${members.viewer.email}): editor → viewer`,
        `Member's role changed: Hooked team\n• viewer (${members.viewer.email}): viewer → editor`,
      ]);
      const log = await call(owner, 'GET', `${hooksUrl()}/${made.id}/deliveries`);
      expect(log.json().items.map((d: { event_type: string }) => d.event_type)).toEqual([
        'member.role_changed',
        'member.role_changed',
        'webhook.test',
      ]);
      await call(owner, 'DELETE', `${hooksUrl()}/${made.id}`);
    } finally {
      await receiver.close();
    }
  });

  it("disables a workspace webhook failing for 3 days and mails the workspace's owners", async () => {
    const receiver = await startReceiver([{ status: 500 }]);
    const coOwner = await createTestUser(app, { name: 'Co Owner' });
    await addMember(coOwner, 'owner');
    try {
      const made = (await addHook({ url: receiver.url, events: ['member.role_changed'] })).json();
      await call(owner, 'PATCH', `/api/workspaces/${workspaceId}/members/${members.editor.id}`, {
        role: 'viewer',
      });
      await app.jobs.drain();
      await app.db.execute(
        sql`update webhooks set failing_since = now() - interval '73 hours' where id = ${made.id}`,
      );
      await app.db.execute(
        sql`update jobs set run_at = now() where kind = 'webhook.deliver' and done_at is null`,
      );
      await app.jobs.drain();
      const listed = (await call(owner, 'GET', hooksUrl()))
        .json()
        .items.find((w: { id: string }) => w.id === made.id);
      expect(listed).toMatchObject({ enabled: false, disabled_reason: 'Every delivery failed for 3 days' });
      for (const who of [owner, coOwner]) {
        const mails = await drainMails(mail, {
          to: who.email,
          prefix: 'Webhook disabled: Hooked team',
          count: 1,
        });
        expect(mails).toHaveLength(1);
      }
    } finally {
      await receiver.close();
    }
  });
});
