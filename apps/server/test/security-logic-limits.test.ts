import { ANSWER_MAX_LENGTH } from '@formsmith/core/fields/answer-length';
import { wireFormSchema } from '@formsmith/core/forms/form-wire';
import { LOGIC_LIMITS } from '@formsmith/core/logic/limits';
import { timeEvaluation, worstCaseLogicForm } from '@formsmith/core/logic/test-worst-case';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../src/db/schema.ts';
import { publishForm } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { storedSubmissions } from './helpers/stored.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';

describe(`finding 5: how much work form logic may ask of the server (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  const worst = worstCaseLogicForm();
  const loaded = () => Date.now() - 60_000;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app);
  });
  afterAll(() => app.close());

  const save = (payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: owner.auth,
      payload: { title: 'Worst case', ...payload },
    });
  const submit = (formId: number, data: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { data: { ...data, _formLoadTime: loaded() } },
    });

  it('finding 5: the worst-case logic form the limits allow is saved, evaluated within 50 ms with the longest answers, and submitted', async () => {
    const created = await save({ fields: worst.wireFields, logic: worst.logic });
    expect(created.statusCode, created.body.slice(0, 300)).toBe(201);
    const formId = created.json().id as number;
    await publishForm(app, owner, formId);

    // The form as stored and read back, evaluated by core as the submit does.
    const read = await app.inject({ method: 'GET', url: `/api/forms/${formId}`, headers: owner.auth });
    const form = wireFormSchema.parse(read.json());
    expect(form.logic.rules.reduce((n, r) => n + r.conditions.length, 0)).toBe(LOGIC_LIMITS.conditions);
    const { timings, errors } = timeEvaluation(form.fields, form.logic, worst.answers, 10);
    expect(errors).toEqual({});
    // The fastest of ten runs: the evaluation's cost, not what a busy machine took from it.
    expect(Math.min(...timings), `runs took ${timings.map((t) => t.toFixed(1)).join(', ')} ms`).toBeLessThan(
      50,
    );

    const sent = await submit(formId, worst.answers);
    expect(sent.statusCode, sent.body.slice(0, 300)).toBe(201);
    const [row] = await storedSubmissions(app, eq(submissions.formId, formId));
    expect((row!.data as Record<string, string>).long).toHaveLength(ANSWER_MAX_LENGTH.textarea);
  }, 60_000);

  it('finding 5: refuses an answer longer than its type allows with 422 and the maximum-length message', async () => {
    const created = await save({
      fields: [
        { id: 'long', type: 'textarea', label: 'Long' },
        { id: 'short', type: 'text', label: 'Short' },
        { id: 'mail', type: 'email', label: 'Mail' },
      ],
    });
    const formId = created.json().id as number;
    await publishForm(app, owner, formId);
    const res = await submit(formId, {
      long: 'a'.repeat(ANSWER_MAX_LENGTH.textarea + 1),
      short: 'b'.repeat(ANSWER_MAX_LENGTH.text + 1),
      mail: `${'c'.repeat(ANSWER_MAX_LENGTH.email)}@example.com`,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().fields).toEqual({
      long: 'Maximum length is 50,000 characters',
      short: 'Maximum length is 1,000 characters',
      mail: 'Maximum length is 254 characters',
    });
    expect(await storedSubmissions(app, eq(submissions.formId, formId))).toHaveLength(0);
  });

  it('finding 5: logic past the limits is kept in the draft, and publishing refuses it with 422 naming the condition', async () => {
    const rules = [
      {
        id: 'many',
        conditions: Array.from({ length: 11 }, (_, i) => ({
          ref: 'long',
          operator: 'contains',
          value: `w${i}`,
        })),
        actions: [{ type: 'show', field: 'after' }],
      },
    ];
    const res = await save({
      fields: [
        { id: 'long', type: 'textarea', label: 'Long' },
        { id: 'after', type: 'text', label: 'After' },
      ],
      logic: { rules },
    });
    // A draft keeps what the owner typed; only what respondents get is held to the limits.
    expect(res.statusCode, res.body).toBe(201);
    const publish = await app.inject({
      method: 'POST',
      url: `/api/forms/${res.json().id}/publish`,
      headers: owner.auth,
    });
    expect(publish.statusCode).toBe(422);
    expect(publish.json().fields['logic.rules.0.conditions.10']).toMatch(
      /'Contains' conditions may search at most 500,000 characters/,
    );
    expect(publish.json().problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'logic.rules.0.conditions.10', rule_id: 'many' }),
      ]),
    );
  });
});
