import type { FormAnalytics } from '@formsmith/core/analytics/api';
import { EXPORT_META_HEADERS } from '@formsmith/core/submissions/api';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { submissions } from '../src/db/schema.ts';
import { createForm, publishForm, uniqueSlug } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { buildFillPageWeb } from './helpers/fill-page-web.ts';
import { hiddenOf, type Posted } from './helpers/posted-page.ts';
import { storedSubmissions } from './helpers/stored.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';

/** The columns every export row starts with (reference, id, time, status, language). */
const META = EXPORT_META_HEADERS.length;

const FIELDS = [
  { id: 'tel', label: 'Phone', type: 'phone', is_required: true, default_country: 'GB' },
  { id: 'mobile', label: 'Mobile', type: 'phone' },
];

const INVALID = 'Please enter a valid phone number, with its country';

describe(`phone fields (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let formId: number;
  let slug: string;

  const submit = (data: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { data: { ...data, _honeypot: '', _formLoadTime: Date.now() - 10_000 } },
    });
  const postPage = (fields: Posted) =>
    app.inject({
      method: 'POST',
      url: `/form/${slug}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:3000',
        'user-agent': 'NoScript/1.0',
      },
      payload: new URLSearchParams(fields).toString(),
    });
  const answersPosted = (html: string, filled: Posted): Posted => [
    ...hiddenOf(html).filter(([name]) => name !== '_formLoadTime'),
    ['_formLoadTime', String(Date.now() - 10_000)],
    ...filled,
    ['website', ''],
    ['_action', 'submit'],
  ];

  beforeAll(async () => {
    app = await createTestApp({ env: { WEB_DIST: buildFillPageWeb() } });
    owner = await createTestUser(app);
    slug = uniqueSlug('phone');
    const form = await createForm(app, owner, { title: 'Call back', slug, fields: FIELDS });
    formId = form.id;
    await publishForm(app, owner, formId);
  }, 60_000);
  afterAll(() => app.close());

  it('saves and publishes a phone field with its default country', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/forms/${formId}` });
    expect(res.statusCode).toBe(200);
    const [tel, mobile] = res.json().fields;
    expect(tel).toMatchObject({ type: 'phone', is_required: true, default_country: 'GB' });
    expect(mobile).not.toHaveProperty('default_country');
  });

  it('refuses a save with a default country the picker does not know, with a clear message', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/forms/${formId}`,
      headers: owner.auth,
      payload: { fields: [{ ...FIELDS[0], default_country: 'XX' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('The default country must be a known country code, like GB');
    expect(res.body).not.toContain('stack');
  });

  it('refuses a number that is no phone number, and a national one where no country is set', async () => {
    const res = await submit({ tel: '+44 12', mobile: '0612345678' });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({ tel: INVALID, mobile: INVALID });
  });

  it('stores JSON answers in E.164, national ones read in the default country, sealed at rest', async () => {
    const res = await submit({ tel: '020 7183 8750', mobile: '+1 (415) 555-2671' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().submission_id;
    const [row] = await storedSubmissions(app, eq(submissions.id, id));
    expect(row!.data).toEqual({ tel: '+442071838750', mobile: '+14155552671' });
    const raw = await queryRows<{ t: string }>(
      app.db,
      sql`select coalesce(data::text, '') || encode(coalesce(sealed_data, ''), 'escape') as t from submissions where id = ${id}`,
    );
    expect(raw[0]!.t).not.toContain('2071838750');
  });

  it('takes a form posted without JavaScript: a country select beside the number, read on the server', async () => {
    const page = await app.inject({ method: 'GET', url: `/form/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<select[^>]+name="tel\[country\]"/);
    expect(page.body).toMatch(/<option selected value="GB">/);
    expect(page.body).toMatch(/<input[^>]+name="tel"[^>]+type="tel"|<input[^>]+type="tel"[^>]+name="tel"/);

    const bad = await postPage(
      answersPosted(page.body, [
        ['tel[country]', 'FR'],
        ['tel', '06 12'],
        ['mobile[country]', ''],
        ['mobile', ''],
      ]),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain(INVALID);
    // What was typed, and the country picked, stay on the page sent back.
    expect(bad.body).toMatch(/<input[^>]+value="06 12"/);
    expect(bad.body).toMatch(/<option selected value="FR">/);

    const res = await postPage(
      answersPosted(bad.body, [
        ['tel[country]', 'FR'],
        ['tel', '06 12 34 56 78'],
        ['mobile[country]', 'DE'],
        ['mobile', '030 1234567'],
      ]),
    );
    expect(res.statusCode, res.body.slice(0, 400)).toBe(200);
    const rows = await storedSubmissions(app, eq(submissions.formId, formId));
    expect(rows.map((r) => r.data)).toContainEqual({ tel: '+33612345678', mobile: '+49301234567' });
  });

  it('exports numbers in the international format to CSV (quoted, as any cell starting +) and E.164 to JSON', async () => {
    const csv = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/export?format=csv`,
      headers: owner.auth,
    });
    expect(csv.statusCode).toBe(200);
    const rows: string[][] = parse(csv.body.replace(/^\uFEFF/, ''));
    expect(rows[0]!.slice(META)).toEqual(['Phone', 'Mobile']);
    expect(
      rows
        .slice(1)
        .map((r) => r.slice(META))
        .sort(),
    ).toEqual([
      // A cell starting with + would be read by a spreadsheet as a formula: the export quotes it.
      ["'+33 6 12 34 56 78", "'+49 30 1234567"],
      ["'+44 20 7183 8750", "'+1 415 555 2671"],
    ]);
    const json = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/export?format=json`,
      headers: owner.auth,
    });
    expect(json.statusCode).toBe(200);
    expect(json.body).toContain('"tel":"+442071838750"');
  });

  it('counts numbers by their calling code in the analytics', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/analytics/forms/${formId}`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    const byId = new Map((res.json() as FormAnalytics).field_analytics.map((f) => [f.field_id, f]));
    expect(byId.get('tel')).toMatchObject({ response_count: 2, answer_distribution: { '+44': 1, '+33': 1 } });
    expect(byId.get('mobile')!.answer_distribution).toEqual({ '+1': 1, '+49': 1 });
  });

  it('answers a stranger’s export with 404', async () => {
    const stranger = await createTestUser(app);
    const res = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/export?format=csv`,
      headers: stranger.auth,
    });
    expect(res.statusCode).toBe(404);
  });
});
