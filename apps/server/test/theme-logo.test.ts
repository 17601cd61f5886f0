import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_MESSAGES } from '../src/modules/forms/pictures.ts';
import { createForm, publishForm, uniqueSlug } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { buildFillPageWeb } from './helpers/fill-page-web.ts';
import { respondent } from './helpers/posted-page.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { multipart } from './intake-fixtures.ts';

/** A wide logo with a transparent background, larger than a logo is kept. */
const wideLogo = () =>
  sharp({ create: { width: 1600, height: 400, channels: 4, background: { r: 20, g: 90, b: 140, alpha: 0 } } })
    .composite([
      {
        input: { create: { width: 400, height: 200, channels: 4, background: '#145a8c' } },
        top: 100,
        left: 600,
      },
    ])
    .png()
    .toBuffer();

/** The rendered markup, apart from the state beside it. */
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';

describe(`a form's uploaded logo (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let formId: number;
  let slug: string;
  let logo: string;

  const upload = (content: Buffer, options: { type?: string; user?: TestUser } = {}) => {
    const body = multipart([
      { name: 'file', filename: 'logo.png', type: options.type ?? 'image/png', content },
    ]);
    return app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/pictures?purpose=logo`,
      headers: { ...(options.user ?? owner).auth, ...body.headers },
      payload: body.payload,
    });
  };
  const setLogo = (logo_url: string | null) =>
    app.inject({ method: 'PUT', url: `/api/forms/${formId}`, headers: owner.auth, payload: { logo_url } });
  const { postPage } = respondent(() => app, { formId: () => formId, slug: () => slug });

  beforeAll(async () => {
    app = await createTestApp({ env: { WEB_DIST: buildFillPageWeb() } });
    owner = await createTestUser(app);
    slug = uniqueSlug('logo');
    formId = (
      await createForm(app, owner, {
        title: 'Harbour walk',
        slug,
        fields: [{ id: 'name', label: 'Your name', type: 'text', is_required: true }],
      })
    ).id;
  }, 300_000);
  afterAll(() => app?.close());

  it('keeps a logo as WebP within 512 px, its transparency kept, and serves it from this instance', async () => {
    const res = await upload(await wideLogo());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: 512, height: 128 });
    logo = res.json().url;
    expect(logo).toMatch(new RegExp(`^/api/form-submissions/forms/${formId}/pictures/[a-f0-9]{40}$`));
    const served = await app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 128, hasAlpha: true });
    // The corner stays see-through: the page's colour shows behind the logo.
    const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0);
  });

  it('refuses a stranger with 404, what is not a picture with 415 and a file past 10 MB with 413', async () => {
    const stranger = await createTestUser(app);
    expect((await upload(await wideLogo(), { user: stranger })).statusCode).toBe(404);
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
      {
        type: 'image/svg+xml',
      },
    );
    expect(svg.statusCode).toBe(415);
    expect(svg.json().error).toBe(PICTURE_MESSAGES.notPicture);
    const big = await upload(Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe(PICTURE_MESSAGES.tooLarge);
  });

  it('shows the uploaded logo on the page with and without JavaScript, and on its ending', async () => {
    const saved = await setLogo(logo);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().logo_url).toBe(logo);
    await publishForm(app, owner, formId);
    // What the page's JavaScript reads.
    const view = await app.inject({ method: 'GET', url: `/api/forms/shared/${slug}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().logo_url).toBe(logo);
    // The page the server draws for a browser without JavaScript.
    const page = await app.inject({ method: 'GET', url: `/form/${slug}` });
    expect(page.statusCode).toBe(200);
    expect(rootOf(page.body)).toMatch(new RegExp(`<img [^>]*src="${logo}"[^>]*alt="Harbour walk logo"`));
    const done = await postPage(page.body, [['name', 'Ada']]);
    expect(done.statusCode, done.body).toBe(200);
    expect(rootOf(done.body)).toContain(`src="${logo}"`);
  });

  it('leaves the page without a logo once it is removed', async () => {
    expect((await setLogo(null)).statusCode).toBe(200);
    await publishForm(app, owner, formId);
    const page = await app.inject({ method: 'GET', url: `/form/${slug}` });
    expect(rootOf(page.body)).not.toContain(logo);
  });
});
