import type { FormAnalytics } from '@formsmith/core/analytics/api';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../src/db/schema.ts';
import { createForm, publishForm } from './forms-fixtures.ts';
import { dbKind } from './helpers/app.ts';
import { storedSubmissions } from './helpers/stored.ts';
import { createOwnerTestApp, type TestUser } from './helpers/users.ts';

const FIELDS = [
  {
    id: 'intro',
    label: 'About your visit',
    field_type: 'statement',
    help_text: 'Two quick questions',
    is_required: true,
  },
  {
    id: 'score',
    label: 'How likely are you to recommend us?',
    field_type: 'nps',
    is_required: true,
    low_label: 'Not likely',
    high_label: 'Very likely',
  },
  { id: 'again', label: 'Would you come again?', field_type: 'yes_no', is_required: true },
  {
    id: 'warmth',
    label: 'How warm was the room?',
    field_type: 'range',
    min: 0,
    max: 40,
    low_label: 'Cold',
    high_label: 'Hot',
  },
  {
    id: 'why_not',
    label: 'What would change your mind?',
    field_type: 'text',
    conditional_logic: {
      action: 'show',
      match: 'all',
      conditions: [{ fieldId: 'again', operator: 'equals', value: 'no' }],
    },
  },
];

describe(`NPS, yes/no and heading fields (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let formId: number;

  const submit = (data: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { data: { ...data, _honeypot: '', _formLoadTime: Date.now() - 10_000 } },
    });

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
    const form = await createForm(app, owner, { title: 'Visit', fields: FIELDS });
    formId = form.id;
    await publishForm(app, owner, formId);
  });
  afterAll(() => app.close());

  it('saves them with their own properties; a heading is never required', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/forms/${formId}`, headers: owner.auth });
    const fields = res.json().fields;
    expect(fields.map((f: { type: string }) => f.type)).toEqual([
      'statement',
      'nps',
      'yes_no',
      'range',
      'text',
    ]);
    expect(fields[0]).toMatchObject({
      label: 'About your visit',
      help_text: 'Two quick questions',
      is_required: false,
    });
    expect(fields[1]).toMatchObject({
      is_required: true,
      low_label: 'Not likely',
      high_label: 'Very likely',
    });
    const publicRes = await app.inject({ method: 'GET', url: `/api/forms/${formId}` });
    expect(publicRes.json().fields[1]).toMatchObject({ low_label: 'Not likely', high_label: 'Very likely' });
    expect(fields[3]).toMatchObject({ min: 0, max: 40, low_label: 'Cold', high_label: 'Hot' });
    expect(publicRes.json().fields[3]).toMatchObject({ low_label: 'Cold', high_label: 'Hot' });
  });

  it('refuses a score outside 0 to 10 and an answer other than yes or no, naming the fields', async () => {
    const res = await submit({ score: 11, again: 'maybe' });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({
      score: 'Please choose a whole number from 0 to 10',
      again: 'Please answer yes or no',
    });
    const missing = await submit({ score: 5 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().fields).toEqual({ again: 'This field is required' });
  });

  it('stores a score as a number and yes/no as text; the heading stores nothing', async () => {
    const res = await submit({ intro: 'sneaked in', score: '9', again: true });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await storedSubmissions(app, eq(submissions.id, res.json().submission_id));
    expect(row!.data).toEqual({ score: 9, again: 'yes' });
    const no = await submit({ score: 3, again: 'no', why_not: 'Faster service' });
    expect(no.statusCode, no.body).toBe(201);
  });

  it('exports and counts the answers, and leaves the heading out of both', async () => {
    const csv = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/export?format=csv`,
      headers: owner.auth,
    });
    expect(csv.statusCode).toBe(200);
    const rows: string[][] = parse(csv.body.replace(/^\uFEFF/, ''));
    const header = rows[0]!;
    expect(header).not.toContain('About your visit');
    const at = (label: string) => header.indexOf(label);
    const answers = rows
      .slice(1)
      .map((r) => [r[at('How likely are you to recommend us?')], r[at('Would you come again?')]]);
    expect(answers.sort()).toEqual([
      ['3', 'No'],
      ['9', 'Yes'],
    ]);

    const res = await app.inject({
      method: 'GET',
      url: `/api/analytics/forms/${formId}`,
      headers: owner.auth,
    });
    const analytics = res.json() as FormAnalytics;
    expect(analytics.field_analytics.map((f) => f.field_id)).toEqual(['score', 'again', 'warmth', 'why_not']);
    const byId = new Map(analytics.field_analytics.map((f) => [f.field_id, f]));
    expect(byId.get('score')).toMatchObject({ response_count: 2, answer_distribution: { '3': 1, '9': 1 } });
    expect(byId.get('again')).toMatchObject({ response_count: 2, answer_distribution: { Yes: 1, No: 1 } });
  });
});

describe(`'Other, please specify' on choice fields (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let formId: number;
  const options = [
    { label: 'Design', value: 'design' },
    { label: 'Code', value: 'code' },
  ];
  const OTHER_FIELDS = [
    { id: 'role', label: 'Role you apply for', type: 'radio', is_required: true, options, allow_other: true },
    { id: 'skills', label: 'Skills', type: 'checkbox', options, allow_other: true },
    { id: 'heard', label: 'Where did you hear of us?', type: 'select', options },
  ];

  const submit = (data: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { data: { ...data, _honeypot: '', _formLoadTime: Date.now() - 10_000 } },
    });

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
    const form = await createForm(app, owner, { title: 'Job application', fields: OTHER_FIELDS });
    formId = form.id;
    expect(form.fields.map((f) => f.allow_other)).toEqual([true, true, undefined]);
    await publishForm(app, owner, formId);
    const publicForm = await app.inject({ method: 'GET', url: `/api/forms/${formId}` });
    expect(publicForm.json().fields[0].allow_other).toBe(true);
  });
  afterAll(() => app.close());

  it('requires the text once Other is chosen, and refuses text where Other is not offered', async () => {
    const blank = await submit({ role: '__other__', skills: ['code', '__other__'] });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().fields).toEqual({
      role: 'Please specify your other answer',
      skills: 'Please specify your other answer',
    });
    const closed = await submit({ role: 'design', heard: 'A friend' });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().fields).toEqual({ heard: 'Please choose one of the options' });
  });

  it('stores the Other text, exports it as typed and counts it as Other', async () => {
    const res = await submit({ role: 'Product manager', skills: ['design', 'Welding'], heard: 'code' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await storedSubmissions(app, eq(submissions.id, res.json().submission_id));
    expect(row!.data).toEqual({ role: 'Product manager', skills: ['design', 'Welding'], heard: 'code' });
    expect((await submit({ role: 'code' })).statusCode).toBe(201);

    const csv = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/export?format=csv`,
      headers: owner.auth,
    });
    const rows: string[][] = parse(csv.body.replace(/^\uFEFF/, ''));
    const header = rows[0]!;
    const exported = rows
      .slice(1)
      .map((r) => [r[header.indexOf('Role you apply for')], r[header.indexOf('Skills')]]);
    expect(exported.sort()).toEqual([
      ['Code', ''],
      ['Product manager', 'Design, Welding'],
    ]);
    const json = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/export?format=json`,
      headers: owner.auth,
    });
    expect(json.body).toContain('"Product manager"');
    expect(json.body).toContain('"Welding"');

    const analytics = (
      await app.inject({ method: 'GET', url: `/api/analytics/forms/${formId}`, headers: owner.auth })
    ).json() as FormAnalytics;
    const byId = new Map(analytics.field_analytics.map((f) => [f.field_id, f]));
    expect(byId.get('role')!.answer_distribution).toEqual({ Code: 1, Other: 1 });
    expect(byId.get('skills')!.answer_distribution).toEqual({ Design: 1, Other: 1 });
  });
});
