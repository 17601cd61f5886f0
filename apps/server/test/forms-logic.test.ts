import { EXPORT_META_HEADERS } from '@formsmith/core/submissions/api';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../src/db/schema.ts';
import { rebuildFormStats } from '../src/modules/submissions/index.ts';
import { publishForm } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { storedSubmissions } from './helpers/stored.ts';
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

  it('a form saved without logic gets no rules, the classic layout and its success message as its ending', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: owner.auth,
      payload: { title: 'Plain', success_message: 'See you there!' },
    });
    expect(res.json()).toMatchObject({
      display: 'classic',
      success_message: 'See you there!',
      logic: {
        rules: [],
        endings: [{ id: 'ending_default', title: '', message: 'See you there!', redirectParams: [] }],
        unreachableAnswers: 'drop',
      },
    });
    // The success message sent alone changes that ending's text, as it changed what respondents saw.
    const id = res.json().id;
    const put = await app.inject({
      method: 'PUT',
      url: `/api/forms/${id}`,
      headers: owner.auth,
      payload: { success_message: 'Thanks, talk soon' },
    });
    expect(put.json().logic.endings).toEqual([
      { id: 'ending_default', title: '', message: 'Thanks, talk soon', redirectParams: [] },
    ]);
    expect(put.json().success_message).toBe('Thanks, talk soon');
  });

  it('saves a draft with a half-typed calculation and a dangling rule, and publishing refuses it naming each problem', async () => {
    const fields = [
      { id: 'price', type: 'number', label: 'Price' },
      { id: 'total', type: 'calculated', label: 'Total with tax', expression: 'price * (1 +' },
      { id: 'notes', type: 'text', label: 'Notes' },
    ];
    const logic = {
      rules: [{ id: 'gone', name: 'Ask for notes', actions: [{ type: 'show', field: 'deleted_field' }] }],
    };
    const created = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: owner.auth,
      payload: { title: 'Work in progress', fields, logic },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    // Work added after the problem is kept too.
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/forms/${id}`,
      headers: owner.auth,
      payload: { fields: [...fields, { id: 'email', type: 'email', label: 'Email' }], logic },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().fields[1]).toMatchObject({ id: 'total', expression: 'price * (1 +' });
    expect(saved.json().fields.map((f: { id: string }) => f.id)).toEqual([
      'price',
      'total',
      'notes',
      'email',
    ]);
    expect(saved.json().logic.rules).toHaveLength(1);

    const publish = await app.inject({
      method: 'POST',
      url: `/api/forms/${id}/publish`,
      headers: owner.auth,
    });
    expect(publish.statusCode).toBe(422);
    const body = publish.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.problems).toEqual([
      {
        path: 'fields.1.expression',
        field_id: 'total',
        label: 'Total with tax',
        rule_id: null,
        message: "The calculation of 'Total with tax': The expression ends too early (at character 13)",
      },
      {
        path: 'logic.rules.0.actions.0',
        field_id: null,
        label: null,
        rule_id: 'gone',
        message: "Rule 'Ask for notes' acts on a question that does not exist",
      },
    ]);
    expect(body.fields['fields.1.expression']).toMatch(/^The calculation of 'Total with tax'/);
    const stored = await app.inject({ method: 'GET', url: `/api/forms/${id}`, headers: owner.auth });
    expect(stored.json().is_published).toBe(false);

    // Fixed, it publishes.
    const fixed = await app.inject({
      method: 'PUT',
      url: `/api/forms/${id}`,
      headers: owner.auth,
      payload: {
        fields: [fields[0], { ...fields[1], expression: 'price * 1.2' }, fields[2]],
        logic: { rules: [] },
      },
    });
    expect(fixed.statusCode).toBe(200);
    await publishForm(app, owner, id);
  });

  it("reads a question's own conditional_logic in as a rule of the form's logic, and answers by it", async () => {
    const fields = [
      { id: 'country', type: 'text', label: 'Country' },
      {
        id: 'why',
        type: 'text',
        label: 'Why France?',
        conditional_logic: {
          action: 'show',
          match: 'all',
          conditions: [{ field_id: 'country', operator: 'equals', value: 'fr' }],
        },
      },
    ];
    const created = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: owner.auth,
      payload: { title: 'Conditions', fields },
    });
    expect(created.statusCode, created.body).toBe(201);
    const form = created.json();
    expect(form.fields[1]).not.toHaveProperty('conditional_logic');
    expect(form.logic.rules).toEqual([
      {
        id: 'field-why',
        match: 'all',
        conditions: [{ source: 'field', ref: 'country', operator: 'equals', value: 'fr' }],
        actions: [{ type: 'show', field: 'why' }],
      },
    ]);

    // A later save with a condition on another question keeps the rules there are and adds one.
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/forms/${form.id}`,
      headers: owner.auth,
      payload: {
        fields: [
          ...form.fields,
          {
            id: 'note',
            type: 'text',
            label: 'Note',
            conditional_logic: {
              action: 'hide',
              match: 'any',
              conditions: [{ fieldId: 'why', operator: 'is_empty' }],
            },
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().logic.rules.map((r: { id: string }) => r.id)).toEqual(['field-why', 'field-note']);

    await publishForm(app, owner, form.id);
    const submit = (data: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: `/api/form-submissions/forms/${form.id}/submit`, payload: { data } });
    expect((await submit({ country: 'fr', why: 'Food', note: 'n' })).statusCode).toBe(201);
    expect((await submit({ country: 'es', why: 'Food', note: 'n' })).statusCode).toBe(201);
    const stored = await storedSubmissions(app, eq(submissions.formId, form.id));
    expect(stored.map((row) => row.data)).toEqual([
      { country: 'fr', why: 'Food', note: 'n' },
      { country: 'es' },
    ]);
  });

  it('still refuses a save that is not a form at all', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: owner.auth,
      payload: { title: 'Broken', fields: 'not a list', logic: { rules: 'nope' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('a stranger cannot publish someone else’s form', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: owner.auth,
      payload: { title: 'Mine', fields: THREE_PAGES },
    });
    const res = await app.inject({
      method: 'POST',
      url: `/api/forms/${created.json().id}/publish`,
      headers: stranger.auth,
    });
    expect(res.statusCode).toBe(404);
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

describe(`submitting through form logic (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  // Page 1 asks whether to skip; 'yes' jumps over page 2 (a required age) to page 3.
  const skipping = (unreachableAnswers: 'drop' | 'reject') => ({
    title: `Skipping ${unreachableAnswers}`,
    fields: [
      { id: 'skip', type: 'radio', label: 'Skip?', options: [{ label: 'yes' }, { label: 'no' }] },
      { id: 'p2', type: 'page_break', label: 'Second' },
      { id: 'age', type: 'number', label: 'Age', is_required: true },
      { id: 'p3', type: 'page_break', label: 'Third' },
      { id: 'name', type: 'text', label: 'Name' },
      { id: 'double', type: 'calculated', label: 'Double', expression: 'age * 2 + 1' },
    ],
    logic: {
      unreachableAnswers,
      rules: [
        {
          id: 'jump',
          page: 'page_1',
          conditions: [{ ref: 'skip', operator: 'equals', value: 'yes' }],
          actions: [{ type: 'jump', page: 'p3' }],
        },
      ],
    },
  });

  async function publishedForm(unreachableAnswers: 'drop' | 'reject'): Promise<number> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: owner.auth,
      payload: skipping(unreachableAnswers),
    });
    expect(res.statusCode).toBe(201);
    await publishForm(app, owner, res.json().id);
    return res.json().id;
  }

  const submit = (formId: number, data: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      headers: { 'user-agent': 'LogicTest/1.0' },
      payload: { data, metadata: { analytics: { totalTimeSpent: 20, completed: true } } },
    });

  async function storedData(submissionId: string) {
    const [row] = await storedSubmissions(app, eq(submissions.id, submissionId));
    return row?.data;
  }

  it('stores a skipping submission without asking the skipped required question', async () => {
    const formId = await publishedForm('reject');
    const res = await submit(formId, { skip: 'yes', name: 'Ada' });
    expect(res.statusCode).toBe(201);
    expect(await storedData(res.json().submission_id)).toEqual({ skip: 'yes', name: 'Ada' });
    // No rule ended it: the plain ending, made from the success message.
    expect(res.json().ending).toMatchObject({
      id: 'ending_default',
      message: 'Thank you for your submission!',
    });
  });

  it('refuses an answer to a skipped page when the owner chose reject, naming the field', async () => {
    const formId = await publishedForm('reject');
    const res = await submit(formId, { skip: 'yes', age: 30, name: 'Ada' });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({ age: 'This question was not on your path through the form' });
  });

  it('drops an answer to a skipped page when the owner chose drop', async () => {
    const formId = await publishedForm('drop');
    const res = await submit(formId, { skip: 'yes', age: 30, name: 'Ada' });
    expect(res.statusCode).toBe(201);
    expect(await storedData(res.json().submission_id)).toEqual({ skip: 'yes', name: 'Ada' });
  });

  it('recomputes a calculated field and ignores the value the client sent', async () => {
    const formId = await publishedForm('reject');
    const res = await submit(formId, { skip: 'no', age: 20, name: 'Bo', double: 999 });
    expect(res.statusCode).toBe(201);
    expect(await storedData(res.json().submission_id)).toEqual({
      skip: 'no',
      age: 20,
      name: 'Bo',
      double: 41,
    });
  });

  it('exports, lists and counts calculated values as answers and page breaks never', async () => {
    const formId = await publishedForm('drop');
    expect((await submit(formId, { skip: 'no', age: 20, name: 'Bo' })).statusCode).toBe(201);
    expect((await submit(formId, { skip: 'no', age: 5, name: 'Cy' })).statusCode).toBe(201);
    const get = (url: string) => app.inject({ method: 'GET', url, headers: owner.auth });

    const csv: string[][] = parse(
      (await get(`/api/form-submissions/forms/${formId}/export?format=csv`)).body,
      {
        bom: true,
      },
    );
    expect(csv[0]).toEqual([...EXPORT_META_HEADERS, 'Skip?', 'Age', 'Name', 'Double']);
    expect(csv.slice(1).map((row) => row.slice(EXPORT_META_HEADERS.length))).toEqual([
      ['no', '20', 'Bo', '41'],
      ['no', '5', 'Cy', '11'],
    ]);
    const json = (await get(`/api/form-submissions/forms/${formId}/export?format=json`)).json();
    const answers = json.map((item: { answers: { label: string; value: unknown }[] }) =>
      item.answers.map((a) => [a.label, a.value]),
    );
    expect(answers).toEqual([
      [
        ['Skip?', 'no'],
        ['Age', 20],
        ['Name', 'Bo'],
        ['Double', 41],
      ],
      [
        ['Skip?', 'no'],
        ['Age', 5],
        ['Name', 'Cy'],
        ['Double', 11],
      ],
    ]);

    const stats = (await get(`/api/analytics/forms/${formId}`)).json();
    const byId = Object.fromEntries(stats.field_analytics.map((f: { field_id: string }) => [f.field_id, f]));
    expect(Object.keys(byId)).toEqual(['skip', 'age', 'name', 'double']);
    expect(byId.double).toMatchObject({ response_count: 2, answer_distribution: { '41': 1, '11': 1 } });
  });

  it('still requires the question on a page the respondent did reach', async () => {
    const formId = await publishedForm('drop');
    const res = await submit(formId, { skip: 'no', name: 'Bo' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().fields)).toEqual(['age']);
  });

  it('refuses a submit that leaves out an answer a rule made required, as the page does', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: owner.auth,
      payload: {
        title: 'Required by a rule',
        fields: [
          {
            id: 'contact',
            type: 'radio',
            label: 'May we call you?',
            options: [{ label: 'yes' }, { label: 'no' }],
          },
          { id: 'phone', type: 'phone', label: 'Phone' },
        ],
        logic: {
          rules: [
            {
              id: 'need-phone',
              conditions: [{ ref: 'contact', operator: 'equals', value: 'yes' }],
              actions: [{ type: 'require', field: 'phone' }],
            },
          ],
        },
      },
    });
    const formId = created.json().id;
    await publishForm(app, owner, formId);
    const refused = await submit(formId, { contact: 'yes' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields).toEqual({ phone: 'This field is required' });
    // The rule does not hold: the phone stays optional.
    expect((await submit(formId, { contact: 'no' })).statusCode).toBe(201);
    const stored = await submit(formId, { contact: 'yes', phone: '+44 20 7946 0000' });
    expect(stored.statusCode).toBe(201);
    expect(await storedData(stored.json().submission_id)).toEqual({
      contact: 'yes',
      // Stored in E.164, as every phone number is.
      phone: '+442079460000',
    });
  });

  it('answers the ending logic chose, its message recalled and the picked answers on its redirect', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: owner.auth,
      payload: {
        title: 'Endings',
        fields: [
          { id: 'name', type: 'text', label: 'Name' },
          { id: 'vip', type: 'radio', label: 'VIP?', options: [{ label: 'yes' }, { label: 'no' }] },
        ],
        logic: {
          endings: [
            {
              id: 'vip_end',
              title: 'Welcome',
              message: 'Hello {{name}}',
              redirectUrl: 'https://example.com/vip',
              redirectParams: ['name'],
            },
            { id: 'plain_end', title: 'Thanks', message: 'Bye {{name}}' },
          ],
          rules: [
            {
              id: 'vip',
              page: 'page_1',
              conditions: [{ ref: 'vip', operator: 'equals', value: 'yes' }],
              actions: [{ type: 'end', ending: 'vip_end' }],
            },
            { id: 'plain', page: 'page_1', actions: [{ type: 'end', ending: 'plain_end' }] },
          ],
        },
      },
    });
    expect(created.statusCode).toBe(201);
    const formId = created.json().id;
    await publishForm(app, owner, formId);
    const vip = await submit(formId, { name: 'Ada Lovelace', vip: 'yes' });
    expect(vip.json().ending).toEqual({
      id: 'vip_end',
      title: 'Welcome',
      message: 'Hello Ada Lovelace',
      redirect_url: 'https://example.com/vip?name=Ada+Lovelace',
    });
    const plain = await submit(formId, { name: 'Bo', vip: 'no' });
    expect(plain.json().ending).toEqual({
      id: 'plain_end',
      title: 'Thanks',
      message: 'Bye Bo',
      redirect_url: null,
    });
  });

  it('scores a quiz on the server, and respondents never see the points or the correct answers', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: owner.auth,
      payload: {
        title: 'Quiz',
        fields: [
          {
            id: 'q1',
            type: 'radio',
            label: 'Two plus two?',
            options: [
              { label: 'three', points: 0 },
              { label: 'four', points: 5, correct: true },
            ],
          },
        ],
        logic: {
          quiz: { enabled: true, passMark: 5 },
          endings: [
            { id: 'pass', title: 'Passed', message: 'You scored {{score}}' },
            { id: 'fail', title: 'Not yet', message: 'You scored {{score}}' },
          ],
          rules: [
            {
              id: 'passed',
              page: 'page_1',
              conditions: [{ source: 'variable', ref: 'score', operator: 'greater_or_equal', value: '5' }],
              actions: [{ type: 'end', ending: 'pass' }],
            },
            { id: 'failed', page: 'page_1', actions: [{ type: 'end', ending: 'fail' }] },
          ],
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const formId = created.json().id;
    expect(created.json().fields[0].options[1]).toMatchObject({ points: 5, correct: true });
    await publishForm(app, owner, formId);

    const view = await app.inject({ method: 'GET', url: `/api/forms/${formId}` });
    expect(view.statusCode).toBe(200);
    const options = view.json().fields[0].options as Record<string, unknown>[];
    expect(options.map((o) => o.label)).toEqual(['three', 'four']);
    for (const option of options) {
      expect(option).not.toHaveProperty('points');
      expect(option).not.toHaveProperty('correct');
    }

    const right = await submit(formId, { q1: 'four' });
    expect(right.json().ending).toMatchObject({ id: 'pass', message: 'You scored 5' });
    // The owner sees each respondent's score: the server's, never one the browser sends.
    const claimed = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      headers: { 'user-agent': 'LogicTest/1.0' },
      payload: { data: { q1: 'three' }, metadata: { quiz: { score: 99, max: 5, passed: true } } },
    });
    expect(claimed.statusCode).toBe(201);
    const [scored] = await storedSubmissions(app, eq(submissions.id, right.json().submission_id));
    expect(scored?.metadata.quiz).toEqual({ score: 5, max: 5, passed: true });
    const [falseClaim] = await storedSubmissions(app, eq(submissions.id, claimed.json().submission_id));
    expect(falseClaim?.metadata.quiz).toEqual({ score: 0, max: 5, passed: false });
    const wrong = await submit(formId, { q1: 'three' });
    expect(wrong.json().ending).toMatchObject({ id: 'fail', message: 'You scored 0' });
  });

  it('counts the pages and the ending each submission went through, equal to a rebuild', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: owner.auth,
      payload: {
        ...skipping('drop'),
        title: 'Paths',
        logic: {
          ...skipping('drop').logic,
          endings: [{ id: 'thanks', title: 'Thanks' }],
          rules: [
            ...skipping('drop').logic.rules,
            { id: 'end', page: 'p3', actions: [{ type: 'end', ending: 'thanks' }] },
          ],
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const formId = created.json().id;
    await publishForm(app, owner, formId);
    expect((await submit(formId, { skip: 'yes', name: 'Ada' })).statusCode).toBe(201);
    expect((await submit(formId, { skip: 'yes', name: 'Bo' })).statusCode).toBe(201);
    expect((await submit(formId, { skip: 'no', age: 40, name: 'Cy' })).statusCode).toBe(201);

    const paths = async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/analytics/forms/${formId}`,
        headers: owner.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().paths;
    };
    const expected = {
      pages: [
        { id: 'page_1', label: 'Page 1', reached: 3 },
        { id: 'p2', label: 'Second', reached: 1 },
        { id: 'p3', label: 'Third', reached: 3 },
      ],
      endings: [{ id: 'thanks', label: 'Thanks', reached: 3 }],
    };
    expect(await paths()).toEqual(expected);
    await rebuildFormStats(app.db, app.keyring, formId);
    expect(await paths()).toEqual(expected);
    const stranger = await createTestUser(app);
    const refused = await app.inject({
      method: 'GET',
      url: `/api/analytics/forms/${formId}`,
      headers: stranger.auth,
    });
    expect(refused.statusCode).toBe(404);
  });

  it('respondents keep the published logic until the owner publishes the draft again', async () => {
    const formId = await publishedForm('reject');
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/forms/${formId}`,
      headers: owner.auth,
      payload: { logic: { unreachableAnswers: 'drop', rules: [] }, display: 'one_at_a_time' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().has_unpublished_changes).toBe(true);
    const live = await app.inject({ method: 'GET', url: `/api/forms/${formId}` });
    expect(live.json().display).toBe('classic');
    expect(live.json().logic.rules.map((r: { id: string }) => r.id)).toEqual(['jump']);
    // The published rule still skips page 2, so an answer there is refused (reject).
    expect((await submit(formId, { skip: 'yes', age: 30, name: 'Ada' })).statusCode).toBe(422);

    await publishForm(app, owner, formId);
    expect((await app.inject({ method: 'GET', url: `/api/forms/${formId}` })).json().display).toBe(
      'one_at_a_time',
    );
    expect((await submit(formId, { skip: 'yes', age: 30, name: 'Ada' })).statusCode).toBe(201);
  });
});
