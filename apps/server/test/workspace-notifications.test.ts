import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { notificationSettings, workspaceMembers } from '../src/db/schema.ts';
import { dbKind } from './helpers/app.ts';
import { createMailTestApp, drainMails, type MailTestApp } from './helpers/mail-app.ts';
import { findLink } from './helpers/smtp.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createTestForm, insertSubmissions } from './submissions-fixtures.ts';

type Team = { workspaceId: number; owner: TestUser; editor: TestUser; viewer: TestUser };

describe(`each member's mail choices in a workspace (${dbKind})`, () => {
  let mail: MailTestApp;
  let app: FastifyInstance;
  let stranger: TestUser;

  const call = (user: TestUser, method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
  const choose = async (team: Team, user: TestUser, body: object) => {
    const res = await call(user, 'PUT', `/api/workspaces/${team.workspaceId}/notifications`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const stored = async (team: Team, user: TestUser) =>
    (
      await queryRows<{
        notify_submissions: string | null;
        notify_mentions: boolean | null;
        notify_assigned: boolean | null;
      }>(
        app.db,
        sql`select notify_submissions, notify_mentions, notify_assigned from workspace_members
            where workspace_id = ${team.workspaceId} and user_id = ${user.id}`,
      )
    )[0];

  /** A team workspace of its own for each test: Olive owns it, Ed edits, Vic views. */
  async function makeTeam(): Promise<Team> {
    const owner = await createTestUser(app, { name: 'Olive Owner' });
    const editor = await createTestUser(app, { name: 'Ed Editor' });
    const viewer = await createTestUser(app, { name: 'Vic Viewer' });
    const made = await call(owner, 'POST', '/api/workspaces', { name: 'Support' });
    const workspaceId = made.json().id as number;
    await app.db.insert(workspaceMembers).values([
      { workspaceId, userId: editor.id, role: 'editor' },
      { workspaceId, userId: viewer.id, role: 'viewer' },
    ]);
    return { workspaceId, owner, editor, viewer };
  }

  /** A published form of the team's, made by `creator` (after the choices: the submit path caches it). */
  async function teamForm(
    team: Team,
    creator: TestUser,
    set: { notify?: boolean; viewerAnswers?: boolean } = {},
  ) {
    const formId = await createTestForm(app, creator.id, { title: `Orders ${randomUUID().slice(0, 6)}` });
    await app.db.execute(
      sql`update forms set workspace_id = ${team.workspaceId}, notify_on_submission = ${set.notify ?? null},
          viewer_answers = ${set.viewerAnswers ?? true} where id = ${formId}`,
    );
    return formId;
  }

  async function submit(formId: number, name: string) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { data: { f_name: name, _formLoadTime: Date.now() - 5000 }, metadata: {} },
    });
    expect(res.statusCode, res.body).toBe(201);
    await app.jobs.drain();
  }

  /** The new-submission mails each address got for the form. */
  const submissionMails = (formId: number, user: TestUser) =>
    mail.smtp.mails.filter(
      (m) => m.to.includes(user.email) && m.raw.includes(`http://localhost:3000/forms/${formId}/submissions`),
    );
  const arrived = (formId: number, user: TestUser) =>
    drainMails(mail, {
      to: user.email,
      prefix: `http://localhost:3000/forms/${formId}/submissions`,
      count: 1,
    });

  /** The mail `to` got for the form; the `others` got none (theirs would have come with it). */
  async function mailedOnly(formId: number, to: TestUser, others: TestUser[]) {
    const [sent] = await arrived(formId, to);
    expect(sent, `the mail to ${to.name}`).toBeDefined();
    for (const other of others) expect(submissionMails(formId, other)).toEqual([]);
    return sent!;
  }

  beforeAll(async () => {
    mail = await createMailTestApp();
    app = mail.app;
    stranger = await createTestUser(app, { name: 'Stan Stranger' });
  });
  afterAll(() => mail.close());

  it('reads what a member never chose as before, stores only what is sent, and refuses bad values and strangers', async () => {
    const team = await makeTeam();
    const url = `/api/workspaces/${team.workspaceId}/notifications`;
    const first = await call(team.viewer, 'GET', url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ submissions: 'mine', mentions: true, assigned: true });

    for (const body of [{ submissions: 'everything' }, { mentions: 'yes' }, { assigned: null }, {}]) {
      const res = await call(team.viewer, 'PUT', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(team.viewer, 'PUT', url, { submissions: 'everything' })).json().error).toContain(
      'New submissions must be all, mine or none',
    );
    expect(await stored(team, team.viewer)).toEqual({
      notify_submissions: null,
      notify_mentions: null,
      notify_assigned: null,
    });

    expect(await choose(team, team.viewer, { mentions: false })).toEqual({
      submissions: 'mine',
      mentions: false,
      assigned: true,
    });
    expect(await choose(team, team.viewer, { submissions: 'all' })).toEqual({
      submissions: 'all',
      mentions: false,
      assigned: true,
    });
    expect(await stored(team, team.viewer)).toEqual({
      notify_submissions: 'all',
      notify_mentions: false,
      notify_assigned: null,
    });
    // Each member's own: the owner's are untouched.
    expect((await call(team.owner, 'GET', url)).json()).toEqual({
      submissions: 'mine',
      mentions: true,
      assigned: true,
    });

    expect((await call(stranger, 'GET', url)).statusCode).toBe(404);
    const refused = await call(stranger, 'PUT', url, { submissions: 'none' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('Workspace not found');
    expect((await call(team.owner, 'GET', '/api/workspaces/999999/notifications')).statusCode).toBe(404);
  });

  it('mails only the creator of a form while nobody chose, as before', async () => {
    const team = await makeTeam();
    const formId = await teamForm(team, team.editor);
    await submit(formId, 'Ada');
    const sent = await mailedOnly(formId, team.editor, [team.owner, team.viewer]);
    expect(sent.raw).toContain('Your form "Orders');
    expect(sent.raw).toContain('Full name: Ada');
  });

  it('mails a member who chose all forms for a form someone else made, and never one who chose none, creator or not', async () => {
    const team = await makeTeam();
    await choose(team, team.owner, { submissions: 'all' });
    await choose(team, team.editor, { submissions: 'none' });
    // The account-wide switch is for one's own forms; choosing all forms here is choosing them.
    await app.db.insert(notificationSettings).values({ userId: team.owner.id, formSubmissions: false });
    const formId = await teamForm(team, team.editor);
    await submit(formId, 'Grace');
    const sent = await mailedOnly(formId, team.owner, [team.editor, team.viewer]);
    expect(sent.raw).toContain('The form "Orders');
    expect(sent.raw).toContain('Full name: Grace');
    expect(findLink(sent, 'http://localhost:3000/forms/')).toBe(
      `http://localhost:3000/forms/${formId}/submissions`,
    );
  });

  it('mails a viewer no answers when the form shows its viewers only counts', async () => {
    const team = await makeTeam();
    await choose(team, team.viewer, { submissions: 'all' });
    await choose(team, team.owner, { submissions: 'all' });
    const counts = await teamForm(team, team.editor, { viewerAnswers: false });
    await submit(counts, 'Secret Sam');
    const [toViewer] = await arrived(counts, team.viewer);
    expect(toViewer, "the viewer's mail").toBeDefined();
    expect(toViewer!.raw).not.toContain('Secret Sam');
    expect(toViewer!.raw).toContain('see how many responses it has, not the answers');
    const [toOwner] = await arrived(counts, team.owner);
    expect(toOwner!.raw).toContain('Full name: Secret Sam');

    const open = await teamForm(team, team.editor);
    await submit(open, 'Open Olga');
    const [shown] = await arrived(open, team.viewer);
    expect(shown!.raw).toContain('Full name: Open Olga');
  });

  it("mails nobody when the form's own switch is off, whatever the members chose", async () => {
    const team = await makeTeam();
    await choose(team, team.owner, { submissions: 'all' });
    const off = await teamForm(team, team.editor, { notify: false });
    const on = await teamForm(team, team.editor);
    await submit(off, 'Muted');
    await submit(on, 'Loud');
    // The second form's mails arrived, so the first's would have too.
    expect(await arrived(on, team.owner)).toHaveLength(1);
    expect(await arrived(on, team.editor)).toHaveLength(1);
    for (const member of [team.owner, team.editor, team.viewer]) {
      expect(submissionMails(off, member)).toEqual([]);
    }
  });

  it('mails a mention only to members who keep mention mail on', async () => {
    const team = await makeTeam();
    await choose(team, team.viewer, { mentions: false });
    const formId = await teamForm(team, team.owner);
    const [sid] = await insertSubmissions(app, formId, [{ data: { f_name: 'Bug' } }]);
    const made = await call(
      team.editor,
      'POST',
      `/api/form-submissions/forms/${formId}/submissions/${sid}/comments`,
      { body: '@Olive Owner @Vic Viewer look', mentions: [team.owner.id, team.viewer.id] },
    );
    expect(made.statusCode, made.body).toBe(201);
    // The mention is still shown on the comment; only the mail is left out.
    expect(made.json().mentions).toHaveLength(2);
    const prefix = `http://localhost:3000/forms/${formId}/submissions?submission=`;
    expect(await drainMails(mail, { to: team.owner.email, prefix, count: 1 })).toHaveLength(1);
    expect(mail.smtp.mails.filter((m) => m.to.includes(team.viewer.email))).toEqual([]);
  });

  it('mails a member a submission assigned to them by someone else, once, and never when they turned it off', async () => {
    const team = await makeTeam();
    const formId = await teamForm(team, team.owner);
    const [first, second, third] = await insertSubmissions(
      app,
      formId,
      [1, 2, 3].map((i) => ({ data: { f_name: `Private answer ${i}` } })),
    );
    const assign = (by: TestUser, sid: string, to: TestUser) =>
      call(by, 'PATCH', `/api/form-submissions/forms/${formId}/submissions/${sid}/triage`, {
        assignee_id: to.id,
      });
    const prefix = `http://localhost:3000/forms/${formId}/submissions?submission=`;

    expect((await assign(team.owner, first!, team.editor)).statusCode).toBe(200);
    const [sent] = await drainMails(mail, { to: team.editor.email, prefix, count: 1 });
    expect(sent, 'the assignment mail').toBeDefined();
    expect(findLink(sent!, prefix)).toBe(`${prefix}${first}`);
    expect(sent!.raw).toContain('Olive Owner assigned you a submission');
    expect(sent!.raw).not.toContain('Private answer');

    // The same assignee again, and a stage change, mail nothing more; nor does taking one oneself.
    expect((await assign(team.owner, first!, team.editor)).statusCode).toBe(200);
    expect(
      (
        await call(team.owner, 'PATCH', `/api/form-submissions/forms/${formId}/submissions/${first}/triage`, {
          status: 'done',
        })
      ).statusCode,
    ).toBe(200);
    expect((await assign(team.editor, second!, team.editor)).statusCode).toBe(200);

    await choose(team, team.editor, { assigned: false });
    expect((await assign(team.owner, third!, team.editor)).statusCode).toBe(200);
    // A mail the owner does want, to know the queue was drained past the refused ones.
    expect((await assign(team.editor, third!, team.owner)).statusCode).toBe(200);
    expect(await drainMails(mail, { to: team.owner.email, prefix, count: 1 })).toHaveLength(1);
    expect(mail.smtp.mails.filter((m) => m.to.includes(team.editor.email))).toHaveLength(1);

    // An assignee outside the workspace is still refused, and nothing is mailed.
    const refused = await assign(team.owner, second!, stranger);
    expect(refused.statusCode).toBe(400);
    expect(mail.smtp.mails.filter((m) => m.to.includes(stranger.email))).toEqual([]);
  });
});
