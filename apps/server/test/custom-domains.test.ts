import type { IncomingMessage } from 'node:http';
import { CUSTOM_DOMAIN_LIMIT, DOMAIN_MESSAGES } from '@formsmith/core/workspaces/domains';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHostResolver } from '../src/plugins/host-routing.ts';
import { dbKind } from './helpers/app.ts';
import { buildFillPageWeb } from './helpers/fill-page-web.ts';
import { createMailTestApp, drainMails } from './helpers/mail-app.ts';
import type { TestSmtpServer } from './helpers/smtp.ts';
import { createTeam } from './helpers/teams.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createPublishedForm, validData } from './intake-fixtures.ts';

const INSTANCE = 'formsmith.example.test';

describe(`custom domains (${dbKind})`, () => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let close: () => Promise<void>;
  let owner: TestUser;
  let admin: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let team: number;
  let otherTeam: number;
  let teamForm: { id: number; slug: string };
  let otherForm: { id: number; slug: string };
  const tag = Math.random().toString(36).slice(2, 8);
  // Host names no other run of this file (tests share one PostgreSQL database) uses.
  const host = (name: string) => `${name}-${tag}.example.test`;

  beforeAll(async () => {
    ({ app, smtp, close } = await createMailTestApp({
      env: { WEB_DIST: buildFillPageWeb(), PUBLIC_URL: `https://${INSTANCE}` },
    }));
    owner = await createTestUser(app);
    admin = await createTestUser(app);
    editor = await createTestUser(app);
    viewer = await createTestUser(app);
    stranger = await createTestUser(app);
    team = await createTeam(app, {
      owner,
      name: 'Registrations',
      members: [
        [admin, 'admin'],
        [editor, 'editor'],
        [viewer, 'viewer'],
      ],
    });
    otherTeam = await createTeam(app, { owner: stranger, name: 'Someone else' });
    const slug = `register-${tag}`;
    teamForm = {
      slug,
      id: await createPublishedForm(app, owner, {
        workspaceId: team,
        slug,
        title: 'Team registration',
        savePartials: true,
      }),
    };
    otherForm = {
      slug: `other-${tag}`,
      id: await createPublishedForm(app, stranger, {
        workspaceId: otherTeam,
        slug: `other-${tag}`,
        title: 'Another workspace’s form',
      }),
    };
  }, 120_000);
  afterAll(() => close());

  const add = (user: TestUser, payload: Record<string, unknown>, workspace = team) =>
    app.inject({ method: 'POST', url: `/api/workspaces/${workspace}/domains`, headers: user.auth, payload });
  const remove = (user: TestUser, name: string) =>
    app.inject({ method: 'DELETE', url: `/api/workspaces/${team}/domains/${name}`, headers: user.auth });
  const on = (name: string, url: string, extra: Record<string, unknown> = {}) =>
    app.inject({ method: 'GET', url, headers: { host: `${name}:3320` }, ...extra });

  it('adds a host name for an owner or admin, lower-case and in punycode, and audits it', async () => {
    const made = await add(owner, { host: ` Register-${tag}.Example.TEST. `, form_id: teamForm.id });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      host: host('register'),
      form_id: teamForm.id,
      form_title: 'Team registration',
    });
    const idn = await add(admin, { host: `bücher-${tag}.example.test` });
    expect(idn.statusCode, idn.body).toBe(201);
    expect(idn.json().host).toBe(new URL(`http://bücher-${tag}.example.test`).hostname);
    expect(idn.json().host).toMatch(/^xn--/);

    const list = await app.inject({
      method: 'GET',
      url: `/api/workspaces/${team}/domains`,
      headers: admin.auth,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().domains.map((d: { host: string }) => d.host)).toEqual([
      host('register'),
      idn.json().host,
    ]);
    expect(list.json().limit).toBe(CUSTOM_DOMAIN_LIMIT);

    const audit = await app.inject({
      method: 'GET',
      url: `/api/workspaces/${team}/audit`,
      headers: owner.auth,
    });
    expect(JSON.stringify(audit.json())).toContain('domain.added');
    expect(await remove(owner, idn.json().host).then((r) => r.statusCode)).toBe(204);
  });

  it('refuses malformed host names, the instance’s own, a form of another workspace, and a taken host', async () => {
    const cases: [string, string][] = [
      ['https://x.example.org/form', DOMAIN_MESSAGES.invalid],
      ['x.example.org:8443', DOMAIN_MESSAGES.port],
      ['10.0.0.1', DOMAIN_MESSAGES.ip],
      ['intranet', DOMAIN_MESSAGES.dot],
      [INSTANCE.toUpperCase(), DOMAIN_MESSAGES.instanceHost],
    ];
    for (const [typed, message] of cases) {
      const res = await add(owner, { host: typed });
      expect(res.statusCode, typed).toBe(400);
      expect(res.json()).toMatchObject({ error: message, fields: { host: message } });
    }
    const foreign = await add(owner, { host: host('foreign'), form_id: otherForm.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields.form_id).toBe(DOMAIN_MESSAGES.formNotInWorkspace);

    const taken = await add(stranger, { host: host('register') }, otherTeam);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONFLICT', error: DOMAIN_MESSAGES.taken });
  });

  it('answers a stranger 404 and editors and viewers 403', async () => {
    const payload = { host: host('nope') };
    expect((await add(stranger, payload)).statusCode).toBe(404);
    const asStranger = await app.inject({
      method: 'GET',
      url: `/api/workspaces/${team}/domains`,
      headers: stranger.auth,
    });
    expect(asStranger.statusCode).toBe(404);
    for (const member of [editor, viewer]) {
      const res = await add(member, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN_ROLE');
      expect((await remove(member, host('register'))).statusCode).toBe(403);
    }
    expect((await remove(stranger, host('register'))).statusCode).toBe(404);
  });

  it('serves the pointed form at / and the workspace’s forms by slug on the custom host', async () => {
    const root = await on(host('register'), '/');
    expect(root.statusCode, root.body).toBe(200);
    expect(root.body).toContain('Team registration');
    const bySlug = await on(host('register'), `/${teamForm.slug}`);
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.body).toContain('Team registration');
    expect((await on(host('register'), `/form/${teamForm.slug}/embed`)).statusCode).toBe(200);
    const view = await on(host('register'), `/api/forms/shared/${teamForm.slug}`);
    expect(view.statusCode).toBe(200);

    const submit = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${teamForm.id}/submit`,
      headers: { host: host('register') },
      payload: { data: validData() },
    });
    expect(submit.statusCode, submit.body).toBe(201);
  });

  it('answers 404 on the custom host for another workspace’s form, the dashboard and the owner API', async () => {
    for (const url of [
      `/${otherForm.slug}`,
      `/form/${otherForm.slug}`,
      `/api/forms/shared/${otherForm.slug}`,
    ]) {
      expect((await on(host('register'), url)).statusCode, url).toBe(404);
    }
    const foreignSubmit = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${otherForm.id}/submit`,
      headers: { host: host('register') },
      payload: { data: validData() },
    });
    expect(foreignSubmit.statusCode).toBe(404);
    for (const url of [
      '/dashboard',
      '/dashboard/workspace',
      '/login',
      '/api/forms',
      '/api/workspaces',
      '/api/docs',
    ]) {
      const res = await on(host('register'), url, { headers: { host: host('register'), ...owner.auth } });
      expect(res.statusCode, url).toBe(404);
    }
    // The same calls on the instance's own host work as ever.
    expect((await app.inject({ method: 'GET', url: '/api/forms', headers: owner.auth })).statusCode).toBe(
      200,
    );
    const ownHost = await app.inject({
      method: 'GET',
      url: `/form/${otherForm.slug}`,
      headers: { host: INSTANCE },
    });
    expect(ownHost.statusCode).toBe(200);
  });

  it('answers an unknown host 404 but for the health checks', async () => {
    expect((await on('evil.example.net', `/form/${teamForm.slug}`)).statusCode).toBe(404);
    const root = await on('evil.example.net', '/');
    expect(root.statusCode).toBe(404);
    expect(root.body).toContain('add it to ALLOWED_HOSTS');
    expect((await on('evil.example.net', '/api/instance')).statusCode).toBe(404);
    expect((await on('evil.example.net', '/api/health/live')).statusCode).toBe(200);
  });

  it('shows a "no form here" page at / of a host pointed at no form', async () => {
    expect((await add(owner, { host: host('all') })).statusCode).toBe(201);
    const root = await on(host('all'), '/');
    expect(root.statusCode).toBe(404);
    expect(root.body).toContain('No form here');
    expect((await on(host('all'), `/${teamForm.slug}`)).statusCode).toBe(200);
    expect((await remove(owner, host('all'))).statusCode).toBe(204);
  });

  it('links the form on its domain in the share data and the resume mail', async () => {
    const form = await app.inject({ method: 'GET', url: `/api/forms/${teamForm.id}`, headers: owner.auth });
    expect(form.json().sharing.share_url).toBe(`https://${host('register')}/${teamForm.slug}`);
    const list = await app.inject({
      method: 'GET',
      url: `/api/forms?workspace=${team}`,
      headers: owner.auth,
    });
    const listed = list.json().forms.find((f: { id: number }) => f.id === teamForm.id);
    if (listed) expect(listed.sharing.share_url).toBe(`https://${host('register')}/${teamForm.slug}`);
    const other = await app.inject({
      method: 'GET',
      url: `/api/forms/${otherForm.id}`,
      headers: stranger.auth,
    });
    expect(other.json().sharing.share_url).toBe(`https://${INSTANCE}/form/${otherForm.slug}`);

    const post = (path: string, payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: `/api/form-submissions/forms/${teamForm.id}/${path}`,
        headers: { host: host('register') },
        payload,
      });
    const saved = await post('progress', { data: { name: 'Ada', _formLoadTime: Date.now() - 60_000 } });
    expect(saved.statusCode, saved.body).toBe(201);
    const address = `resume-${tag}@example.org`;
    const sent = await post('progress/email', { resume_token: saved.json().resume_token, email: address });
    expect(sent.statusCode, sent.body).toBe(202);
    const [mail] = await drainMails({ app, smtp }, { to: address, prefix: 'Team registration', count: 1 });
    const text = mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(text).toContain(`https://${host('register')}/${teamForm.slug}?resume=`);
    expect(text).not.toContain(`${INSTANCE}/form/`);
  });

  it('answers Caddy’s ask 200 for the instance and configured hosts, 404 for others', async () => {
    const ask = (domain: string) =>
      app.inject({ method: 'GET', url: `/api/tls/allowed?domain=${encodeURIComponent(domain)}` });
    expect((await ask(host('register'))).statusCode).toBe(200);
    expect((await ask(INSTANCE)).statusCode).toBe(200);
    const unknown = await ask('unknown.example.net');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toMatch(/workspace|Registrations/i);
    expect((await ask('')).statusCode).toBe(404);
  });

  it('forgets a removed host at once, and learns an added one at once', async () => {
    expect((await add(admin, { host: host('brief'), form_id: teamForm.id })).statusCode).toBe(201);
    expect((await on(host('brief'), '/')).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: `/api/tls/allowed?domain=${host('brief')}` })).statusCode,
    ).toBe(200);
    expect((await remove(admin, host('brief'))).statusCode).toBe(204);
    expect((await on(host('brief'), '/')).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/tls/allowed?domain=${host('brief')}` })).statusCode,
    ).toBe(404);
    expect((await remove(admin, host('brief'))).statusCode).toBe(404);
    const audit = await app.inject({
      method: 'GET',
      url: `/api/workspaces/${team}/audit`,
      headers: owner.auth,
    });
    expect(JSON.stringify(audit.json())).toContain('domain.removed');
  });

  it('points a host at another form of the workspace, or at none', async () => {
    const url = `/api/workspaces/${team}/domains/${host('register')}`;
    const none = await app.inject({ method: 'PATCH', url, headers: owner.auth, payload: { form_id: null } });
    expect(none.statusCode).toBe(204);
    expect((await on(host('register'), '/')).statusCode).toBe(404);
    const back = await app.inject({
      method: 'PATCH',
      url,
      headers: owner.auth,
      payload: { form_id: teamForm.id },
    });
    expect(back.statusCode).toBe(204);
    expect((await on(host('register'), '/')).statusCode).toBe(200);
  });

  it('stops at the limit of host names per workspace with 409', async () => {
    const listed = await app.inject({
      method: 'GET',
      url: `/api/workspaces/${team}/domains`,
      headers: owner.auth,
    });
    const n = listed.json().domains.length as number;
    for (let i = n; i < CUSTOM_DOMAIN_LIMIT; i += 1) {
      expect((await add(owner, { host: host(`many${i}`) })).statusCode).toBe(201);
    }
    const over = await add(owner, { host: host('over') });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe(DOMAIN_MESSAGES.limit);
  });

  it('reads X-Forwarded-Host only from a trusted proxy', () => {
    const raw = (remote: string) =>
      ({
        url: '/',
        headers: { host: '10.0.0.5:3000', 'x-forwarded-host': host('register') },
        socket: { remoteAddress: remote },
      }) as unknown as IncomingMessage;
    const trusting = requestHostResolver({ ...app.config, trustProxy: '127.0.0.1' }, app.customDomains);
    expect(trusting(raw('127.0.0.1'))).toMatchObject({ kind: 'custom', domain: { workspaceId: team } });
    expect(trusting(raw('192.0.2.7'))).toEqual({ kind: 'unknown' });
    const untrusting = requestHostResolver({ ...app.config, trustProxy: undefined }, app.customDomains);
    expect(untrusting(raw('127.0.0.1'))).toEqual({ kind: 'unknown' });
    const open = requestHostResolver({ ...app.config, allowedHosts: 'any' }, app.customDomains);
    expect(open(raw('127.0.0.1'))).toEqual({ kind: 'instance' });
  });
});
