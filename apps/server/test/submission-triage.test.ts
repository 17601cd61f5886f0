import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { dbKind } from './helpers/app.ts';
import { createMailTestApp, drainMails, type MailTestApp } from './helpers/mail-app.ts';
import { findLink } from './helpers/smtp.ts';
import { createTeam, placeForm } from './helpers/teams.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createTestForm, insertSubmissions } from './submissions-fixtures.ts';

describe(`a team triages submissions: stage, assignee, comments and mentions (${dbKind})`, () => {
  let mail: MailTestApp;
  let app: FastifyInstance;
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let formId: number;
  let ids: string[];

  const base = () => `/api/form-submissions/forms/${formId}`;
  const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
  const listed = async (user: TestUser, query: string) => {
    const res = await call(user, 'GET', `${base()}/submissions?sort=oldest&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { id: string }[]).map((i) => ids.indexOf(i.id));
  };

  beforeAll(async () => {
    mail = await createMailTestApp();
    app = mail.app;
    owner = await createTestUser(app, { name: 'Olive Owner' });
    editor = await createTestUser(app, { name: 'Ed Editor' });
    viewer = await createTestUser(app, { name: 'Vic Viewer' });
    stranger = await createTestUser(app, { name: 'Stan Stranger' });
    const workspaceId = await createTeam(app, {
      owner,
      name: 'Support',
      members: [
        [editor, 'editor'],
        [viewer, 'viewer'],
      ],
    });
    formId = await createTestForm(app, owner.id, { title: 'Bug reports' });
    await placeForm(app, formId, workspaceId);
    const at = Date.now() - 60_000;
    ids = await insertSubmissions(
      app,
      formId,
      [0, 1, 2, 3].map((i) => ({ data: { f_name: `n${i}` }, createdAt: new Date(at + i * 1000) })),
    );
  });
  afterAll(() => mail.close());

  it('stores nothing for an untouched submission and reads it as new, unassigned, without comments', async () => {
    const detail = await call(owner, 'GET', `${base()}/submissions/${ids[0]}`);
    expect(detail.json().triage).toEqual({ status: 'new', assignee: null, comment_count: 0 });
    const [row] = await queryRows<{ assignee_id: string | null; triage_status: string | null }>(
      app.db,
      sql`select assignee_id, triage_status from submissions where id = ${ids[0]}`,
    );
    expect(row).toEqual({ assignee_id: null, triage_status: null });
  });

  it('assigns and moves submissions along, and the list filters by assignee and stage', async () => {
    const set = (i: number, body: object, user = editor) =>
      call(user, 'PATCH', `${base()}/submissions/${ids[i]}/triage`, body);
    const mine = await set(1, { assignee_id: editor.id, status: 'in_progress' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({
      status: 'in_progress',
      assignee: { user_id: editor.id, name: 'Ed Editor' },
      comment_count: 0,
    });
    expect((await set(2, { assignee_id: owner.id })).statusCode).toBe(200);
    expect((await set(3, { status: 'done' })).statusCode).toBe(200);

    expect(await listed(editor, 'assignee=me')).toEqual([1]);
    expect(await listed(owner, 'assignee=me')).toEqual([2]);
    expect(await listed(owner, `assignee=${editor.id}`)).toEqual([1]);
    expect(await listed(owner, 'assignee=none')).toEqual([0, 3]);
    expect(await listed(owner, 'triage=new')).toEqual([0, 2]);
    expect(await listed(owner, 'triage=done')).toEqual([3]);
    expect(await listed(owner, 'triage=new&assignee=none')).toEqual([0]);
    // The search path filters the same way.
    expect(await listed(owner, 'triage=in_progress&search=n1')).toEqual([1]);
    const page = await call(owner, 'GET', `${base()}/submissions?sort=oldest&triage=done`);
    expect(page.json().total).toBe(1);
    expect(page.json().items[0].triage.status).toBe('done');

    // Back to new and unassigned stores nothing again.
    expect((await set(3, { status: 'new', assignee_id: null })).json()).toEqual({
      status: 'new',
      assignee: null,
      comment_count: 0,
    });
    const [row] = await queryRows<{ triage_status: string | null }>(
      app.db,
      sql`select triage_status from submissions where id = ${ids[3]}`,
    );
    expect(row!.triage_status).toBeNull();
  });

  it('refuses a stranger as assignee, a bad stage, an empty change, a viewer, and hides the form from a stranger', async () => {
    const url = `${base()}/submissions/${ids[0]}/triage`;
    const outsider = await call(owner, 'PATCH', url, { assignee_id: stranger.id });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().error).toContain('member');
    const stage = await call(owner, 'PATCH', url, { status: 'archived' });
    expect(stage.statusCode).toBe(400);
    expect(stage.json().error).toContain('new, in_progress or done');
    expect((await call(owner, 'PATCH', url, {})).statusCode).toBe(400);
    const byViewer = await call(viewer, 'PATCH', url, { status: 'done' });
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().code).toBe('FORBIDDEN_ROLE');
    expect((await call(stranger, 'PATCH', url, { status: 'done' })).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `${base()}/submissions/${ids[0]}/comments`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `${base()}/members`)).statusCode).toBe(404);
    expect(
      (await call(owner, 'PATCH', `${base()}/submissions/not-an-id/triage`, { status: 'done' })).statusCode,
    ).toBe(404);
    const [row] = await queryRows<{ triage_status: string | null; assignee_id: string | null }>(
      app.db,
      sql`select triage_status, assignee_id from submissions where id = ${ids[0]}`,
    );
    expect(row).toEqual({ triage_status: null, assignee_id: null });
  });

  it('mails each member a comment mentions, with a link to the submission, through real SMTP', async () => {
    const made = await call(editor, 'POST', `${base()}/submissions/${ids[1]}/comments`, {
      body: '  @Olive Owner can you reproduce this? <b>not html</b>  ',
      mentions: [owner.id],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      author: { user_id: editor.id, name: 'Ed Editor' },
      body: '@Olive Owner can you reproduce this? <b>not html</b>',
      mentions: [{ user_id: owner.id, name: 'Olive Owner' }],
      mine: true,
    });
    const prefix = `http://localhost:3000/forms/${formId}/submissions?submission=`;
    // Olive was also mailed the submission Ed assigned her above: this is the mention's.
    const [sent] = await drainMails(mail, { to: owner.email, prefix: 'Ed Editor mentioned you', count: 1 });
    expect(sent, 'the mention mail').toBeDefined();
    expect(findLink(sent!, prefix)).toBe(`${prefix}${ids[1]}`);
    expect(sent!.raw).toContain('Ed Editor mentioned you');
    expect(sent!.raw).toContain('Bug reports');
    // The HTML part shows the comment as text, never as markup.
    expect(sent!.raw).toContain('&lt;b&gt;not html&lt;/b&gt;');

    const list = await call(viewer, 'GET', `${base()}/submissions/${ids[1]}/comments`);
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toHaveLength(1);
    expect(list.json().items[0]).toMatchObject({
      mine: false,
      author: { name: 'Ed Editor' },
      body: '@Olive Owner can you reproduce this? <b>not html</b>',
    });
    // The body is sealed at rest, like the answers it talks about.
    const [stored] = await queryRows<{ body: string }>(
      app.db,
      sql`select body from submission_comments where id = ${made.json().id}`,
    );
    expect(stored!.body).not.toContain('reproduce');
    const detail = await call(owner, 'GET', `${base()}/submissions/${ids[1]}`);
    expect(detail.json().triage.comment_count).toBe(1);
  });

  it('refuses a mention of anyone outside the workspace and keeps nothing', async () => {
    const res = await call(owner, 'POST', `${base()}/submissions/${ids[2]}/comments`, {
      body: '@Stan Stranger look',
      mentions: [stranger.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Only members of this form’s workspace can be mentioned');
    expect(
      (await call(owner, 'POST', `${base()}/submissions/${ids[2]}/comments`, { body: '   ' })).statusCode,
    ).toBe(400);
    expect(
      (await call(viewer, 'POST', `${base()}/submissions/${ids[2]}/comments`, { body: 'hi' })).statusCode,
    ).toBe(403);
    const list = await call(owner, 'GET', `${base()}/submissions/${ids[2]}/comments`);
    expect(list.json().items).toEqual([]);
    await app.jobs.drain();
    expect(mail.smtp.mails.filter((m) => m.to.includes(stranger.email))).toEqual([]);
  });

  it('lets the author or an admin delete a comment, and nobody else', async () => {
    const url = `${base()}/submissions/${ids[2]}/comments`;
    const mine = (await call(editor, 'POST', url, { body: 'first look' })).json().id as string;
    const theirs = (await call(owner, 'POST', url, { body: 'owner note' })).json().id as string;
    const refused = await call(editor, 'DELETE', `${url}/${theirs}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toContain('author or an admin');
    expect((await call(editor, 'DELETE', `${url}/${mine}`)).statusCode).toBe(204);
    expect((await call(owner, 'DELETE', `${url}/${mine}`)).statusCode).toBe(404);
    const left = (await call(owner, 'GET', url)).json().items.map((c: { body: string }) => c.body);
    expect(left).toEqual(['owner note']);
  });

  it('lists the members who can be assigned, and unassigns a member who leaves the team', async () => {
    const members = await call(viewer, 'GET', `${base()}/members`);
    expect(members.statusCode).toBe(200);
    expect(members.json().items.map((m: { name: string }) => m.name)).toEqual([
      'Ed Editor',
      'Olive Owner',
      'Vic Viewer',
    ]);
    const access = await call(viewer, 'GET', `/api/forms/${formId}/access`);
    expect(access.json()).toMatchObject({ role: 'viewer' });
    expect((await call(stranger, 'GET', `/api/forms/${formId}/access`)).statusCode).toBe(404);
    const workspaceId = (
      await queryRows<{ workspace_id: number }>(
        app.db,
        sql`select workspace_id from forms where id = ${formId}`,
      )
    )[0]!.workspace_id;
    const left = await call(editor, 'POST', `/api/workspaces/${workspaceId}/leave`);
    expect(left.statusCode, left.body).toBe(204);
    expect(await listed(owner, `assignee=${editor.id}`)).toEqual([]);
    const detail = await call(owner, 'GET', `${base()}/submissions/${ids[1]}`);
    expect(detail.json().triage).toMatchObject({ status: 'in_progress', assignee: null });
  });
});
