import { EXPORT_META_HEADERS } from '@formsmith/core/submissions/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../src/db/schema.ts';
import { createForm, publishForm, uniqueSlug } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { buildFillPageWeb } from './helpers/fill-page-web.ts';
import { ownerReads } from './helpers/owner-reads.ts';
import { respondent } from './helpers/posted-page.ts';
import { storedSubmissions } from './helpers/stored.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';

/** The columns every export row starts with (reference, id, time, status, language). */
const META = EXPORT_META_HEADERS.length;

const FIELDS = [
  { id: 'home', label: 'Home', type: 'address', is_required: true, default_country: 'GB' },
  { id: 'ship', label: 'Ship to', type: 'address', parts: ['line1', 'city', 'postalCode', 'country'] },
];

const LONDON = { line1: '10 Downing Street', city: 'London', postalCode: 'SW1A 2AA', country: 'GB' };
const PARIS = { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' };

describe(`address fields (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let formId: number;
  let slug: string;

  // Read when a respondent answers, once the form exists.
  const { submit, postPage } = respondent(() => app, {
    formId: () => formId,
    slug: () => slug,
  });
  const reads = ownerReads(
    () => app,
    () => owner,
    () => formId,
  );

  beforeAll(async () => {
    app = await createTestApp({ env: { WEB_DIST: buildFillPageWeb() } });
    owner = await createTestUser(app);
    slug = uniqueSlug('address');
    const form = await createForm(app, owner, { title: 'Deliveries', slug, fields: FIELDS });
    formId = form.id;
    await publishForm(app, owner, formId);
  }, 60_000);
  afterAll(() => app.close());

  it('saves and publishes an address with its parts and default country', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/forms/${formId}` });
    expect(res.statusCode).toBe(200);
    const [home, ship] = res.json().fields;
    expect(home).toMatchObject({ type: 'address', is_required: true, default_country: 'GB' });
    expect(ship).toMatchObject({ type: 'address', parts: ['line1', 'city', 'postalCode', 'country'] });
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
  });

  it('refuses missing parts, an unknown country, a malformed postcode and a part too long, each with its message', async () => {
    const res = await submit({
      home: { ...LONDON, city: '' },
      ship: { ...PARIS, country: 'XX' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({
      home: 'Please fill in every required part of the address',
      ship: 'Please choose a country from the list',
    });
    const shape = await submit({
      home: { ...LONDON, postalCode: '12345' },
      ship: { ...PARIS, region: 'IDF' },
    });
    expect(shape.statusCode).toBe(422);
    expect(shape.json().fields).toEqual({
      home: 'Please check the postal code: it does not look like one of this country',
      ship: 'Please enter an address',
    });
    const long = await submit({ home: { ...LONDON, line1: 'x'.repeat(201) } });
    expect(long.statusCode).toBe(422);
    expect(long.json().fields.home).toBe('Maximum length is 200 characters');
  });

  it('counts an address with only the preselected country as unanswered', async () => {
    const res = await submit({ home: { country: 'GB' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({ home: 'This field is required' });
  });

  it('stores JSON answers trimmed, the country upper-cased, and nothing for a country alone', async () => {
    const res = await submit({
      home: { ...LONDON, line1: ' 10 Downing Street ', country: 'gb' },
      ship: { country: 'FR' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await storedSubmissions(app, eq(submissions.id, res.json().submission_id));
    expect(row!.data).toEqual({ home: LONDON });
  });

  it('takes a form posted without JavaScript, each part its own named input', async () => {
    const page = await app.inject({ method: 'GET', url: `/form/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<select[^>]+name="home\[country\]"/);
    expect(page.body).toMatch(/<option selected value="GB">/);
    expect(page.body).toMatch(/name="home\[line1\]"/);
    expect(page.body).toMatch(/autoComplete="address-line1"|autocomplete="address-line1"/);
    expect(page.body).not.toMatch(/name="ship\[region\]"/);

    const bad = await postPage(page.body, [
      ['home[line1]', '1 Rue de Rivoli'],
      ['home[city]', 'Paris'],
      ['home[postalCode]', '7500'],
      ['home[country]', 'FR'],
      ['ship[country]', 'DE'],
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Please check the postal code');
    // What was typed, and the country picked, stay on the page sent back.
    expect(bad.body).toMatch(/<input[^>]+value="1 Rue de Rivoli"/);
    expect(bad.body).toMatch(/<option selected value="FR">/);

    const res = await postPage(bad.body, [
      ['home[line1]', '1 Rue de Rivoli'],
      ['home[city]', 'Paris'],
      ['home[postalCode]', '75001'],
      ['home[country]', 'FR'],
      ['ship[line1]', 'Unter den Linden 1'],
      ['ship[city]', 'Berlin'],
      ['ship[postalCode]', '10117'],
      ['ship[country]', 'DE'],
    ]);
    expect(res.statusCode, res.body.slice(0, 400)).toBe(200);
    const rows = await storedSubmissions(app, eq(submissions.formId, formId));
    expect(rows.map((r) => r.data)).toContainEqual({
      home: PARIS,
      ship: { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DE' },
    });
  });

  it('exports one CSV column per part shown, and the parts to JSON', async () => {
    const rows = await reads.csvRows();
    expect(rows[0]!.slice(META)).toEqual([
      'Home — Address line 1',
      'Home — Address line 2',
      'Home — City',
      'Home — State / Province / Region',
      'Home — Postal code',
      'Home — Country',
      'Ship to — Address line 1',
      'Ship to — City',
      'Ship to — Postal code',
      'Ship to — Country',
    ]);
    expect(rows.slice(1).map((r) => r.slice(META))).toContainEqual([
      '1 Rue de Rivoli',
      '',
      'Paris',
      '',
      '75001',
      'FR',
      'Unter den Linden 1',
      'Berlin',
      '10117',
      'DE',
    ]);
    expect(await reads.json()).toContain('"postalCode":"SW1A 2AA"');
  });

  it('counts addresses by country in the analytics', async () => {
    const byId = await reads.analytics();
    expect(byId.get('home')).toMatchObject({ response_count: 2, answer_distribution: { GB: 1, FR: 1 } });
    expect(byId.get('ship')!.answer_distribution).toEqual({ DE: 1 });
  });

  it('answers a stranger’s export with 404', async () => {
    expect((await reads.strangerExport()).statusCode).toBe(404);
  });
});
