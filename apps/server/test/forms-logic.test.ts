import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';

const THREE_PAGES = [
  { id: 'name', type: 'text', label: 'Name' },
  { id: 'p2', type: 'page_break', label: 'Second' },
  { id: 'age', type: 'number', label: 'Age' },
  { id: 'p3', type: 'page_break', label: 'Third' },
  { id: 'total', type: 'calculated', label: 'Double age', expression: 'age * 2', show_result: true },
];

describe(`form logic on save (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app);
    stranger = await createTestUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('stores pages, calculated fields, logic and the display setting and sends them back', async () => {
    const logic = {
      rules: [{ id: 'skip', name: 'Skip age', page: 'page_1', actions: [{ type: 'jump', page: 'p3' }] }],
      endings: [{ id: 'done', title: 'Done', message: 'Thanks {{name}}' }],
    };
    const res = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: owner.auth,
      payload: { title: 'Paged', fields: THREE_PAGES, logic, display: 'one_at_a_time' },
    });
    expect(res.statusCode).toBe(201);
    const form = res.json();
    expect(form.display).toBe('one_at_a_time');
    expect(form.logic.rules[0]).toMatchObject({ id: 'skip', match: 'all', conditions: [] });
    expect(form.fields.map((f: { type: string }) => f.type)).toEqual([
      'text',
      'page_break',
      'number',
      'page_break',
      'calculated',
    ]);
    expect(form.fields[4]).toMatchObject({ expression: 'age * 2', show_result: true });
  });

  it('a form saved without logic gets empty logic and the classic layout', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: owner.auth,
      payload: { title: 'Plain' },
    });
    expect(res.json()).toMatchObject({
      display: 'classic',
      logic: { rules: [], endings: [], unreachableAnswers: 'drop' },
    });
  });

  it('refuses a backward jump with 422 naming the rule under its path', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: owner.auth,
      payload: { title: 'Loop', fields: THREE_PAGES },
    });
    const id = created.json().id;
    const logic = {
      rules: [
        { id: 'ok', page: 'page_1', actions: [{ type: 'jump', page: 'p3' }] },
        { id: 'loop', name: 'Loop', page: 'p3', actions: [{ type: 'jump', page: 'p2' }] },
      ],
    };
    const res = await app.inject({
      method: 'PUT',
      url: `/api/forms/${id}`,
      headers: owner.auth,
      payload: { logic },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields['logic.rules.1.actions.0']).toMatch(/^Rule 'Loop'/);
    const stored = await app.inject({ method: 'GET', url: `/api/forms/${id}`, headers: owner.auth });
    expect(stored.json().logic.rules).toEqual([]);
  });

  it('a stranger cannot save logic on someone else’s form', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: owner.auth,
      payload: { title: 'Mine' },
    });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/forms/${created.json().id}`,
      headers: stranger.auth,
      payload: { display: 'one_at_a_time' },
    });
    expect(res.statusCode).toBe(404);
  });
});
