import { randomUUID } from 'node:crypto';
import { toSavePayload } from '@formsmith/core/forms/api';
import {
  SAVED_TEMPLATE_LIMITS,
  SAVED_TEMPLATE_MESSAGES,
  type SavedTemplate,
} from '@formsmith/core/templates/saved';
import { formFromTemplate, templateFormSchema } from '@formsmith/core/templates/template';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { formTemplates } from '../src/db/schema.ts';
import { createForm, publishForm, putSharing } from './forms-fixtures.ts';
import { dbKind } from './helpers/app.ts';
import { createTeam, placeForm } from './helpers/teams.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe(`a workspace's own templates (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let workspaceId: number;
  let otherWorkspaceId: number;
  let formId: number;
  let fieldIds: string[];

  const call = (user: TestUser, method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
  const templates = (id = workspaceId) => `/api/workspaces/${id}/templates`;
  const save = async (user: TestUser, body: object, id = workspaceId) =>
    call(user, 'POST', templates(id), body);
  const saved = async (body: object = {}): Promise<SavedTemplate> => {
    const res = await save(editor, { form_id: formId, title: 'Intake', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const auditOf = async (templateId: string) =>
    queryRows<{
      action: string;
      actor_id: string;
      target_label: string;
      details: Record<string, unknown> | null;
    }>(
      app.db,
      sql`select action, actor_id, target_label, details from audit_events
          where workspace_id = ${workspaceId} and target_type = 'template' and target_id = ${templateId}
          order by id`,
    );

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
    editor = await createTestUser(app, { name: 'Ed Editor' });
    viewer = await createTestUser(app, { name: 'Vic Viewer' });
    stranger = await createTestUser(app, { name: 'Stan Stranger' });
    workspaceId = await createTeam(app, {
      owner,
      name: 'Clinic',
      members: [
        [editor, 'editor'],
        [viewer, 'viewer'],
      ],
    });
    otherWorkspaceId = await createTeam(app, {
      owner: stranger,
      name: 'Elsewhere',
      members: [[editor, 'editor']],
    });
    const form = await createForm(app, owner, {
      title: 'Patient intake',
      submit_button_text: 'Send it',
      success_message: 'We will call you back.',
      display: 'one_at_a_time',
    });
    formId = form.id;
    fieldIds = form.fields.map((f) => f.id);
    await placeForm(app, formId, workspaceId);
    // Answers and an access code the template must not take along.
    await publishForm(app, owner, formId);
    const answer = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      headers: { 'user-agent': 'TemplateTest/1.0' },
      payload: { data: { [fieldIds[0]!]: 'Zebulon Quartermaine' }, metadata: {} },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const code = await putSharing(app, owner, formId, {
      access_restriction: 'password',
      access_code: 'open-sesame-42',
    });
    expect(code.statusCode, code.body).toBe(200);
  });
  afterAll(() => app.close());

  it("saves a form's questions, logic, display and texts, not its answers or access code", async () => {
    const template = await saved({ summary: '  For new patients.  ' });
    expect(template).toMatchObject({
      workspace_id: workspaceId,
      title: 'Intake',
      summary: 'For new patients.',
      created_by: editor.id,
      form: {
        title: 'Patient intake',
        description: 'Tell us how we did',
        display: 'one_at_a_time',
        submitButtonText: 'Send it',
        successMessage: 'We will call you back.',
      },
    });
    expect(template.form.fields.map((f) => f.id)).toEqual(fieldIds);
    const [row] = await app.db.select().from(formTemplates).where(sql`id = ${template.id}`);
    // What is stored is exactly core's template shape, and nothing the form holds besides.
    expect(Object.keys(row!.form).sort()).toEqual(Object.keys(templateFormSchema.shape).sort());
    expect(templateFormSchema.safeParse(row!.form).success).toBe(true);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('Zebulon');
    expect(stored).not.toContain('open-sesame');
    expect(stored).not.toMatch(/access|slug|webhook|submission/i);
  });

  it('lists the templates to every member, newest first, viewers included', async () => {
    const first = await saved({ title: 'Older' });
    const second = await saved({ title: 'Newer' });
    for (const user of [owner, editor, viewer]) {
      const res = await call(user, 'GET', templates());
      expect(res.statusCode, res.body).toBe(200);
      const ids = (res.json().templates as SavedTemplate[]).map((t) => t.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    }
    // Another workspace's list holds none of them.
    const other = await call(editor, 'GET', templates(otherWorkspaceId));
    expect(other.statusCode).toBe(200);
    expect(other.json().templates).toEqual([]);
  });

  it('starts a new form of the workspace with the same questions', async () => {
    const template = await saved();
    const made = await call(
      editor,
      'POST',
      `/api/forms?workspace_id=${workspaceId}`,
      toSavePayload(formFromTemplate(template)),
    );
    expect(made.statusCode, made.body).toBe(201);
    const form = made.json();
    expect(form.fields.map((f: { id: string }) => f.id)).toEqual(fieldIds);
    expect(form.fields.map((f: { label: string }) => f.label)).toEqual(['Your name', 'Rating']);
    expect(form).toMatchObject({ title: 'Patient intake', is_published: false });
    const access = await call(editor, 'GET', `/api/forms/${form.id}/access`);
    expect(access.json().workspace_id).toBe(workspaceId);
  });

  it('renames a template and changes its summary, and refuses bad titles with clear messages', async () => {
    const template = await saved();
    const url = `${templates()}/${template.id}`;
    const renamed = await call(editor, 'PATCH', url, { title: '  Intake v2 ', summary: 'Short and kind.' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: template.id, title: 'Intake v2', summary: 'Short and kind.' });
    expect(renamed.json().form).toEqual(template.form);

    const long = 'x'.repeat(SAVED_TEMPLATE_LIMITS.titleMaxLength + 1);
    for (const [body, message] of [
      [{ title: long }, SAVED_TEMPLATE_MESSAGES.titleTooLong],
      [{ title: '   ' }, SAVED_TEMPLATE_MESSAGES.titleRequired],
      [
        { summary: 'y'.repeat(SAVED_TEMPLATE_LIMITS.summaryMaxLength + 1) },
        SAVED_TEMPLATE_MESSAGES.summaryTooLong,
      ],
      [{}, SAVED_TEMPLATE_MESSAGES.nothingToChange],
    ] as const) {
      const res = await call(editor, 'PATCH', url, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    }
    const tooLong = await save(editor, { form_id: formId, title: long });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain(SAVED_TEMPLATE_MESSAGES.titleTooLong);
    expect((await call(editor, 'GET', templates())).json().templates).toContainEqual(
      expect.objectContaining({ id: template.id, title: 'Intake v2' }),
    );
  });

  it('deletes a template; it is gone for every member, and a second delete is 404', async () => {
    const template = await saved({ title: 'Doomed' });
    const url = `${templates()}/${template.id}`;
    expect((await call(editor, 'DELETE', url)).statusCode).toBe(204);
    const list = (await call(viewer, 'GET', templates())).json().templates as SavedTemplate[];
    expect(list.map((t) => t.id)).not.toContain(template.id);
    const again = await call(editor, 'DELETE', url);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(SAVED_TEMPLATE_MESSAGES.notFound);
    expect((await call(editor, 'PATCH', url, { title: 'Back' })).statusCode).toBe(404);
  });

  it('writes saving, changing and deleting to the audit log, as the member who did it', async () => {
    const template = await saved({ title: 'Audited' });
    const url = `${templates()}/${template.id}`;
    await call(editor, 'PATCH', url, { title: 'Audited twice' });
    await call(owner, 'DELETE', url);
    const entries = await auditOf(template.id);
    expect(entries.map((e) => [e.action, e.actor_id, e.target_label])).toEqual([
      ['template.created', editor.id, 'Audited'],
      ['template.changed', editor.id, 'Audited twice'],
      ['template.deleted', owner.id, 'Audited twice'],
    ]);
    expect(entries[0]!.details).toEqual({ form_id: formId });
    expect(entries[1]!.details).toEqual({ from: { title: 'Audited' } });
    const log = await call(owner, 'GET', `/api/workspaces/${workspaceId}/audit?action=template.created`);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().entries[0]).toMatchObject({ action: 'template.created', target: { type: 'template' } });
  });

  it('lets a viewer read the shelf but not save, change or delete (403 FORBIDDEN_ROLE)', async () => {
    const template = await saved();
    const url = `${templates()}/${template.id}`;
    for (const [method, path, body] of [
      ['POST', templates(), { form_id: formId, title: 'Mine' }],
      ['PATCH', url, { title: 'Mine' }],
      ['DELETE', url, undefined],
    ] as const) {
      const res = await call(viewer, method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN_ROLE');
    }
    expect((await call(editor, 'GET', templates())).json().templates).toContainEqual(
      expect.objectContaining({ id: template.id, title: 'Intake' }),
    );
  });

  it('answers 404 to a stranger on every route, and for a template or form of another workspace', async () => {
    const template = await saved();
    const url = `${templates()}/${template.id}`;
    for (const [method, path, body] of [
      ['GET', templates(), undefined],
      ['POST', templates(), { form_id: formId, title: 'Mine' }],
      ['PATCH', url, { title: 'Mine' }],
      ['DELETE', url, undefined],
      ['GET', '/api/workspaces/not-a-number/templates', undefined],
      ['DELETE', `/api/workspaces/2147483000/templates/${template.id}`, undefined],
    ] as const) {
      const res = await call(stranger, method, path, body);
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(404);
    }
    // The editor belongs to both workspaces: the template is reached only through its own.
    const elsewhere = `${templates(otherWorkspaceId)}/${template.id}`;
    expect((await call(editor, 'PATCH', elsewhere, { title: 'Moved?' })).statusCode).toBe(404);
    expect((await call(editor, 'DELETE', elsewhere)).statusCode).toBe(404);
    expect((await call(editor, 'DELETE', `${templates()}/not-a-uuid`)).statusCode).toBe(404);
    expect((await call(editor, 'DELETE', `${templates()}/${randomUUID()}`)).statusCode).toBe(404);
    // A form of this workspace saved into another one, a stranger's form, a missing one: 404.
    for (const [id, form] of [
      [otherWorkspaceId, formId],
      [workspaceId, (await createForm(app, stranger)).id],
      [workspaceId, 2147483000],
    ] as const) {
      const res = await save(editor, { form_id: form, title: 'Nope' }, id);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toBe('Form not found');
    }
    expect((await call(editor, 'GET', templates())).json().templates).toContainEqual(
      expect.objectContaining({ id: template.id, title: 'Intake' }),
    );
  });

  it('refuses a form in the Trash (404) and one without questions (400)', async () => {
    const trashed = await createForm(app, owner, { title: 'Binned' });
    await placeForm(app, trashed.id, workspaceId);
    expect((await call(owner, 'DELETE', `/api/forms/${trashed.id}`)).statusCode).toBe(204);
    expect((await save(editor, { form_id: trashed.id, title: 'Binned' })).statusCode).toBe(404);

    const empty = await createForm(app, owner, { title: 'Empty', fields: [] });
    await placeForm(app, empty.id, workspaceId);
    const res = await save(editor, { form_id: empty.id, title: 'Empty' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      error: SAVED_TEMPLATE_MESSAGES.noQuestions,
      code: 'VALIDATION_FAILED',
    });
  });

  it('refuses a form too large to save, as a save of the form would be (413)', async () => {
    const big = await createForm(app, owner, { title: 'Huge' });
    await placeForm(app, big.id, workspaceId);
    const huge = 'z'.repeat(SAVED_TEMPLATE_LIMITS.formMaxBytes);
    await app.db.execute(sql`update forms set description = ${huge} where id = ${big.id}`);
    const res = await save(editor, { form_id: big.id, title: 'Huge' });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({
      error: SAVED_TEMPLATE_MESSAGES.formTooLarge,
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it(`keeps at most ${SAVED_TEMPLATE_LIMITS.maxPerWorkspace} templates per workspace (409)`, async () => {
    const team = await createTeam(app, { owner, name: 'Full shelf' });
    const form = await createForm(app, owner, { title: 'One more' });
    await placeForm(app, form.id, team);
    const content = (await saved()).form;
    await app.db.insert(formTemplates).values(
      Array.from({ length: SAVED_TEMPLATE_LIMITS.maxPerWorkspace - 1 }, (_, n) => ({
        workspaceId: team,
        title: `T${n}`,
        form: content,
      })),
    );
    const last = await save(owner, { form_id: form.id, title: 'The last one' }, team);
    expect(last.statusCode, last.body).toBe(201);
    const over = await save(owner, { form_id: form.id, title: 'One too many' }, team);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: SAVED_TEMPLATE_MESSAGES.limitReached, code: 'LIMIT_REACHED' });
  });
});
