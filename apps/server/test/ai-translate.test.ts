import { errorBodySchema } from '@formsmith/core/errors';
import { translationProposalSchema } from '@formsmith/core/i18n/translate-api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm } from './forms-fixtures.ts';
import { dbKind } from './helpers/app.ts';
import { completion, type ModelServer, silence, startModelServer } from './helpers/model-server.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';

const TEXTS = {
  title: 'Customer feedback',
  'field.name.label': 'Your name',
  'field.rating.helpText': 'Thanks {{name}}, how did we do?',
};

const FRENCH = {
  translations: [
    { key: 'title', text: 'Avis des clients' },
    { key: 'field.name.label', text: 'Votre nom' },
    { key: 'field.rating.helpText', text: 'Merci {{name}}, comment avons-nous fait ?' },
  ],
};

describe(`POST /api/forms/:id/translate with a model (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stranger: TestUser;
  let model: ModelServer;
  let formId: number;

  beforeAll(async () => {
    model = await startModelServer();
    ({ app, owner } = await createOwnerTestApp({
      env: {
        AI_BASE_URL: model.baseUrl,
        AI_MODEL: 'test-model',
        // Long enough for a busy machine; the timeout case waits for it once.
        AI_TIMEOUT_MS: '2000',
        AI_RETRIES: '1',
      },
    }));
    stranger = await createTestUser(app);
    formId = (await createForm(app, owner)).id;
  });
  afterAll(async () => {
    await app.close();
    await model.close();
  });

  const translate = (payload: unknown, who: TestUser | null = owner, id: number | string = formId) =>
    app.inject({
      method: 'POST',
      url: `/api/forms/${id}/translate`,
      headers: who?.auth ?? {},
      payload: payload as Record<string, unknown>,
    });

  it("proposes the model's translations by key and sends it the texts with both languages named", async () => {
    model.script(completion(JSON.stringify(FRENCH)));
    const res = await translate({ from: 'en', to: 'fr', texts: TEXTS });
    expect(res.statusCode, res.body).toBe(200);
    expect(translationProposalSchema.parse(res.json())).toEqual({
      language: 'fr',
      model: 'test-model',
      translations: {
        title: 'Avis des clients',
        'field.name.label': 'Votre nom',
        'field.rating.helpText': 'Merci {{name}}, comment avons-nous fait ?',
      },
    });
    expect(model.requests).toHaveLength(1);
    const body = model.requests[0]?.body as { messages: { content: string }[]; response_format: unknown };
    expect(JSON.parse(body.messages[1]?.content ?? '')).toEqual({
      from: 'en (English)',
      to: 'fr (French)',
      texts: Object.entries(TEXTS).map(([key, text]) => ({ key, text })),
    });
    expect(body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'form_translation', strict: true },
    });
  });

  it('keeps only asked-for keys, and drops a translation that loses a {{…}} answer or is blank', async () => {
    const partial = {
      translations: [
        { key: 'field.name.label', text: '  Votre nom ' },
        { key: 'field.rating.helpText', text: 'Merci, comment avons-nous fait ?' },
        { key: 'title', text: '   ' },
        { key: 'field.ghost.label', text: 'Fantôme' },
      ],
    };
    model.script(completion(JSON.stringify(partial)));
    const res = await translate({ from: 'en', to: 'fr-CA', texts: TEXTS });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().translations).toEqual({ 'field.name.label': 'Votre nom' });
  });

  it("drops a translation longer than its text's limit in the form (it could not be saved)", async () => {
    const { id, fields } = await createForm(app, owner);
    const label = `field.${fields[0]?.id}.label`;
    const answer = {
      translations: [
        { key: label, text: 'N'.repeat(501) },
        { key: 'title', text: 'Avis' },
      ],
    };
    model.script(completion(JSON.stringify(answer)));
    const res = await translate(
      { from: 'en', to: 'fr', texts: { [label]: 'Your name', title: 'Feedback' } },
      owner,
      id,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().translations).toEqual({ title: 'Avis' });
  });

  it('asks again after a malformed answer, then says the answer was unusable and proposes nothing', async () => {
    model.script(
      completion('Sure! Here are your translations: Votre nom'),
      completion('{"translations": 3}'),
    );
    const res = await translate({ from: 'en', to: 'fr', texts: TEXTS });
    expect(res.statusCode).toBe(503);
    expect(errorBodySchema.parse(res.json())).toEqual({
      error: "The model's answer was not a usable translation. Nothing was translated; please try again.",
      code: 'UNAVAILABLE',
    });
    expect(model.requests).toHaveLength(2);
  });

  it('gives up when the model does not answer within AI_TIMEOUT_MS, and says so', async () => {
    model.script(silence(), silence());
    const started = Date.now();
    const res = await translate({ from: 'en', to: 'fr', texts: TEXTS });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      error: 'The model did not answer within 2 s. Nothing was translated; please try again.',
      code: 'UNAVAILABLE',
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("answers 404 for another owner's form, a missing one and a bad id, and asks the model nothing", async () => {
    model.script(completion(JSON.stringify(FRENCH)));
    for (const [who, id] of [
      [stranger, formId],
      [owner, 2_000_000_000],
      [owner, 'abc'],
    ] as const) {
      const res = await translate({ from: 'en', to: 'fr', texts: TEXTS }, who, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Form not found', code: 'NOT_FOUND' });
    }
    expect(model.requests).toHaveLength(0);
  });

  it('refuses no token with 401, and bad input with 400 naming what is wrong', async () => {
    expect((await translate({ from: 'en', to: 'fr', texts: TEXTS }, null)).statusCode).toBe(401);
    const empty = await translate({ from: 'en', to: 'fr', texts: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { texts: 'There is nothing to translate: every text of this language is already translated.' },
    });
    const badTag = await translate({ from: 'en', to: 'French!', texts: TEXTS });
    expect(badTag.statusCode).toBe(400);
    expect(badTag.json().fields).toEqual({ to: 'Use a language tag such as en, fr or pt-BR' });
    const long = await translate({ from: 'en', to: 'fr', texts: { title: 'x'.repeat(5001) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({
      'texts.title': 'A text to translate is longer than 5000 characters.',
    });
  });
});

describe(`POST /api/forms/:id/translate without a model (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
  });
  afterAll(async () => {
    await app.close();
  });

  it('explains how to connect a model and proposes no translations', async () => {
    const { id } = await createForm(app, owner);
    const res = await app.inject({
      method: 'POST',
      url: `/api/forms/${id}/translate`,
      headers: owner.auth,
      payload: { from: 'en', to: 'fr', texts: TEXTS },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error:
        'Translating needs an AI model: set AI_BASE_URL (and AI_API_KEY, AI_MODEL) on the server and restart it. Nothing was translated.',
      code: 'UNAVAILABLE',
    });
  });
});
