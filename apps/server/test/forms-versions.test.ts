import type { WireForm } from '@formsmith/core/forms/form-wire';
import { EXPORT_META_HEADERS } from '@formsmith/core/submissions/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, publishForm } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { wireField } from './submissions-fixtures.ts';

const field = (id: string, label: string, extra: Record<string, unknown> = {}) =>
  wireField(id, label, 'text', extra);

describe(`form drafts, versions and conflicts (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app);
    stranger = await createTestUser(app);
  });
  afterAll(() => app.close());

  const put = (id: number, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({ method: 'PUT', url: `/api/forms/${id}`, headers: { ...owner.auth, ...headers }, payload });
  const ownerGet = (id: number) =>
    app.inject({ method: 'GET', url: `/api/forms/${id}`, headers: owner.auth });
  const publicGet = (id: number) => app.inject({ method: 'GET', url: `/api/forms/${id}` });
  const submit = (id: number, data: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${id}/submit`,
      payload: { data: { ...data, _formLoadTime: Date.now() - 10_000 } },
    });

  it('answers the draft revision in the body and the ETag, and bumps it on every save', async () => {
    const form = await createForm(app, owner);
    expect(form.version).toBe(1);
    const got = await ownerGet(form.id);
    expect(got.headers.etag).toBe('"1"');
    expect(got.json().version).toBe(1);
    const saved = await put(form.id, { title: 'Second' }, { 'if-match': '"1"' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toBe(2);
    expect(saved.headers.etag).toBe('"2"');
    // Older clients send no revision: still accepted.
    expect((await put(form.id, { title: 'Third' })).json().version).toBe(3);
  });

  it('answers 409 VERSION_CONFLICT with the current form to a save against an older revision', async () => {
    const form = await createForm(app, owner);
    expect((await put(form.id, { title: 'From tab A' }, { 'if-match': '"1"' })).statusCode).toBe(200);
    const stale = await put(form.id, { title: 'From tab B' }, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'VERSION_CONFLICT',
      current_version: 2,
      form: { id: form.id, title: 'From tab A', version: 2 },
    });
    // The body's version works like If-Match.
    const staleBody = await put(form.id, { title: 'From tab B', version: 1 });
    expect(staleBody.statusCode).toBe(409);
    expect((await ownerGet(form.id)).json().title).toBe('From tab A');
    // 'Keep mine': save again against the current revision.
    const kept = await put(form.id, { title: 'From tab B', version: 2 });
    expect(kept.json()).toMatchObject({ title: 'From tab B', version: 3 });
    const bad = await put(form.id, { title: 'x' }, { 'if-match': 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('lets exactly one of two concurrent saves of one revision win', async () => {
    const form = await createForm(app, owner);
    const results = await Promise.all(
      ['A', 'B', 'C', 'D'].map((t) => put(form.id, { title: t }, { 'if-match': '"1"' })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    expect((await ownerGet(form.id)).json().version).toBe(2);
  });

  it('keeps draft edits from respondents until the owner publishes them', async () => {
    const form = await createForm(app, owner, { title: 'Live title', fields: [field('name', 'Name')] });
    const published = await publishForm(app, owner, form.id);
    expect(published).toMatchObject({ published_version: 1, has_unpublished_changes: false });

    const draft = await put(form.id, {
      title: 'Draft title',
      fields: [
        field('name', 'Name'),
        field('phone', 'Phone', { is_required: true, validation_rules: { required: true } }),
      ],
    });
    expect(draft.json()).toMatchObject({
      title: 'Draft title',
      has_unpublished_changes: true,
      published_version: 1,
    });
    const seen = publicGet(form.id);
    expect((await seen).json()).toMatchObject({ title: 'Live title', fields: [{ id: 'name' }] });
    // The draft's new required field is not asked of respondents yet.
    const sent = await submit(form.id, { name: 'Ada' });
    expect(sent.statusCode, sent.body).toBe(201);

    const again = await publishForm(app, owner, form.id);
    expect(again).toMatchObject({ published_version: 2, has_unpublished_changes: false, is_published: true });
    expect((await publicGet(form.id)).json()).toMatchObject({ title: 'Draft title' });
    const bob = await submit(form.id, { name: 'Bob' });
    expect(bob.statusCode, bob.body).toBe(422);

    // Publishing an unchanged draft makes no new version.
    expect((await publishForm(app, owner, form.id)).published_version).toBe(2);
  });

  it('lists published versions and restores one into the draft', async () => {
    const form = await createForm(app, owner, { title: 'V1', fields: [field('a', 'A')] });
    await publishForm(app, owner, form.id);
    await put(form.id, { title: 'V2', fields: [field('a', 'A'), field('b', 'B')] });
    await publishForm(app, owner, form.id);

    const list = await app.inject({
      method: 'GET',
      url: `/api/forms/${form.id}/versions`,
      headers: owner.auth,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      published_version: 2,
      versions: [
        { number: 2, title: 'V2', field_count: 2, is_live: true },
        { number: 1, title: 'V1', field_count: 1, is_live: false },
      ],
    });

    const restored = await app.inject({
      method: 'POST',
      url: `/api/forms/${form.id}/versions/1/restore`,
      headers: owner.auth,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const draft = restored.json() as WireForm;
    expect(draft).toMatchObject({ title: 'V1', has_unpublished_changes: true, published_version: 2 });
    expect(draft.fields.map((f) => f.id)).toEqual(['a']);
    // Respondents still get version 2 until the restored draft is published (as version 3).
    expect((await publicGet(form.id)).json().title).toBe('V2');
    expect((await publishForm(app, owner, form.id)).published_version).toBe(3);

    const missing = await app.inject({
      method: 'POST',
      url: `/api/forms/${form.id}/versions/9/restore`,
      headers: owner.auth,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Version not found');
  });

  it('keeps each submission read against the labels of the version it answered', async () => {
    const form = await createForm(app, owner, {
      fields: [field('name', 'Name'), field('city', 'City')],
    });
    await publishForm(app, owner, form.id);
    const first = (await submit(form.id, { name: 'Ada', city: 'Paris' })).json().submission_id as string;
    await put(form.id, { fields: [field('name', 'Full name')] });
    await publishForm(app, owner, form.id);
    const second = (await submit(form.id, { name: 'Bob Smith' })).json().submission_id as string;

    const base = `/api/form-submissions/forms/${form.id}/submissions`;
    const detail = await app.inject({ method: 'GET', url: `${base}/${first}`, headers: owner.auth });
    expect(detail.json()).toMatchObject({ form_version: 1 });
    expect(detail.json().fields.map((f: { label: string }) => f.label)).toEqual(['Name', 'City']);
    const newer = await app.inject({ method: 'GET', url: `${base}/${second}`, headers: owner.auth });
    expect(newer.json().fields.map((f: { label: string }) => f.label)).toEqual(['Full name']);

    const csv = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${form.id}/export?format=csv`,
      headers: owner.auth,
    });
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(`${EXPORT_META_HEADERS.join(',')},Full name,Name,City`);
    expect(lines[1]).toMatch(new RegExp(`^#\\d+,${first},[^,]+,complete,en,,Ada,Paris$`));
    expect(lines[2]).toMatch(new RegExp(`^#\\d+,${second},[^,]+,complete,en,Bob Smith,,$`));

    const json = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${form.id}/export?format=json`,
      headers: owner.auth,
    });
    expect(json.json()[0].answers).toEqual([
      { field_id: 'name', label: 'Name', value: 'Ada' },
      { field_id: 'city', label: 'City', value: 'Paris' },
    ]);
    const one = await app.inject({
      method: 'GET',
      url: `${base}/${first}/export?format=csv`,
      headers: owner.auth,
    });
    expect(one.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      `${EXPORT_META_HEADERS.join(',')},Name,City`,
    );
  });

  it('answers 404 to a stranger on every version call, like a missing form', async () => {
    const form = await createForm(app, owner);
    await publishForm(app, owner, form.id);
    const calls = [
      { method: 'GET' as const, url: `/api/forms/${form.id}/versions` },
      { method: 'POST' as const, url: `/api/forms/${form.id}/versions/1/restore` },
      { method: 'POST' as const, url: `/api/forms/${form.id}/publish` },
    ];
    for (const call of calls) {
      const res = await app.inject({ ...call, headers: stranger.auth });
      expect(res.statusCode, call.url).toBe(404);
      expect(res.json().error).toBe('Form not found');
    }
    const put = await app.inject({
      method: 'PUT',
      url: `/api/forms/${form.id}`,
      headers: { ...stranger.auth, 'if-match': '"1"' },
      payload: { title: 'Mine now' },
    });
    expect(put.statusCode).toBe(404);
  });
});
