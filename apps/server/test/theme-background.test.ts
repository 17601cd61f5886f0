import { builtinTheme } from '@formsmith/core/themes/builtin';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, publishForm, uniqueSlug } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { buildFillPageWeb } from './helpers/fill-page-web.ts';
import { respondent } from './helpers/posted-page.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { multipart } from './intake-fixtures.ts';

const ocean = builtinTheme('ocean')!.theme;

/** A wide photo, larger than even a background is kept. */
const landscape = () =>
  sharp({ create: { width: 3200, height: 2000, channels: 3, background: '#1d6f8a' } })
    .jpeg()
    .toBuffer();

/** The rendered markup, apart from the state beside it. */
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';

describe(`a theme's background picture (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let formId: number;
  let slug: string;
  let image: string;

  const upload = (content: Buffer, options: { type?: string; user?: TestUser; purpose?: string } = {}) => {
    const body = multipart([
      { name: 'file', filename: 'background', type: options.type ?? 'image/jpeg', content },
    ]);
    const query = options.purpose ? `?purpose=${options.purpose}` : '';
    return app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/pictures${query}`,
      headers: { ...(options.user ?? owner).auth, ...body.headers },
      payload: body.payload,
    });
  };
  const saveTheme = (customTheme: unknown) =>
    app.inject({
      method: 'PUT',
      url: `/api/forms/${formId}`,
      headers: owner.auth,
      payload: { theme_config: { customTheme } },
    });
  const { postPage } = respondent(() => app, { formId: () => formId, slug: () => slug });

  beforeAll(async () => {
    app = await createTestApp({ env: { WEB_DIST: buildFillPageWeb() } });
    owner = await createTestUser(app);
    slug = uniqueSlug('backdrop');
    const form = await createForm(app, owner, {
      title: 'Harbour walk',
      slug,
      logo_url: 'https://cdn.acme.test/logo.png',
      fields: [{ id: 'name', label: 'Your name', type: 'text', is_required: true }],
    });
    formId = form.id;
  }, 300_000);
  afterAll(() => app?.close());

  it('keeps a background as WebP within 2400 px and serves it from this instance', async () => {
    const res = await upload(await landscape(), { purpose: 'background' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: 2400, height: 1500 });
    image = res.json().url;
    expect(image).toMatch(new RegExp(`^/api/form-submissions/forms/${formId}/pictures/[a-f0-9]{40}$`));
    const served = await app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 2400, height: 1500 });
    // An option's picture from the same file is still kept at 800 px.
    expect((await upload(await landscape())).json()).toMatchObject({ width: 800, height: 500 });
  });

  it('refuses a stranger with 404, what is not a picture with 415, too big with 413, an unknown purpose with 400', async () => {
    const stranger = await createTestUser(app);
    expect((await upload(await landscape(), { user: stranger, purpose: 'background' })).statusCode).toBe(404);
    const text = await upload(Buffer.from('not a picture'), { type: 'text/plain', purpose: 'background' });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toMatch(/not a picture/);
    const big = await upload(Buffer.alloc(10 * 1024 * 1024 + 10, 1), { purpose: 'background' });
    expect(big.statusCode).toBe(413);
    const odd = await upload(await landscape(), { purpose: 'wallpaper' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().code).toBe('VALIDATION_FAILED');
  });

  it('refuses a background picture from another host, keeping the stored theme', async () => {
    const good = await saveTheme({ ...ocean, background: { image, focusX: 30, focusY: 70, dim: 40 } });
    expect(good.statusCode, good.body).toBe(200);
    const foreign = await saveTheme({
      ...ocean,
      background: { image: 'https://tracker.example/bg.jpg', focusX: 50, focusY: 50, dim: 0 },
    });
    expect(foreign.statusCode).toBe(400);
    const stored = await app.inject({ method: 'GET', url: `/api/forms/${formId}`, headers: owner.auth });
    expect(stored.json().theme_config.customTheme.background).toEqual({
      image,
      focusX: 30,
      focusY: 70,
      dim: 40,
    });
  });

  it('draws the split layout, the picture and a centred logo on the page without JavaScript, and its ending in the theme', async () => {
    const theme = {
      ...ocean,
      layout: 'split',
      logoPlacement: 'centre',
      background: { image, focusX: 30, focusY: 70, dim: 40 },
    };
    expect((await saveTheme(theme)).statusCode).toBe(200);
    await publishForm(app, owner, formId);
    const page = await app.inject({ method: 'GET', url: `/form/${slug}` });
    expect(page.statusCode).toBe(200);
    const root = rootOf(page.body);
    expect(root).toMatch(/data-fs-layout="split"/);
    expect(root).toMatch(/<main [^>]*\bdata-fs-image\b/);
    // The picture is an image at low priority behind the card: the text paints before it.
    expect(root).toContain(
      `<div aria-hidden="true" class="fs-backdrop"><img src="${image}" alt fetchPriority="low" decoding="async" class="fs-backdrop-image"/></div>`,
    );
    expect(root).toContain('--fs-focus:30% 70%');
    expect(root).toContain('--fs-dim:0.4');
    expect(root).toMatch(/<header class="space-y-3 text-center">/);

    const done = await postPage(page.body, [['name', 'Ada']]);
    expect(done.statusCode, done.body).toBe(200);
    const ending = rootOf(done.body);
    expect(ending).toContain('fs-ending-mark');
    expect(ending).toMatch(/class="[^"]*\bfs-theme\b/);
    expect(ending).toContain(`<div aria-hidden="true" class="fs-backdrop"><img src="${image}"`);
    expect(ending).toContain('src="https://cdn.acme.test/logo.png"');
  });

  it('leaves the logo out everywhere when the theme hides it', async () => {
    expect((await saveTheme({ ...ocean, logoPlacement: 'hidden' })).statusCode).toBe(200);
    await publishForm(app, owner, formId);
    const page = await app.inject({ method: 'GET', url: `/form/${slug}` });
    expect(rootOf(page.body)).not.toContain('cdn.acme.test/logo.png');
    expect(rootOf(page.body)).not.toContain('fs-backdrop');
  });
});
