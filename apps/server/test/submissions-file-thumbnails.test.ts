import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../src/db/schema.ts';
import { saveUpload } from '../src/lib/storage/index.ts';
import { NO_THUMBNAIL, THUMBNAIL_MAX_SIDE } from '../src/modules/submissions/file-thumbnails.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createTestForm, insertSubmissions } from './submissions-fixtures.ts';

describe(`thumbnails of uploaded pictures (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stranger: TestUser;
  let formId: number;
  let submissionId: string;

  /** Stores a file as an upload of the submission; answers its thumbnail address. */
  async function stored(content: Buffer, mimeType: string, filename: string) {
    const saved = await saveUpload(app, Readable.from([content]), { maxBytes: 5_000_000 });
    const [row] = await app.db
      .insert(uploads)
      .values({
        formId,
        submissionId,
        fieldId: 'f_file',
        filename,
        mimeType,
        size: content.length,
        storageKey: saved.key,
      })
      .returning();
    return `/api/form-submissions/forms/${formId}/submissions/${submissionId}/files/${row!.id}/thumbnail`;
  }

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app);
    stranger = await createTestUser(app);
    formId = await createTestForm(app, owner.id);
    [submissionId] = (await insertSubmissions(app, formId, [{ data: { f_name: 'with a photo' } }])) as [
      string,
    ];
  });
  afterAll(() => app.close());

  it('gives the owner a small WebP of a picture, cached by the browser; a stranger 404', async () => {
    const photo = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const url = await stored(photo, 'image/jpeg', 'photo.jpg');
    const res = await app.inject({ method: 'GET', url, headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(THUMBNAIL_MAX_SIDE);
    expect(meta.height).toBe(Math.round((THUMBNAIL_MAX_SIDE * 800) / 1200));
    expect(res.rawPayload.length).toBeLessThan(photo.length);

    expect((await app.inject({ method: 'GET', url, headers: stranger.auth })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const unknown = url.replace(/files\/[^/]+/, `files/${crypto.randomUUID()}`);
    expect((await app.inject({ method: 'GET', url: unknown, headers: owner.auth })).statusCode).toBe(404);
  });

  it('refuses a file that is not a picture, or does not read as one, with 415 and the reason', async () => {
    const pdf = await stored(Buffer.from('%PDF-1.4 not a picture'), 'application/pdf', 'cv.pdf');
    const res = await app.inject({ method: 'GET', url: pdf, headers: owner.auth });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(NO_THUMBNAIL);
    const fake = await stored(Buffer.from('not a png at all'), 'image/png', 'fake.png');
    const bad = await app.inject({ method: 'GET', url: fake, headers: owner.auth });
    expect(bad.statusCode).toBe(415);
  });
});
