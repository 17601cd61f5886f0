import { Readable } from 'node:stream';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  forms,
  notificationSettings,
  securitySettings,
  sessions,
  submissions,
  uploads,
  users,
} from '../src/db/schema.ts';
import { openUpload, saveUpload } from '../src/lib/storage/index.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTeam, placeForm } from './helpers/teams.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createTestForm, insertSubmissions } from './submissions-fixtures.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe(`account API (${dbKind})`, () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (method: Method, url: string, user?: TestUser | string, payload?: object) =>
    app.inject({
      method,
      url,
      payload,
      headers: user ? { authorization: `Bearer ${typeof user === 'string' ? user : user.token}` } : {},
    });

  describe('every account call needs a signed-in user', () => {
    it.each([
      ['GET', '/api/security/settings'],
      ['PUT', '/api/security/settings'],
      ['GET', '/api/account/notifications'],
      ['PUT', '/api/account/notifications'],
      ['GET', '/api/account/notifications/recent'],
      ['GET', '/api/security/data-protection/requests'],
      ['POST', '/api/security/data-protection/requests'],
      ['GET', '/api/security/data-protection/requests/00000000-0000-4000-8000-000000000000/download'],
      ['GET', '/api/account/sessions'],
      ['DELETE', '/api/account/sessions/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/account/search?q=x'],
    ] as [Method, string][])('%s %s answers 401 without a token', async (method, url) => {
      const res = await call(
        method,
        url,
        undefined,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    });

    it('refuses a made-up token', async () => {
      const res = await call('GET', '/api/security/settings', 'not-a-real-token');
      expect(res.statusCode).toBe(401);
    });
  });

  describe('security settings', () => {
    it('answers the defaults before anything was saved', async () => {
      const user = await createTestUser(app);
      const res = await call('GET', '/api/security/settings', user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        security_notifications: true,
        data_retention_period: 30,
        gdpr_enabled: false,
        encryption_level: 'standard',
      });
    });

    it('saves the settings and reads them back, for this user only', async () => {
      const user = await createTestUser(app);
      const other = await createTestUser(app);
      const body = {
        security_notifications: false,
        data_retention_period: 365,
        gdpr_enabled: true,
        encryption_level: 'enhanced',
      };
      const put = await call('PUT', '/api/security/settings', user, body);
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual(body);
      expect((await call('GET', '/api/security/settings', user)).json()).toEqual(body);
      expect((await call('GET', '/api/security/settings', other)).json().data_retention_period).toBe(30);
    });

    it('accepts camelCase and keeps what a partial update leaves out', async () => {
      const user = await createTestUser(app);
      await call('PUT', '/api/security/settings', user, { gdprEnabled: true, dataRetentionPeriod: 90 });
      const res = await call('PUT', '/api/security/settings', user, { encryption_level: 'enhanced' });
      expect(res.json()).toEqual({
        security_notifications: true,
        data_retention_period: 90,
        gdpr_enabled: true,
        encryption_level: 'enhanced',
      });
    });

    it.each([
      [{ data_retention_period: 29 }, 'data_retention_period'],
      [{ data_retention_period: 366 }, 'data_retention_period'],
      [{ data_retention_period: 45.5 }, 'data_retention_period'],
      [{ data_retention_period: '60' }, 'data_retention_period'],
      [{ encryption_level: 'military' }, 'encryption_level'],
      [{ gdpr_enabled: 'yes' }, 'gdpr_enabled'],
    ])('answers 400 for %j and stores nothing', async (body, field) => {
      const user = await createTestUser(app);
      const res = await call('PUT', '/api/security/settings', user, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
      const rows = await app.db.select().from(securitySettings).where(eq(securitySettings.userId, user.id));
      expect(rows).toEqual([]);
    });

    it('names the allowed range in the retention error', async () => {
      const user = await createTestUser(app);
      const res = await call('PUT', '/api/security/settings', user, { data_retention_period: 10 });
      expect(res.json().fields.data_retention_period).toBe(
        'Data retention period must be between 30 and 365 days',
      );
    });
  });

  describe('notification settings', () => {
    it('answers the defaults, security alerts following the security setting', async () => {
      const user = await createTestUser(app);
      expect((await call('GET', '/api/account/notifications', user)).json()).toEqual({
        form_submissions: true,
        security_alerts: true,
        marketing_emails: false,
        weekly_digest: true,
      });
      await call('PUT', '/api/security/settings', user, { security_notifications: false });
      expect((await call('GET', '/api/account/notifications', user)).json().security_alerts).toBe(false);
    });

    it('saves the four switches in notification_settings', async () => {
      const user = await createTestUser(app);
      const body = {
        form_submissions: false,
        security_alerts: false,
        marketing_emails: true,
        weekly_digest: false,
      };
      const res = await call('PUT', '/api/account/notifications', user, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(body);
      const [row] = await app.db
        .select()
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, user.id));
      expect(row).toMatchObject({
        formSubmissions: false,
        securityAlerts: false,
        marketingEmails: true,
        weeklyDigest: false,
      });
      expect((await call('GET', '/api/account/notifications', user)).json()).toEqual(body);
    });

    it('accepts camelCase and partial updates', async () => {
      const user = await createTestUser(app);
      const res = await call('PUT', '/api/account/notifications', user, { marketingEmails: true });
      expect(res.json()).toEqual({
        form_submissions: true,
        security_alerts: true,
        marketing_emails: true,
        weekly_digest: true,
      });
    });

    it('answers 400 for a value that is not a boolean', async () => {
      const user = await createTestUser(app);
      const res = await call('PUT', '/api/account/notifications', user, { weekly_digest: 'off' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('weekly_digest');
    });
  });

  describe('data protection requests', () => {
    it('lists nothing for a new account', async () => {
      const user = await createTestUser(app);
      const res = await call('GET', '/api/security/data-protection/requests', user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('completes access and portability requests at once and lists them newest first', async () => {
      const user = await createTestUser(app);
      const access = await call('POST', '/api/security/data-protection/requests', user, {
        request_type: 'access',
        details: 'Please send me my data',
      });
      expect(access.statusCode).toBe(201);
      expect(access.json()).toMatchObject({
        request_type: 'access',
        details: 'Please send me my data',
        status: 'completed',
      });
      expect(Date.parse(access.json().completion_date)).toBeGreaterThan(Date.now() - 60_000);
      const portability = await call('POST', '/api/security/data-protection/requests', user, {
        requestType: 'portability',
      });
      expect(portability.statusCode).toBe(201);
      const list = (await call('GET', '/api/security/data-protection/requests', user)).json();
      expect(list.map((r: { request_type: string }) => r.request_type)).toEqual(['portability', 'access']);
      expect(list[1]).toEqual(access.json());
    });

    it.each([
      ['no type', {}, 'request_type'],
      ['an unknown type', { request_type: 'erase' }, 'request_type'],
      ['details over 2000 characters', { request_type: 'access', details: 'x'.repeat(2001) }, 'details'],
    ])('answers 400 for %s', async (_label, body, field) => {
      const user = await createTestUser(app);
      const res = await call('POST', '/api/security/data-protection/requests', user, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    });

    it("never lists another account's requests", async () => {
      const user = await createTestUser(app);
      const other = await createTestUser(app);
      await call('POST', '/api/security/data-protection/requests', other, { request_type: 'access' });
      expect((await call('GET', '/api/security/data-protection/requests', user)).json()).toEqual([]);
    });
  });

  describe('data download', () => {
    async function accountWithData(name: string) {
      const user = await createTestUser(app, { name });
      const formId = await createTestForm(app, user.id, { title: `${name}'s survey` });
      const [submissionId] = await insertSubmissions(app, formId, [{ data: { f_name: `${name} answer` } }]);
      return { user, formId, submissionId: submissionId! };
    }

    async function download(user: TestUser, requestType = 'access') {
      const created = await call('POST', '/api/security/data-protection/requests', user, {
        request_type: requestType,
      });
      return call('GET', `/api/security/data-protection/requests/${created.json().id}/download`, user);
    }

    it("holds the account's profile, forms with fields, submissions, settings and sessions", async () => {
      const { user, formId, submissionId } = await accountWithData('Alice');
      await call('PUT', '/api/security/settings', user, { gdpr_enabled: true });
      const res = await download(user);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="formsmith-data-.*\.json"$/);
      const data = res.json();
      expect(data.profile).toMatchObject({ id: user.id, email: user.email, name: 'Alice' });
      expect(data.forms).toHaveLength(1);
      expect(data.forms[0]).toMatchObject({ id: formId, title: "Alice's survey" });
      expect(data.forms[0].fields.map((f: { id: string }) => f.id)).toContain('f_name');
      expect(data.submissions).toEqual([
        expect.objectContaining({ id: submissionId, form_id: formId, data: { f_name: 'Alice answer' } }),
      ]);
      expect(data.security_settings.gdpr_enabled).toBe(true);
      expect(data.notification_settings.weekly_digest).toBe(true);
      expect(data.data_protection_requests).toHaveLength(1);
      expect(data.sessions).toHaveLength(1);
    });

    it('names the forms it made for a team without their answers, and holds the comments it wrote', async () => {
      const { user, formId, submissionId } = await accountWithData('Tess');
      const lead = await createTestUser(app, { name: 'Lead' });
      const team = await createTeam(app, { owner: lead, name: 'Clinic', members: [[user, 'editor']] });
      const teamForm = await createTestForm(app, user.id, { title: 'Intake for the clinic' });
      await placeForm(app, teamForm, team);
      await insertSubmissions(app, teamForm, [{ data: { f_name: 'A patient of the clinic' } }]);
      const commented = await call(
        'POST',
        `/api/form-submissions/forms/${formId}/submissions/${submissionId}/comments`,
        user,
        { body: 'Call back on Monday' },
      );
      expect(commented.statusCode, commented.body).toBe(201);

      const data = (await download(user)).json();
      expect(data.forms.map((f: { id: number }) => f.id)).toEqual([formId]);
      expect(data.forms_made_for_teams).toEqual([
        expect.objectContaining({ id: teamForm, title: 'Intake for the clinic', workspace_id: team }),
      ]);
      expect(JSON.stringify(data)).not.toContain('A patient of the clinic');
      expect(data.comments).toEqual([
        expect.objectContaining({
          submission_id: submissionId,
          form_id: formId,
          body: 'Call back on Monday',
        }),
      ]);
    });

    it("streams every submission of every form, with each form's count", async () => {
      const user = await createTestUser(app, { name: 'Many' });
      const first = await createTestForm(app, user.id, { title: 'First' });
      const empty = await createTestForm(app, user.id, { title: 'Empty' });
      const second = await createTestForm(app, user.id, { title: 'Second' });
      const firstIds = await insertSubmissions(
        app,
        first,
        Array.from({ length: 30 }, (_, i) => ({ data: { f_name: `first ${i}` } })),
      );
      const secondIds = await insertSubmissions(app, second, [{ data: { f_name: 'line one\nline "two"' } }]);
      const res = await download(user);
      expect(res.statusCode).toBe(200);
      const data = res.json();
      expect(
        data.forms.map((f: { id: number; submission_count: number }) => [f.id, f.submission_count]),
      ).toEqual([
        [first, 30],
        [empty, 0],
        [second, 1],
      ]);
      expect(data.submissions.map((s: { id: string }) => s.id).sort()).toEqual(
        [...firstIds, ...secondIds].sort(),
      );
      expect(data.submissions.at(-1).data.f_name).toBe('line one\nline "two"');
      expect(data.sessions).toHaveLength(1);
    });

    it('contains nothing of another account and no secrets', async () => {
      const alice = await accountWithData('Alice');
      const bob = await accountWithData('Bob');
      const res = await download(alice.user, 'portability');
      expect(res.statusCode).toBe(200);
      const text = res.body;
      expect(text).not.toContain(bob.user.email);
      expect(text).not.toContain(bob.submissionId);
      expect(text).not.toContain('Bob answer');
      expect(text).not.toContain("Bob's survey");
      expect(text).not.toContain(alice.user.token);
      expect(text).not.toMatch(/token_hash|tokenHash|password_hash|passwordHash|access_code_hash/);
    });

    it("answers 404 for another account's request, a deletion, or a malformed id", async () => {
      const alice = await createTestUser(app);
      const bob = await createTestUser(app);
      const created = await call('POST', '/api/security/data-protection/requests', bob, {
        request_type: 'access',
      });
      const stolen = await call(
        'GET',
        `/api/security/data-protection/requests/${created.json().id}/download`,
        alice,
      );
      expect(stolen.statusCode).toBe(404);
      const bad = await call('GET', '/api/security/data-protection/requests/not-a-uuid/download', alice);
      expect(bad.statusCode).toBe(404);
    });
  });

  describe('account deletion', () => {
    it('refuses without the account email typed again and keeps the account', async () => {
      const user = await createTestUser(app);
      for (const confirm_email of [undefined, '', 'someone-else@example.com']) {
        const res = await call('POST', '/api/security/data-protection/requests', user, {
          request_type: 'delete',
          confirm_email,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields.confirm_email).toBe('Type your email address to confirm the deletion');
      }
      expect((await call('GET', '/api/security/settings', user)).statusCode).toBe(200);
      expect(await app.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    });

    it('removes the account, its forms, submissions, sessions, settings, files and public forms', async () => {
      const user = await createTestUser(app);
      const bystander = await createTestUser(app);
      const formId = await createTestForm(app, user.id, { title: 'Doomed', isPublished: true });
      const slug = `doomed-${user.id.slice(0, 8)}`;
      await app.db.update(forms).set({ slug }).where(eq(forms.id, formId));
      const [submissionId] = await insertSubmissions(app, formId, [{ data: { f_name: 'gone' } }]);
      const { key } = await saveUpload(app, Readable.from([Buffer.from('file body')]), {
        maxBytes: 100,
      });
      await app.db.insert(uploads).values({
        formId,
        submissionId,
        fieldId: 'f_file',
        filename: 'a.txt',
        mimeType: 'text/plain',
        size: 9,
        storageKey: key,
      });
      const keptForm = await createTestForm(app, bystander.id, { title: 'Kept' });
      await call('PUT', '/api/security/settings', user, { gdpr_enabled: true });
      await call('PUT', '/api/account/notifications', user, { weekly_digest: false });

      expect((await app.inject({ method: 'GET', url: `/api/forms/shared/${slug}` })).statusCode).toBe(200);
      const res = await call('POST', '/api/security/data-protection/requests', user, {
        request_type: 'delete',
        confirm_email: user.email.toUpperCase(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ request_type: 'delete', status: 'completed' });

      expect((await call('GET', '/api/auth/current', user)).statusCode).toBe(401);
      expect((await call('GET', '/api/security/settings', user)).statusCode).toBe(401);
      expect(await app.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
      expect(await app.db.select().from(forms).where(eq(forms.id, formId))).toEqual([]);
      expect(await app.db.select().from(submissions).where(eq(submissions.formId, formId))).toEqual([]);
      expect(await app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
      expect(
        await app.db.select().from(securitySettings).where(eq(securitySettings.userId, user.id)),
      ).toEqual([]);
      expect(
        await app.db.select().from(notificationSettings).where(eq(notificationSettings.userId, user.id)),
      ).toEqual([]);
      expect(await openUpload(app, key)).toBeNull();
      expect((await app.inject({ method: 'GET', url: `/api/forms/${formId}` })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: `/api/forms/shared/${slug}` })).statusCode).toBe(404);
      // Nothing of the other account went with it.
      expect(
        await app.db
          .select()
          .from(forms)
          .where(inArray(forms.id, [keptForm])),
      ).toHaveLength(1);
      expect((await call('GET', '/api/security/settings', bystander)).statusCode).toBe(200);
    });
  });

  describe('sessions', () => {
    const CHROME_LINUX =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
    const SAFARI_IPHONE =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

    async function login(user: TestUser, userAgent: string): Promise<string> {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'user-agent': userAgent },
        payload: { email: user.email, password: user.password },
      });
      expect(res.statusCode).toBe(200);
      return res.json().token;
    }

    it('lists the live sessions with device, ip and which one is current', async () => {
      const user = await createTestUser(app);
      const chrome = await login(user, CHROME_LINUX);
      const iphone = await login(user, SAFARI_IPHONE);
      await call('POST', '/api/auth/logout', iphone);
      const res = await call('GET', '/api/account/sessions', chrome);
      expect(res.statusCode).toBe(200);
      const list = res.json() as {
        device: string;
        current: boolean;
        ip: string | null;
        last_used_at: string;
      }[];
      // The helper's own session plus Chrome; the signed-out iPhone is gone.
      expect(list).toHaveLength(2);
      const current = list.filter((s) => s.current);
      expect(current).toHaveLength(1);
      expect(current[0]).toMatchObject({ device: 'Chrome on Linux', ip: '127.0.0.1' });
      expect(Number.isNaN(Date.parse(current[0]!.last_used_at))).toBe(false);
    });

    it('revokes another session of the same user, whose token then stops working', async () => {
      const user = await createTestUser(app);
      const phone = await login(user, SAFARI_IPHONE);
      const list = (await call('GET', '/api/account/sessions', user)).json() as {
        id: string;
        device: string;
      }[];
      const phoneSession = list.find((s) => s.device === 'Safari on iOS')!;
      const res = await call('DELETE', `/api/account/sessions/${phoneSession.id}`, user);
      expect(res.statusCode).toBe(200);
      expect((await call('GET', '/api/auth/current', phone)).statusCode).toBe(401);
      expect((await call('GET', '/api/auth/current', user)).statusCode).toBe(200);
      const after = (await call('GET', '/api/account/sessions', user)).json();
      expect(after.map((s: { id: string }) => s.id)).not.toContain(phoneSession.id);
      // Revoking it twice: it is no longer there.
      expect((await call('DELETE', `/api/account/sessions/${phoneSession.id}`, user)).statusCode).toBe(404);
    });

    it("answers 404 for someone else's session and leaves it alive", async () => {
      const alice = await createTestUser(app);
      const bob = await createTestUser(app);
      const [bobSession] = (await call('GET', '/api/account/sessions', bob)).json() as { id: string }[];
      const res = await call('DELETE', `/api/account/sessions/${bobSession!.id}`, alice);
      expect(res.statusCode).toBe(404);
      expect((await call('GET', '/api/auth/current', bob)).statusCode).toBe(200);
      expect((await call('DELETE', '/api/account/sessions/nope', alice)).statusCode).toBe(404);
    });

    it('lets a user revoke the current session, which signs it out', async () => {
      const user = await createTestUser(app);
      const [own] = (await call('GET', '/api/account/sessions', user)).json() as { id: string }[];
      expect((await call('DELETE', `/api/account/sessions/${own!.id}`, user)).statusCode).toBe(200);
      expect((await call('GET', '/api/account/sessions', user)).statusCode).toBe(401);
    });
  });

  describe('search', () => {
    it("finds the user's forms by title or description and submissions by answer", async () => {
      const user = await createTestUser(app);
      const other = await createTestUser(app);
      const byTitle = await createTestForm(app, user.id, { title: 'Zebra Census' });
      const byDescription = await createTestForm(app, user.id, { title: 'Other' });
      await app.db.update(forms).set({ description: 'counting zebras' }).where(eq(forms.id, byDescription));
      await createTestForm(app, user.id, { title: 'Unrelated' });
      const [sid] = await insertSubmissions(app, byDescription, [
        { data: { f_name: 'Ann', f_notes: 'I saw a ZEBRA yesterday near the river' } },
        { data: { f_name: 'Bo', f_notes: 'nothing' } },
      ]);
      const othersForm = await createTestForm(app, other.id, { title: 'Zebra secrets' });
      await insertSubmissions(app, othersForm, [{ data: { f_name: 'zebra spy' } }]);

      const res = await call('GET', '/api/account/search?q=zebra', user);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.forms.map((f: { id: number }) => f.id).sort()).toEqual([byTitle, byDescription].sort());
      expect(body.submissions).toEqual([
        {
          id: sid,
          form_id: byDescription,
          form_title: 'Other',
          created_at: expect.any(String),
          snippet: 'I saw a ZEBRA yesterday near the river',
        },
      ]);
    });

    it('treats LIKE wildcards literally and does not match field ids', async () => {
      const user = await createTestUser(app);
      const formId = await createTestForm(app, user.id, { title: '100% sure' });
      await insertSubmissions(app, formId, [{ data: { f_name: 'plain' } }]);
      expect((await call('GET', '/api/account/search?q=%25', user)).json().forms).toHaveLength(1);
      expect((await call('GET', '/api/account/search?q=_', user)).json()).toEqual({
        forms: [],
        submissions: [],
      });
      expect((await call('GET', '/api/account/search?q=f_name', user)).json().submissions).toEqual([]);
    });

    it('answers 400 for a missing, blank or overlong query', async () => {
      const user = await createTestUser(app);
      for (const q of ['', '?q=', '?q=%20%20', `?q=${'a'.repeat(201)}`]) {
        const res = await call('GET', `/api/account/search${q}`, user);
        expect(res.statusCode).toBe(400);
      }
    });
  });

  describe('recent submissions feed', () => {
    it("lists the latest 20 submissions across the user's forms, newest first", async () => {
      const user = await createTestUser(app);
      const other = await createTestUser(app);
      const a = await createTestForm(app, user.id, { title: 'Form A' });
      const b = await createTestForm(app, user.id, { title: 'Form B' });
      const base = Date.now() - 3600_000;
      await insertSubmissions(
        app,
        a,
        Array.from({ length: 15 }, (_, i) => ({
          data: { f_name: `a${i}` },
          createdAt: new Date(base + i * 2000),
        })),
      );
      const bIds = await insertSubmissions(
        app,
        b,
        Array.from({ length: 10 }, (_, i) => ({
          data: { f_name: `b${i}` },
          createdAt: new Date(base + 30_000 + i * 2000),
        })),
      );
      const othersForm = await createTestForm(app, other.id, { title: 'Not yours' });
      await insertSubmissions(app, othersForm, [{ data: { f_name: 'x' } }]);

      const res = await call('GET', '/api/account/notifications/recent', user);
      expect(res.statusCode).toBe(200);
      const list = res.json() as { id: string; form_id: number; form_title: string; created_at: string }[];
      expect(list).toHaveLength(20);
      expect(list.every((s) => s.form_id === a || s.form_id === b)).toBe(true);
      const times = list.map((s) => Date.parse(s.created_at));
      expect([...times].sort((x, y) => y - x)).toEqual(times);
      expect(list[0]).toMatchObject({ id: bIds[9], form_id: b, form_title: 'Form B' });
    });

    it("keeps search and the feed to one workspace when asked, and reaches a team's forms", async () => {
      const owner = await createTestUser(app);
      const member = await createTestUser(app);
      const stranger = await createTestUser(app);
      const team = (await call('POST', '/api/workspaces', owner, { name: 'Team feed' })).json().id as number;
      await app.db.execute(
        sql`insert into workspace_members (workspace_id, user_id, role) values (${team}, ${member.id}, 'viewer')`,
      );
      const teamForm = await createTestForm(app, owner.id, { title: 'Walrus team' });
      await app.db.update(forms).set({ workspaceId: team }).where(eq(forms.id, teamForm));
      const ownForm = await createTestForm(app, member.id, { title: 'Walrus mine' });
      const [teamSub] = await insertSubmissions(app, teamForm, [{ data: { f_name: 'walrus in team' } }]);
      const [ownSub] = await insertSubmissions(app, ownForm, [{ data: { f_name: 'walrus of mine' } }]);
      const idsOf = (rows: { id: string | number }[]) => rows.map((r) => r.id).sort();

      // Without a workspace: every workspace of theirs, the team's form included.
      expect(idsOf((await call('GET', '/api/account/notifications/recent', member)).json())).toEqual(
        [teamSub, ownSub].sort(),
      );
      // With one: only that workspace's forms and answers.
      const feed = await call('GET', `/api/account/notifications/recent?workspace_id=${team}`, member);
      expect(idsOf(feed.json())).toEqual([teamSub]);
      const found = (await call('GET', `/api/account/search?q=walrus&workspace_id=${team}`, member)).json();
      expect(idsOf(found.forms)).toEqual([teamForm]);
      expect(idsOf(found.submissions)).toEqual([teamSub]);
      // A workspace the caller is not in answers like a missing one.
      expect(
        (await call('GET', `/api/account/search?q=walrus&workspace_id=${team}`, stranger)).statusCode,
      ).toBe(404);
      expect(
        (await call('GET', `/api/account/notifications/recent?workspace_id=${team}`, stranger)).statusCode,
      ).toBe(404);
    });

    it('is empty for a user without submissions', async () => {
      const user = await createTestUser(app);
      expect((await call('GET', '/api/account/notifications/recent', user)).json()).toEqual([]);
    });
  });

  describe('demo form', () => {
    it('is published under the slug demo, owned by a system account that cannot sign in', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/forms/shared/demo' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const form = body.form ?? body;
      expect(form.title).toBe('Product feedback');
      const labels = (form.fields as { label: string }[]).map((f) => f.label);
      expect(labels).toEqual(['Your name', 'Email', 'How would you rate Formsmith?', 'Comments']);
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'demo@formsmith.invalid', password: 'anything-at-all' },
      });
      expect(login.statusCode).toBe(401);
    });

    it('is seeded once however many times the server starts', async () => {
      const { ensureDemoForm } = await import('../src/modules/account/demo.ts');
      await Promise.all([ensureDemoForm(app.db), ensureDemoForm(app.db)]);
      const rows = await app.db.select().from(forms).where(eq(forms.slug, 'demo'));
      expect(rows).toHaveLength(1);
      const owners = await app.db.select().from(users).where(eq(users.email, 'demo@formsmith.invalid'));
      expect(owners).toHaveLength(1);
    });

    it('takes submissions from anonymous visitors', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/forms/shared/demo' });
      const form = res.json().form ?? res.json();
      const submit = await app.inject({
        method: 'POST',
        url: `/api/form-submissions/forms/${form.id}/submit`,
        headers: { 'idempotency-key': crypto.randomUUID() },
        payload: {
          data: { demo_name: 'Visitor', demo_rating: '5', _formLoadTime: Date.now() - 5000 },
          metadata: {},
        },
      });
      expect(submit.statusCode).toBe(201);
    });
  });
});
