import { wireFieldSchema } from '@formsmith/core/forms/field-wire';
import { LIMITS } from '@formsmith/core/limits';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';

const BLANK = 'Please enter a description of the form you want to create.';

const generatedBodySchema = z
  .object({
    form: z
      .object({
        title: z.string().min(1),
        description: z.string(),
        fields: z.array(wireFieldSchema).min(1),
        // Follow-ups are shown by rules: each its question's own rule (core logic/field-rules.ts).
        logic: z.object({ rules: z.array(z.record(z.string(), z.unknown())) }).passthrough(),
      })
      .strict(),
    // No AI_BASE_URL in these tests: the built-in generator answers, and says so.
    source: z.object({ generator: z.literal('builtin'), model: z.null(), fallback: z.null() }).strict(),
  })
  .strict();

function generate(app: FastifyInstance, user: TestUser | undefined, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/forms/generate',
    headers: user?.auth,
    payload: payload as Record<string, unknown>,
  });
}

describe(`POST /api/forms/generate (${dbKind})`, () => {
  let app: FastifyInstance;
  let user: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    user = await createTestUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('requires sign-in', async () => {
    const res = await generate(app, undefined, { description: 'a contact form' });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['blank', { description: '   \n ' }],
    ['missing', {}],
    ['not text', { description: 42 }],
  ])('answers the describe-your-form message for a %s description', async (_name, payload) => {
    const res = await generate(app, user, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: BLANK, fields: { description: BLANK } });
  });

  it('rejects a description longer than the limit with a clear message', async () => {
    const res = await generate(app, user, { description: 'a'.repeat(LIMITS.aiDescriptionMaxLength + 1) });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toContain(String(LIMITS.aiDescriptionMaxLength));
    expect(body.fields.description).toBe(body.error);
  });

  it('accepts a description exactly at the limit', async () => {
    const description =
      `Contact form: name, email, message. ${'x'.repeat(LIMITS.aiDescriptionMaxLength)}`.slice(
        0,
        LIMITS.aiDescriptionMaxLength,
      );
    const res = await generate(app, user, { description });
    expect(res.statusCode).toBe(200);
  });

  it('says the built-in generator answers when no model is configured', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/forms/generate/source', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ generator: 'builtin', model: null });
    const stranger = await app.inject({ method: 'GET', url: '/api/forms/generate/source' });
    expect(stranger.statusCode).toBe(401);
  });

  it('generates a contact form with name, email and message fields in wire shape', async () => {
    const res = await generate(app, user, { description: 'a contact form' });
    expect(res.statusCode).toBe(200);
    const { form } = generatedBodySchema.parse(res.json());
    expect(form.title).toMatch(/contact/i);
    const byLabel = (word: string) => form.fields.find((f) => f.label.toLowerCase().includes(word));
    expect(byLabel('name')).toMatchObject({ field_type: 'text', type: 'text', is_required: true });
    expect(byLabel('email')).toMatchObject({ field_type: 'email', type: 'email', is_required: true });
    expect(byLabel('message')).toMatchObject({ field_type: 'textarea', is_required: true });
    expect(form.fields.map((f) => f.position)).toEqual(form.fields.map((_, i) => i));
    expect(new Set(form.fields.map((f) => f.id)).size).toBe(form.fields.length);
    for (const field of form.fields) expect(field.validation_rules.required).toBe(field.is_required);
  });

  it('gives choice fields options with ids in the field and in validation_rules', async () => {
    const res = await generate(app, user, {
      description: 'Workshop signup: full name, email, t-shirt size (S, M, L), and rate the venue 1 to 5',
    });
    const { form } = generatedBodySchema.parse(res.json());
    const size = form.fields.find((f) => /shirt/i.test(f.label));
    expect(size?.options?.map((o) => o.label)).toEqual(['S', 'M', 'L']);
    expect(size?.options?.every((o) => typeof o.id === 'string' && o.id !== '')).toBe(true);
    expect(size?.validation_rules.options).toEqual(size?.options);
    const rating = form.fields.find((f) => /venue/i.test(f.label));
    expect(rating).toMatchObject({ min: 1, max: 5, validation_rules: { min: 1, max: 5 } });
  });

  it('accepts the body the editor saves as is', async () => {
    const res = await generate(app, user, { description: 'an RSVP form for a wedding' });
    const { form } = generatedBodySchema.parse(res.json());
    const save = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: user.auth,
      payload: { title: form.title, description: form.description, fields: form.fields },
    });
    expect(save.statusCode).toBe(201);
    expect(save.json().fields.map((f: { label: string }) => f.label)).toEqual(
      form.fields.map((f) => f.label),
    );
  });

  it('a request with a page and a follow-up gives a form that publishes and asks the follow-up only after its answer', async () => {
    const res = await generate(app, user, {
      description:
        'Parking request: name, email, do you need parking? If yes, ask for the licence plate. On a second page, your phone and comments.',
    });
    const { form } = generatedBodySchema.parse(res.json());
    expect(form.fields.map((f) => f.type)).toEqual([
      'text',
      'email',
      'yes_no',
      'text',
      'page_break',
      'phone',
      'textarea',
    ]);
    const [parking, plate] = [form.fields[2], form.fields[3]];
    // The follow-up is shown by its own rule of the form's logic, not a condition of its own.
    expect(plate).not.toHaveProperty('conditional_logic');
    expect(form.logic.rules).toEqual([
      {
        id: `field-${plate?.id}`,
        match: 'all',
        conditions: [{ source: 'field', ref: parking?.id, operator: 'equals', value: 'yes' }],
        actions: [{ type: 'show', field: plate?.id }],
      },
    ]);
    const save = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: user.auth,
      payload: { title: form.title, description: form.description, fields: form.fields, logic: form.logic },
    });
    expect(save.statusCode, save.body).toBe(201);
    const id = save.json().id;
    const publish = await app.inject({ method: 'POST', url: `/api/forms/${id}/publish`, headers: user.auth });
    expect(publish.statusCode, publish.body).toBe(200);
    const submit = (data: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: `/api/form-submissions/forms/${id}/submit`,
        payload: { data, metadata: { analytics: { totalTimeSpent: 20, completed: true } } },
      });
    const answers = { [form.fields[0]?.id ?? '']: 'Ada', [form.fields[1]?.id ?? '']: 'ada@example.com' };
    // The plate is asked, and required, only after a yes; a no needs no plate.
    expect(plate?.is_required).toBe(true);
    expect((await submit({ ...answers, [parking?.id ?? '']: 'no' })).statusCode).toBe(201);
    expect((await submit({ ...answers, [parking?.id ?? '']: 'yes' })).statusCode).toBe(422);
    const yes = await submit({ ...answers, [parking?.id ?? '']: 'yes', [plate?.id ?? '']: 'AB-123' });
    expect(yes.statusCode, yes.body).toBe(201);
  });
});

describe(`POST /api/forms/generate rate limit (${dbKind})`, () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    // 10% of the limit: 2 generations per user per minute.
    app = await createTestApp({ env: { RATE_LIMIT_FACTOR: '0.1' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 429 once one user generates too often, without limiting other users', async () => {
    const [busy, other] = [await createTestUser(app), await createTestUser(app)];
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await generate(app, busy, { description: 'a feedback form' });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().code).toBe('RATE_LIMITED');
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect((await generate(app, other, { description: 'a feedback form' })).statusCode).toBe(200);
  });
});
