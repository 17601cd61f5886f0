import { crc32, deflateSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { submissions } from '../src/db/schema.ts';
import { createForm, publishForm, uniqueSlug } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { buildFillPageWeb } from './helpers/fill-page-web.ts';
import { ownerReads } from './helpers/owner-reads.ts';
import { respondent } from './helpers/posted-page.ts';
import { storedSubmissions } from './helpers/stored.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { multipart } from './intake-fixtures.ts';

/** A real photo-sized JPEG carrying EXIF metadata, larger than the kept size. */
function photo(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Secret Photographer', ImageDescription: 'home address' } })
    .toBuffer();
}

/** A PNG of 74 bytes whose header claims 100000 × 100000 pixels: an image bomb. */
function bomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const MARKER = 'lighthousezq';

describe(`picture choice fields (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let formId: number;
  let slug: string;
  let pictureUrl: string;

  const { submit, postPage } = respondent(() => app, {
    formId: () => formId,
    slug: () => slug,
  });
  const reads = ownerReads(
    () => app,
    () => owner,
    () => formId,
  );
  const upload = (content: Buffer, type = 'image/jpeg', user = owner, id = formId) => {
    const body = multipart([{ name: 'file', filename: 'picture', type, content }]);
    return app.inject({
      method: 'POST',
      url: `/api/forms/${id}/pictures`,
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
  };
  const fields = (image: string, alt: string) => [
    {
      id: 'view',
      label: 'Favourite view',
      type: 'picture_choice',
      is_required: true,
      options: [
        { id: 'a', label: 'Lighthouse', value: MARKER, image, alt },
        { id: 'b', label: 'Harbour', value: 'harbour' },
      ],
    },
    {
      id: 'extras',
      label: 'Extras',
      type: 'picture_choice',
      multiple: true,
      options: [
        { id: 'x', label: 'Boat trip', value: 'boat', image, alt: 'A boat' },
        { id: 'y', label: 'Picnic', value: 'picnic' },
        { id: 'z', label: 'Museum', value: 'museum' },
      ],
    },
  ];
  const saveFields = (list: unknown[]) =>
    app.inject({
      method: 'PUT',
      url: `/api/forms/${formId}`,
      headers: owner.auth,
      payload: { fields: list },
    });

  beforeAll(async () => {
    app = await createTestApp({ env: { WEB_DIST: buildFillPageWeb() } });
    owner = await createTestUser(app);
    slug = uniqueSlug('pictures');
    const form = await createForm(app, owner, { title: 'Trips', slug, fields: [] });
    formId = form.id;
  }, 300_000);
  afterAll(() => app?.close());

  it('resizes an uploaded picture to WebP within 800 px, strips its metadata and serves it publicly', async () => {
    const res = await upload(await photo());
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ width: 800, height: 600 });
    expect(body.url).toBe(`/api/form-submissions/forms/${formId}/pictures/${body.id}`);
    pictureUrl = body.url;
    const served = await app.inject({ method: 'GET', url: pictureUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('public');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('Secret Photographer')).toBe(false);
  });

  it('serves a picture under its own form only', async () => {
    const other = await createForm(app, owner, { title: 'Other', slug: uniqueSlug('other'), fields: [] });
    const elsewhere = pictureUrl.replace(`/forms/${formId}/`, `/forms/${other.id}/`);
    expect((await app.inject({ method: 'GET', url: elsewhere })).statusCode).toBe(404);
    const unknown = pictureUrl.replace(/[a-f0-9]{40}$/, 'f'.repeat(40));
    expect((await app.inject({ method: 'GET', url: unknown })).statusCode).toBe(404);
  });

  it('refuses a stranger’s upload with 404, and what is not a picture, too big or a bomb with its message', async () => {
    const stranger = await createTestUser(app);
    expect((await upload(await photo(), 'image/jpeg', stranger)).statusCode).toBe(404);
    const text = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml');
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe(
      'This file is not a picture: upload a JPEG, PNG, WebP, GIF or AVIF image.',
    );
    const plain = await upload(Buffer.from('just some words'), 'text/plain');
    expect(plain.statusCode).toBe(415);
    const big = await upload(Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe('This picture is larger than 10 MB: upload a smaller one.');
    const bombed = await upload(bomb(), 'image/png');
    expect(bombed.statusCode).toBe(413);
    expect(bombed.json().error).toMatch(/too large to open/);
  });

  it('saves a draft with a picture lacking alt text, and publishing refuses it naming the option', async () => {
    const saved = await saveFields(fields(pictureUrl, ' '));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().fields[0].options[0]).toMatchObject({ image: pictureUrl, alt: ' ' });
    const refused = await app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/publish`,
      headers: owner.auth,
    });
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain('The picture of option “Lighthouse” needs an alt text');
    const foreign = await saveFields(fields('https://elsewhere.example/cat.png', 'A cat'));
    expect(foreign.statusCode).toBe(200);
    const refusedForeign = await app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/publish`,
      headers: owner.auth,
    });
    expect(refusedForeign.statusCode).toBe(422);
    expect(JSON.stringify(refusedForeign.json())).toContain('must be uploaded in the editor');
    expect((await saveFields(fields(pictureUrl, 'A lighthouse on a cliff'))).statusCode).toBe(200);
    const published = await publishForm(app, owner, formId);
    expect(published.fields[1]).toMatchObject({ type: 'picture_choice', multiple: true });
  });

  it('takes answers as JSON: values or labels, refusing unknown options and a list for one', async () => {
    const bad = await submit({ view: 'castle', extras: ['boat', 'boat'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields, bad.body).toEqual({
      view: 'Please choose one of the options',
      extras: 'Please choose one of the options',
    });
    const list = await submit({ view: [MARKER] });
    expect(list.statusCode).toBe(422);
    const empty = await submit({ extras: ['museum'] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().fields).toEqual({ view: 'This field is required' });
    const ok = await submit({ view: 'Lighthouse', extras: ['boat', 'Picnic'] });
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await storedSubmissions(app, eq(submissions.id, ok.json().submission_id));
    expect(row!.data).toEqual({ view: MARKER, extras: ['boat', 'picnic'] });
  });

  it('shows the pictures with their alt texts and takes a form posted without JavaScript', async () => {
    const page = await app.inject({ method: 'GET', url: `/form/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`src="${pictureUrl}"`);
    expect(page.body).toContain('alt="A lighthouse on a cliff"');
    expect(page.body).toMatch(/type="radio"[^>]*name="view"|name="view"[^>]*type="radio"/);
    expect(page.body).toMatch(/type="checkbox"[^>]*name="extras"|name="extras"[^>]*type="checkbox"/);
    const res = await postPage(page.body, [
      ['view', 'harbour'],
      ['extras', 'picnic'],
      ['extras', 'museum'],
    ]);
    expect(res.statusCode, res.body.slice(0, 400)).toBe(200);
    const rows = await storedSubmissions(app, eq(submissions.formId, formId));
    expect(rows.map((r) => r.data)).toContainEqual({ view: 'harbour', extras: ['picnic', 'museum'] });
  });

  it('keeps answers sealed at rest (Standard encryption) while the owner reads them', async () => {
    const rows = await queryRows<{ t: string }>(
      app.db,
      sql`select data::text as t from submissions where form_id = ${formId}`,
    );
    expect(rows.length).toBe(2);
    for (const row of rows) expect(row.t).not.toContain(MARKER);
    expect(await reads.json()).toContain(MARKER);
  });

  it('exports option labels to CSV and values to JSON', async () => {
    const rows = await reads.csvRows();
    const header = rows[0]!;
    const view = header.indexOf('Favourite view');
    const extras = header.indexOf('Extras');
    expect(view).toBeGreaterThan(-1);
    const answers = rows.slice(1).map((r) => [r[view], r[extras]]);
    expect(answers).toContainEqual(['Lighthouse', 'Boat trip, Picnic']);
    expect(answers).toContainEqual(['Harbour', 'Picnic, Museum']);
    expect(await reads.json()).toContain('"extras":["picnic","museum"]');
  });

  it('counts each picked option in the analytics', async () => {
    const byId = await reads.analytics();
    expect(byId.get('view')).toMatchObject({ response_count: 2 });
    const extras = byId.get('extras')!.answer_distribution;
    expect(Object.values(extras).reduce((a, b) => a + b, 0)).toBe(4);
    expect(Object.keys(extras).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/Picnic|picnic/)]),
    );
  });
});
