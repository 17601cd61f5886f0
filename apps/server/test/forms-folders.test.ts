import { formListSchema } from '@formsmith/core/forms/api';
import { FOLDER_MESSAGES, folderListSchema, folderSchema } from '@formsmith/core/forms/folders';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm } from './forms-fixtures.ts';
import { dbKind } from './helpers/app.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';

describe(`folders for forms (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
    stranger = await createTestUser(app);
  });
  afterAll(() => app.close());

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
  const makeFolder = async (user: TestUser, name: string) => {
    const res = await call(user, 'POST', '/api/folders', { name });
    expect(res.statusCode, res.body).toBe(201);
    return folderSchema.parse(res.json());
  };
  const file = (user: TestUser, formId: number, folderId: number | null) =>
    call(user, 'PUT', `/api/forms/${formId}/folder`, { folder_id: folderId });
  const titlesIn = async (user: TestUser, folder?: string) => {
    const res = await call(user, 'GET', folder === undefined ? '/api/forms' : `/api/forms?folder=${folder}`);
    expect(res.statusCode, res.body).toBe(200);
    return formListSchema
      .parse(res.json())
      .forms.map((f) => f.title)
      .sort();
  };

  it('makes, lists, renames and deletes folders; deleting one leaves its forms in no folder', async () => {
    const user = await createTestUser(app);
    const clients = await makeFolder(user, '  Clients  ');
    expect(clients).toEqual({ id: clients.id, name: 'Clients', form_count: 0 });
    const events = await makeFolder(user, 'Events');
    const form = await createForm(app, user, { title: 'Intake' });
    expect((await file(user, form.id, clients.id)).json()).toMatchObject({
      id: form.id,
      folder_id: clients.id,
    });

    const listed = folderListSchema.parse((await call(user, 'GET', '/api/folders')).json());
    expect(listed.folders).toEqual([
      { id: clients.id, name: 'Clients', form_count: 1 },
      { id: events.id, name: 'Events', form_count: 0 },
    ]);

    const renamed = await call(user, 'PUT', `/api/folders/${events.id}`, { name: 'Workshops' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ id: events.id, name: 'Workshops', form_count: 0 });

    expect((await call(user, 'DELETE', `/api/folders/${clients.id}`)).statusCode).toBe(204);
    const after = await call(user, 'GET', `/api/forms/${form.id}`);
    expect(after.json().folder_id).toBeNull();
    expect(folderListSchema.parse((await call(user, 'GET', '/api/folders')).json()).folders).toEqual([
      { id: events.id, name: 'Workshops', form_count: 0 },
    ]);
  });

  it('filters the forms list by folder, or by none', async () => {
    const user = await createTestUser(app);
    const work = await makeFolder(user, 'Work');
    const home = await makeFolder(user, 'Home');
    const [a, b] = [await createForm(app, user, { title: 'A' }), await createForm(app, user, { title: 'B' })];
    await createForm(app, user, { title: 'C' });
    await file(user, a.id, work.id);
    await file(user, b.id, work.id);
    expect(await titlesIn(user, String(work.id))).toEqual(['A', 'B']);
    expect(await titlesIn(user, String(home.id))).toEqual([]);
    expect(await titlesIn(user, 'none')).toEqual(['C']);
    expect(await titlesIn(user)).toEqual(['A', 'B', 'C']);
    // Out of its folder, a form is in none.
    await file(user, b.id, null);
    expect(await titlesIn(user, 'none')).toEqual(['B', 'C']);
    const bad = await call(user, 'GET', '/api/forms?folder=work');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/folder must be a folder id, or none/);
  });

  it("answers a stranger's folder 404 like a missing one, everywhere", async () => {
    const folder = await makeFolder(owner, 'Private matters');
    const form = await createForm(app, owner, { title: 'Owned' });
    const strangersForm = await createForm(app, stranger, { title: 'Theirs' });
    const missing = await call(stranger, 'PUT', '/api/folders/2147483000', { name: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: FOLDER_MESSAGES.notFound, code: 'NOT_FOUND' });

    for (const res of [
      await call(stranger, 'PUT', `/api/folders/${folder.id}`, { name: 'Mine now' }),
      await call(stranger, 'DELETE', `/api/folders/${folder.id}`),
      await call(stranger, 'GET', `/api/forms?folder=${folder.id}`),
      // Filing their own form in another's folder.
      await file(stranger, strangersForm.id, folder.id),
    ])
      expect(res.json()).toEqual(missing.json());
    // Filing another's form anywhere: the form is not found.
    const theirs = await file(stranger, form.id, null);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe('Form not found');
    expect((await call(stranger, 'GET', '/api/folders')).json()).toEqual({ folders: [] });
    // Nothing changed.
    expect((await call(owner, 'GET', '/api/folders')).json().folders).toContainEqual({
      id: folder.id,
      name: 'Private matters',
      form_count: 0,
    });
    expect((await call(stranger, 'GET', `/api/forms/${strangersForm.id}`)).json().folder_id).toBeNull();
  });

  it('refuses an empty name, a name over 60 characters and a name the owner already uses', async () => {
    const user = await createTestUser(app);
    await makeFolder(user, 'Surveys');
    const empty = await call(user, 'POST', '/api/folders', { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.name).toBe(FOLDER_MESSAGES.nameRequired);
    const long = await call(user, 'POST', '/api/folders', { name: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.name).toBe(FOLDER_MESSAGES.nameTooLong);
    const taken = await call(user, 'POST', '/api/folders', { name: 'SURVEYS' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: FOLDER_MESSAGES.nameTaken,
      fields: { name: FOLDER_MESSAGES.nameTaken },
    });
    // Another owner may use the same name.
    expect((await call(stranger, 'POST', '/api/folders', { name: 'Surveys' })).statusCode).toBe(201);
  });

  it('puts a duplicate in its source form’s folder', async () => {
    const user = await createTestUser(app);
    const folder = await makeFolder(user, 'Templates');
    const form = await createForm(app, user, { title: 'Sign-up' });
    await file(user, form.id, folder.id);
    const copy = await call(user, 'POST', `/api/forms/${form.id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ title: 'Sign-up (Copy)', folder_id: folder.id });
    expect(await titlesIn(user, String(folder.id))).toEqual(['Sign-up', 'Sign-up (Copy)']);
  });
});
