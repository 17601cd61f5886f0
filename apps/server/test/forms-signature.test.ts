import type { FormAnalytics } from '@formsmith/core/analytics/api';
import { SIGNATURE_MAX_BYTES } from '@formsmith/core/forms/limits';
import { EXPORT_META_HEADERS } from '@formsmith/core/submissions/api';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../src/db/schema.ts';
import { createForm, publishForm, uniqueSlug } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { buildFillPageWeb } from './helpers/fill-page-web.ts';
import { hiddenOf } from './helpers/posted-page.ts';
import { storedSubmissions } from './helpers/stored.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { multipart } from './intake-fixtures.ts';

/** The columns every export row starts with (reference, id, time, status, language). */
const META = EXPORT_META_HEADERS.length;

const FIELDS = [
  { id: 'name', label: 'Name', type: 'text' },
  { id: 'sig', label: 'Signature', type: 'signature', is_required: true },
];

/** A small real PNG: a dark line on white, as the page's canvas draws one. */
function drawnPng(): Buffer {
  const png = new PNG({ width: 40, height: 10 });
  png.data.fill(255);
  for (let x = 5; x < 35; x++) {
    const at = (5 * 40 + x) * 4;
    png.data[at] = png.data[at + 1] = png.data[at + 2] = 0;
  }
  return PNG.sync.write(png);
}

const SIGNED_AT = '2026-11-28T10:00:00.000Z';

describe(`signature fields (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let formId: number;
  let slug: string;

  const upload = (content: Buffer, fieldId = 'sig') => {
    const body = multipart([
      { name: 'field_id', value: fieldId },
      { name: 'file', filename: 'signature.png', type: 'image/png', content },
    ]);
    return app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/uploads`,
      headers: body.headers,
      payload: body.payload,
    });
  };
  const submit = (data: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { data: { ...data, _honeypot: '', _formLoadTime: Date.now() - 10_000 } },
    });

  beforeAll(async () => {
    app = await createTestApp({ env: { WEB_DIST: buildFillPageWeb() } });
    owner = await createTestUser(app);
    slug = uniqueSlug('signature');
    const form = await createForm(app, owner, { title: 'Consent', slug, fields: FIELDS });
    formId = form.id;
    await publishForm(app, owner, formId);
  }, 60_000);
  afterAll(() => app.close());

  it('saves and publishes a required signature field', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/forms/${formId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().fields[1]).toMatchObject({ id: 'sig', type: 'signature', is_required: true });
  });

  it('refuses a submission without the required signature', async () => {
    const res = await submit({ name: 'Ada' });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({ sig: 'This field is required' });
  });

  it('stores a drawn PNG like an upload, with how and when it was signed', async () => {
    const up = await upload(drawnPng());
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json()).toMatchObject({ type: 'image/png', name: 'signature.png' });
    const res = await submit({
      name: 'Ada',
      sig: { ...(up.json() as object), method: 'drawn', signed_at: SIGNED_AT },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().submission_id;
    const [row] = await storedSubmissions(app, eq(submissions.id, id));
    expect(row!.data.sig).toEqual({
      upload_id: up.json().upload_id,
      name: 'signature.png',
      size: up.json().size,
      type: 'image/png',
      method: 'drawn',
      signed_at: SIGNED_AT,
    });
    const file = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/submissions/${id}/files/${up.json().upload_id}`,
      headers: owner.auth,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 8)).toEqual(drawnPng().subarray(0, 8));
  });

  it('refuses a file that is not a PNG, whatever it claims, with a clear message', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]);
    const res = await upload(gif);
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({ sig: 'A signature must be a PNG image' });
  });

  it('refuses a PNG over the signature size limit', async () => {
    const big = Buffer.concat([drawnPng(), Buffer.alloc(SIGNATURE_MAX_BYTES)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().fields.sig).toMatch(/The file is too large \(at most 512 KB\)/);
  });

  it('refuses a drawn signature that names no uploaded file', async () => {
    const res = await submit({ sig: { method: 'drawn', signed_at: SIGNED_AT } });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.sig).toBe('Please sign: draw your signature or type your name');
  });

  it('takes a name typed on the page without JavaScript as a typed signature, stamped by the server', async () => {
    const page = await app.inject({ method: 'GET', url: `/form/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<input[^>]+name="sig"[^>]*>/);
    const before = Date.now();
    const res = await app.inject({
      method: 'POST',
      url: `/form/${slug}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost:3000',
        'user-agent': 'NoScript/1.0',
      },
      payload: new URLSearchParams([
        ...hiddenOf(page.body).filter(([name]) => name !== '_formLoadTime'),
        ['_formLoadTime', String(Date.now() - 10_000)],
        ['name', 'Grace'],
        ['sig', 'Grace Hopper'],
        ['website', ''],
        ['_action', 'submit'],
      ]).toString(),
    });
    expect(res.statusCode, res.body.slice(0, 400)).toBe(200);
    const rows = await storedSubmissions(app, eq(submissions.formId, formId));
    const typed = rows.map((r) => r.data).find((d) => d.name === 'Grace')!;
    expect(typed.sig).toMatchObject({ method: 'typed', typed_name: 'Grace Hopper' });
    expect(Date.parse((typed.sig as { signed_at: string }).signed_at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('exports the signature and the time it was signed, and the file to JSON', async () => {
    const csv = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/export?format=csv`,
      headers: owner.auth,
    });
    expect(csv.statusCode).toBe(200);
    const rows: string[][] = parse(csv.body.replace(/^\uFEFF/, ''));
    expect(rows[0]!.slice(META)).toEqual(['Name', 'Signature', 'Signature [Signed at]']);
    const byName = new Map(rows.slice(1).map((r) => [r[META], r.slice(META + 1)]));
    expect(byName.get('Ada')).toEqual(['Signed (drawn)', SIGNED_AT]);
    expect(byName.get('Grace')![0]).toBe('Signed (typed): Grace Hopper');
    const json = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/export?format=json`,
      headers: owner.auth,
    });
    expect(json.statusCode).toBe(200);
    expect(json.body).toContain('"method":"drawn"');
    expect(json.body).toContain(`"signed_at":"${SIGNED_AT}"`);
  });

  it('counts signed and not signed in the analytics', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/analytics/forms/${formId}`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    const sig = (res.json() as FormAnalytics).field_analytics.find((f) => f.field_id === 'sig');
    expect(sig).toMatchObject({ response_count: 2, answer_distribution: { Signed: 2 } });
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
