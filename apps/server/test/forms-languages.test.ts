import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishForm } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';

/** A form in English with French and Arabic translations (one French label left untranslated). */
export const TRILINGUAL = {
  title: 'Team lunch',
  description: 'Tell us what you would like',
  language: 'en',
  fields: [
    { id: 'name', type: 'text', label: 'Your name', is_required: true, validation_rules: { minLength: 2 } },
    {
      id: 'meal',
      type: 'radio',
      label: 'Meal',
      is_required: true,
      options: [
        { id: 'o1', label: 'Fish', value: 'fish' },
        { id: 'o2', label: 'Vegetables', value: 'veg' },
      ],
    },
    { id: 'notes', type: 'textarea', label: 'Anything else?' },
  ],
  translations: {
    fr: {
      title: 'Déjeuner d’équipe',
      'field.name.label': 'Votre nom',
      'field.meal.label': 'Repas',
      'field.meal.option.o1': 'Poisson',
      'field.meal.option.o2': 'Légumes',
    },
    ar: {
      title: 'غداء الفريق',
      'field.name.label': 'اسمك',
      'field.meal.label': 'الوجبة',
      'field.meal.option.o1': 'سمك',
      'field.meal.option.o2': 'خضار',
      'field.notes.label': 'هل من شيء آخر؟',
    },
  },
};

