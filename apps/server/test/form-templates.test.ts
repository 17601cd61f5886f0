import { toSavePayload } from '@formsmith/core/forms/api';
import { FORM_TEMPLATES, findTemplate } from '@formsmith/core/templates/catalog';
import { formFromTemplate } from '@formsmith/core/templates/template';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishForm } from './forms-fixtures.ts';
import { dbKind } from './helpers/app.ts';
import { createOwnerTestApp, type TestUser } from './helpers/users.ts';

// Every gallery template is a draft the server accepts as it is, and publishes.
describe(`gallery templates through the API (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
  });
  afterAll(async () => {
    await app.close();
  });

  async function createFromTemplate(id: string): Promise<number> {
    const template = findTemplate(id);
    if (!template) throw new Error(`no template ${id}`);
    const res = await app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: owner.auth,
      payload: toSavePayload(formFromTemplate(template)),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  const submit = (formId: number, data: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      headers: { 'user-agent': 'TemplateTest/1.0' },
      payload: { data, metadata: { analytics: { totalTimeSpent: 20, completed: true } } },
    });

  it.each(FORM_TEMPLATES.map((t) => [t.id, t] as const))(
    '%s saves as a draft and publishes',
    async (id, template) => {
      const formId = await createFromTemplate(id);
      const draft = (
        await app.inject({ method: 'GET', url: `/api/forms/${formId}`, headers: owner.auth })
      ).json();
      expect(draft.title).toBe(template.form.title);
      expect(draft.is_published).toBe(false);
      expect(draft.fields.map((f: { id: string }) => f.id)).toEqual(template.form.fields.map((f) => f.id));
      expect(draft.logic.rules).toHaveLength(template.form.logic.rules.length);
      await publishForm(app, owner, formId);
      const publicView = await app.inject({ method: 'GET', url: `/api/forms/${formId}` });
      expect(publicView.statusCode, publicView.body).toBe(200);
    },
  );

  it('the RSVP ends with its kind ending for a guest who cannot come', async () => {
    const formId = await createFromTemplate('rsvp');
    await publishForm(app, owner, formId);
    const res = await submit(formId, { name: 'Ann', email: 'ann@example.com', attending: 'no' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().ending).toMatchObject({ title: 'We will miss you, Ann' });
  });

  it('the RSVP thanks a guest who comes with its success message, not the ending for those who cannot', async () => {
    const formId = await createFromTemplate('rsvp');
    const draft = (
      await app.inject({ method: 'GET', url: `/api/forms/${formId}`, headers: owner.auth })
    ).json();
    expect(draft.logic.endings.map((e: { id: string }) => e.id)).toEqual(['ending_default', 'declined']);
    await publishForm(app, owner, formId);
    const res = await submit(formId, {
      name: 'Ann',
      email: 'ann@example.com',
      attending: 'yes',
      guests: 1,
      menu: 'fish',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().ending).toMatchObject({ message: 'Thank you! We cannot wait to see you.' });
  });

  it('the quiz is scored by the server against its pass mark', async () => {
    const formId = await createFromTemplate('quiz');
    await publishForm(app, owner, formId);
    const res = await submit(formId, {
      name: 'Ann',
      q_planet: 'mars',
      q_ocean: 'pacific',
      q_painter: 'leonardo_da_vinci',
      q_water: '90_c',
      q_continents: 'seven',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().ending).toMatchObject({
      title: 'Well done, Ann!',
      message: 'You scored 4 out of 5 and passed.',
    });
  });
});
