import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadStorage } from '../src/lib/storage/index.ts';
import { PICTURE_MESSAGES, pictureStorageKey } from '../src/modules/forms/pictures.ts';
import { createForm, publishForm, uniqueSlug } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { buildFillPageWeb } from './helpers/fill-page-web.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { multipart } from './intake-fixtures.ts';

/** The instance's public address: an uploaded link preview's whole address starts with it. */
const PUBLIC_URL = 'https://forms.harbour.test';

/** A wide mark on a transparent ground, as an owner's icon often is. */
const wideMark = () =>
  sharp({ create: { width: 600, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: { create: { width: 200, height: 200, channels: 4, background: '#0f766e' } },
        top: 50,
        left: 200,
      },
    ])
    .png()
    .toBuffer();

/** A photograph-like picture of `width` × `height`, with camera metadata the server drops. */
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1d6f8a' } })
    .composite([
      {
        input: { create: { width: Math.round(width / 4), height, channels: 3, background: '#f4c542' } },
        top: 0,
        left: 0,
      },
    ])
    .withExifMerge({ IFD0: { Make: 'Harbour Camera Co', Model: 'HC-1' } })
    .jpeg({ quality: 90 })
    .toBuffer();

const idOf = (url: string) => /([a-f0-9]{40})$/.exec(url)![1]!;

describe(`a form's uploaded tab icon and link-preview image (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let formId: number;
  let slug: string;
  let favicon: string;
  let social: string;

  const upload = (
    purpose: string,
    content: Buffer,
    options: { type?: string; user?: TestUser; form?: number } = {},
  ) => {
    const body = multipart([
      { name: 'file', filename: 'picture', type: options.type ?? 'image/png', content },
    ]);
    return app.inject({
      method: 'POST',
      url: `/api/forms/${options.form ?? formId}/pictures?purpose=${purpose}`,
      headers: { ...(options.user ?? owner).auth, ...body.headers },
      payload: body.payload,
    });
  };
  const stored = async (url: string) =>
    (await uploadStorage(app.config).open(pictureStorageKey(idOf(url)))) !== null;
  const pictureAt = (formOf: number) =>
    new RegExp(`^/api/form-submissions/forms/${formOf}/pictures/[a-f0-9]{40}$`);

  beforeAll(async () => {
    app = await createTestApp({ env: { WEB_DIST: buildFillPageWeb(), PUBLIC_URL } });
    owner = await createTestUser(app);
    slug = uniqueSlug('icons');
    formId = (
      await createForm(app, owner, {
        title: 'Harbour walk',
        slug,
        fields: [{ id: 'name', label: 'Your name', type: 'text', is_required: true }],
      })
    ).id;
  }, 300_000);
  afterAll(() => app?.close());

  it('keeps a tab icon as a square PNG of 180 px, the picture centred on a transparent ground', async () => {
    const res = await upload('favicon', await wideMark());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: 180, height: 180 });
    favicon = res.json().url;
    expect(favicon).toMatch(pictureAt(formId));
    const served = await app.inject({ method: 'GET', url: favicon });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 180,
      height: 180,
      hasAlpha: true,
    });
    // The wide mark is fitted whole: see-through above it, its colour in the middle.
    const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 180 + x) * 4, (y * 180 + x) * 4 + 4)];
    expect(at(90, 10)[3]).toBe(0);
    expect(at(90, 90)).toEqual([15, 118, 110, 255]);
  });

  it('keeps a small icon at its own size, square', async () => {
    const small = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const res = await upload('favicon', small);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: 48, height: 48 });
  });

  it('keeps a link preview as a JPEG of 1200 × 630 cropped around its centre, without its metadata', async () => {
    const res = await upload('social', await photo(2400, 1600), { type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: 1200, height: 630 });
    social = res.json().url;
    expect(social).toMatch(pictureAt(formId));
    const served = await app.inject({ method: 'GET', url: social });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('Harbour Camera Co')).toBe(false);
  });

  it('keeps a smaller or taller link preview at the card’s proportions, never enlarged', async () => {
    const tall = await upload('social', await photo(800, 1000), { type: 'image/jpeg' });
    expect(tall.statusCode, tall.body).toBe(201);
    expect(tall.json()).toMatchObject({ width: 800, height: 420 });
    // A see-through picture is laid on white: JPEG has no transparency.
    const clear = await upload('social', await wideMark());
    expect(clear.statusCode, clear.body).toBe(201);
    const served = await app.inject({ method: 'GET', url: clear.json().url });
    const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    expect([...data.subarray(0, 3)].every((v) => v > 245)).toBe(true);
  });

  it('refuses a stranger with 404, what is not a picture with 415 and an unknown purpose with 400', async () => {
    const stranger = await createTestUser(app);
    for (const purpose of ['favicon', 'social']) {
      const res = await upload(purpose, await wideMark(), { user: stranger });
      expect(res.statusCode).toBe(404);
      const text = await upload(purpose, Buffer.from('not a picture'), { type: 'text/plain' });
      expect(text.statusCode).toBe(415);
      expect(text.json().error).toBe(PICTURE_MESSAGES.notPicture);
      const svg = await upload(purpose, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), {
        type: 'image/svg+xml',
      });
      expect(svg.statusCode).toBe(415);
      expect(svg.json().error).toBe(PICTURE_MESSAGES.notPicture);
    }
    const unknown = await upload('banner', await wideMark());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/^Invalid purpose: .*favicon.*social/);
  });

  it('puts the icon and the whole address of the preview in the page’s head', async () => {
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/forms/${formId}`,
      headers: owner.auth,
      payload: { theme_config: { faviconUrl: favicon, socialImage: social, socialTitle: 'Walk with us' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await publishForm(app, owner, formId);
    const view = await app.inject({ method: 'GET', url: `/api/forms/shared/${slug}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().look).toMatchObject({
      favicon_url: favicon,
      social: { title: 'Walk with us', image: `${PUBLIC_URL}${social}` },
    });
    const page = await app.inject({ method: 'GET', url: `/form/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<link rel="icon" href="${favicon}" />`);
    expect(page.body.match(/<link rel="icon"/g)).toHaveLength(1);
    expect(page.body).toContain(`<meta property="og:image" content="${PUBLIC_URL}${social}" />`);
    expect(page.body).toContain(`<meta name="twitter:image" content="${PUBLIC_URL}${social}" />`);
    expect(page.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('gives a duplicate its own copies of the icon and the preview, and a deleted form takes its own along', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/duplicate`,
      headers: owner.auth,
    });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json();
    const copiedIcon: string = copy.theme_config.faviconUrl;
    const copiedCard: string = copy.theme_config.socialImage;
    expect(copiedIcon).toMatch(pictureAt(copy.id));
    expect(copiedCard).toMatch(pictureAt(copy.id));
    for (const [original, copied, type] of [
      [favicon, copiedIcon, 'image/png'],
      [social, copiedCard, 'image/jpeg'],
    ] as const) {
      expect(idOf(copied)).not.toBe(idOf(original));
      const before = await app.inject({ method: 'GET', url: original });
      const after = await app.inject({ method: 'GET', url: copied });
      expect(after.statusCode).toBe(200);
      expect(after.headers['content-type']).toBe(type);
      expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
    }

    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/forms/${formId}?permanent=true`,
      headers: owner.auth,
    });
    expect(gone.statusCode).toBe(204);
    expect(await stored(favicon)).toBe(false);
    expect(await stored(social)).toBe(false);
    expect((await app.inject({ method: 'GET', url: copiedIcon })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: copiedCard })).statusCode).toBe(200);
  });
});