describe(`form languages (${dbKind})`, () => {
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

  const create = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/forms', headers: owner.auth, payload });

  it('stores the default language and translations and sends them back to the owner', async () => {
    const res = await create(TRILINGUAL);
    expect(res.statusCode, res.body).toBe(201);
    const form = res.json();
    expect(form.language).toBe('en');
    expect(form.translations.fr['field.meal.option.o1']).toBe('Poisson');
    expect(Object.keys(form.translations).sort()).toEqual(['ar', 'fr']);
  });

  it('a form saved without languages is in English with no translations', async () => {
    const res = await create({ title: 'Plain' });
    expect(res.json()).toMatchObject({ language: 'en', translations: {} });
  });

  it('reads language tags to their canonical form', async () => {
    const res = await create({
      title: 'Tags',
      language: 'PT-br',
      translations: { 'zh-cn': { title: '标题' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ language: 'pt-BR', translations: { 'zh-CN': { title: '标题' } } });
  });

  it('refuses a tag that is not a language, more than 30 languages, and the default as a translation', async () => {
    const bad = await create({ title: 'Bad', language: 'not a language' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('language');

    const many = Object.fromEntries(
      ['af', 'am', 'ar', 'az', 'be', 'bg', 'bn', 'bs', 'ca', 'cs', 'cy', 'da', 'de', 'el', 'es', 'et']
        .concat(['eu', 'fa', 'fi', 'fr', 'ga', 'gl', 'gu', 'he', 'hi', 'hr', 'hu', 'hy', 'id', 'is', 'it'])
        .map((tag) => [tag, { title: tag }]),
    );
    const tooMany = await create({ title: 'Many', translations: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatch(/at most 30 languages/);

    const itself = await create({ title: 'Self', language: 'fr', translations: { fr: { title: 'x' } } });
    expect(itself.statusCode).toBe(422);
    expect(itself.json().fields).toHaveProperty('translations.fr');
  });

  it('refuses a translated text longer than the text it translates may be', async () => {
    const res = await create({ ...TRILINGUAL, translations: { fr: { title: 'T'.repeat(201) } } });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields['translations.fr.title']).toMatch(/at most 200 characters/);
  });

  it('drops the translations of a field the save removes, keeps the others', async () => {
    const form = (await create(TRILINGUAL)).json();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/forms/${form.id}`,
      headers: owner.auth,
      payload: { fields: TRILINGUAL.fields.filter((field) => field.id !== 'notes') },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().translations.ar).not.toHaveProperty('field.notes.label');
    expect(res.json().translations.ar['field.name.label']).toBe('اسمك');
  });

  it('publishes the translations with the form, and the public view carries them', async () => {
    const form = (await create(TRILINGUAL)).json();
    await publishForm(app, owner, form.id);
    await app.inject({
      method: 'PUT',
      url: `/api/forms/${form.id}`,
      headers: owner.auth,
      payload: { translations: { fr: { title: 'Brouillon' } } },
    });
    const view = await app.inject({ method: 'GET', url: `/api/forms/${form.id}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      language: 'en',
      translations: { fr: { title: 'Déjeuner d’équipe' } },
    });
    // The French notes label is untranslated: the page falls back to the English text for it alone.
    expect(view.json().translations.fr).not.toHaveProperty('field.notes.label');
  });

  it('shows the access gate’s title and the closed message in the respondent’s language', async () => {
    const gated = (
      await create({
        ...TRILINGUAL,
        access_restriction: 'password',
        access_code: 'letmein',
      })
    ).json();
    await publishForm(app, owner, gated.id);
    const gate = await app.inject({ method: 'GET', url: `/api/forms/${gated.id}?lang=fr` });
    expect(gate.statusCode).toBe(403);
    expect(gate.json().fields.form_title).toBe('Déjeuner d’équipe');
    const browser = await app.inject({
      method: 'GET',
      url: `/api/forms/${gated.id}`,
      headers: { 'accept-language': 'ar,en;q=0.5' },
    });
    expect(browser.json().fields.form_title).toBe('غداء الفريق');

    const closing = (await create(TRILINGUAL)).json();
    await publishForm(app, owner, closing.id);
    const limits = await app.inject({
      method: 'PUT',
      url: `/api/forms/${closing.id}/limits`,
      headers: owner.auth,
      payload: {
        response_limit: null,
        opens_at: null,
        closes_at: '2020-01-01T00:00',
        time_zone: 'UTC',
        closed_message: 'Sorry, we are full',
        one_response_per_browser: false,
      },
    });
    expect(limits.statusCode, limits.body).toBe(200);
    await app.inject({
      method: 'PUT',
      url: `/api/forms/${closing.id}`,
      headers: owner.auth,
      payload: {
        translations: { ...TRILINGUAL.translations, fr: { closedMessage: 'Désolé, c’est complet' } },
      },
    });
    const closed = await app.inject({ method: 'GET', url: `/api/forms/${closing.id}?lang=fr` });
    expect(closed.statusCode).toBe(410);
    expect(closed.json().fields.closed_message).toBe('Désolé, c’est complet');
    const english = await app.inject({ method: 'GET', url: `/api/forms/${closing.id}` });
    expect(english.json().fields.closed_message).toBe('Sorry, we are full');
  });

  it('a stranger cannot change another owner’s translations (404)', async () => {
    const form = (await create(TRILINGUAL)).json();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/forms/${form.id}`,
      headers: stranger.auth,
      payload: { translations: { fr: { title: 'Piraté' } } },
    });
    expect(res.statusCode).toBe(404);
  });

  describe('submissions in a language', () => {
    let formId: number;
    const ready = { _honeypot: '', _formLoadTime: Date.now() - 10_000 };
    const submit = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: `/api/form-submissions/forms/${formId}/submit`,
        headers,
        payload: { metadata: {}, ...payload },
      });
    const list = (query: string, user: TestUser = owner) =>
      app.inject({
        method: 'GET',
        url: `/api/form-submissions/forms/${formId}/submissions?${query}`,
        headers: user.auth,
      });

    beforeAll(async () => {
      formId = (await create(TRILINGUAL)).json().id;
      await publishForm(app, owner, formId);
    });

    it('stores the language a submission names with lang', async () => {
      const res = await submit({ lang: 'fr', data: { name: 'Zoé', meal: 'fish', ...ready } });
      expect(res.statusCode, res.body).toBe(201);
      const items = (await list('limit=100')).json().items;
      const stored = items.find((item: { id: string }) => item.id === res.json().submission_id);
      // The answer is the option's value, the same in every language.
      expect(stored).toMatchObject({ language: 'fr', data: { meal: 'fish' } });
    });

    it('answers validation errors in the submission language', async () => {
      const res = await submit({ lang: 'fr', data: { name: 'Z', ...ready } });
      expect(res.statusCode).toBe(422);
      expect(res.json().fields).toEqual({
        name: 'La longueur minimale est de 2 caractères',
        meal: 'Ce champ est obligatoire',
      });
      expect(res.json().error).toBe('Erreur de validation');
      const arabic = await submit({ lang: 'ar', data: { name: 'Z', ...ready } });
      expect(arabic.json().fields.meal).toBe('هذا الحقل مطلوب');
    });

    it('refuses an empty submission in the submission language', async () => {
      const french = await submit({ lang: 'fr', data: {} });
      expect(french.statusCode).toBe(400);
      expect(french.json().error).toBe('Les données du formulaire sont requises');
      const english = await submit({ data: { unknown: 'x' } });
      expect(english.json().error).toBe('Form data is required');
    });

    it('reads the browser Accept-Language when no lang is named, else the default', async () => {
      const french = await submit(
        { data: { name: 'Zoé', meal: 'veg', ...ready } },
        { 'accept-language': 'fr-FR,fr;q=0.9' },
      );
      const german = await submit({ lang: 'de', data: { name: 'Jörg', meal: 'veg', ...ready } });
      const items = (await list('limit=100')).json().items as { id: string; language: string }[];
      expect(items.find((item) => item.id === french.json().submission_id)?.language).toBe('fr');
      // The form has no German: the default language.
      expect(items.find((item) => item.id === german.json().submission_id)?.language).toBe('en');
    });

    it('filters the owner’s table by language', async () => {
      await submit({ lang: 'ar', data: { name: 'Sami', meal: 'veg', ...ready } });
      const arabic = (await list('language=ar')).json();
      expect(arabic.total).toBe(1);
      expect(arabic.items[0].language).toBe('ar');
      const french = (await list('language=fr')).json();
      expect(french.items.every((item: { language: string }) => item.language === 'fr')).toBe(true);
      expect(french.total).toBeGreaterThanOrEqual(2);
    });

    it('exports a Language column in CSV and JSON, with answers in the owner’s language', async () => {
      const csv = await app.inject({
        method: 'GET',
        url: `/api/form-submissions/forms/${formId}/export?format=csv`,
        headers: owner.auth,
      });
      expect(csv.statusCode).toBe(200);
      const rows = parse(csv.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
      expect(Object.keys(rows[0]!)).toContain('Language');
      const zoe = rows.find((row) => row['Your name'] === 'Zoé' && row.Language === 'fr');
      // Picked in French ('Poisson'), shown in the form's own language.
      expect(zoe?.Meal).toBe('Fish');
      const json = await app.inject({
        method: 'GET',
        url: `/api/form-submissions/forms/${formId}/export?format=json`,
        headers: owner.auth,
      });
      expect(json.json().map((item: { language: string }) => item.language)).toContain('ar');
    });

    it('a stranger gets 404 on the language filter of another owner’s form', async () => {
      expect((await list('language=fr', stranger)).statusCode).toBe(404);
    });
  });
});
