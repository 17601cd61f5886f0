import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../src/db/schema.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { buildFillPageWeb } from './helpers/fill-page-web.ts';
import { createTeam } from './helpers/teams.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createPublishedForm, multipart } from './intake-fixtures.ts';

const INSTANCE = 'formsmith.example.test';

describe(`a form's link preview on its custom domain (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stranger: TestUser;
  let formId: number;
  let otherFormId: number;
  let slug: string;
  let picture: string;
  let otherPicture: string;
  let team: number;
  const tag = Math.random().toString(36).slice(2, 8);
  // A host name no other run of this file (tests share one PostgreSQL database) uses.
  const domain = `preview-${tag}.example.test`;

  const uploadSocial = async (user: TestUser, form: number) => {
    const content = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#1d6f8a' } })
      .jpeg()
      .toBuffer();
    const body = multipart([{ name: 'file', filename: 'card.jpg', type: 'image/jpeg', content }]);
    const res = await app.inject({
      method: 'POST',
      url: `/api/forms/${form}/pictures?purpose=social`,
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().url as string;
  };
  const on = (host: string, url: string) => app.inject({ method: 'GET', url, headers: { host } });
  const metaOf = (html: string, key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

  beforeAll(async () => {
    app = await createTestApp({ env: { WEB_DIST: buildFillPageWeb(), PUBLIC_URL: `https://${INSTANCE}` } });
    owner = await createTestUser(app);
    stranger = await createTestUser(app);
    team = await createTeam(app, { owner, name: 'Previews' });
    const otherTeam = await createTeam(app, { owner: stranger, name: 'Elsewhere' });
    slug = `preview-${tag}`;
    formId = await createPublishedForm(app, owner, { workspaceId: team, slug, title: 'Harbour open day' });
    otherFormId = await createPublishedForm(app, stranger, { workspaceId: otherTeam, title: 'Elsewhere' });
    picture = await uploadSocial(owner, formId);
    otherPicture = await uploadSocial(stranger, otherFormId);
    await app.db
      .update(forms)
      .set({ themeConfig: { socialTitle: 'Come to the open day', socialImage: picture } })
      .where(eq(forms.id, formId));
    const added = await app.inject({
      method: 'POST',
      url: `/api/workspaces/${team}/domains`,
      headers: owner.auth,
      payload: { host: domain, form_id: formId },
    });
    expect(added.statusCode, added.body).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await app.close();
  });

  it('names the uploaded picture on the custom domain when the page is opened there', async () => {
    for (const url of ['/', `/${slug}`]) {
      const page = await on(domain, url);
      expect(page.statusCode, url).toBe(200);
      expect(metaOf(page.body, 'og:image')).toBe(`https://${domain}${picture}`);
      expect(metaOf(page.body, 'twitter:image')).toBe(`https://${domain}${picture}`);
    }
    // The unfurler fetching it there gets the picture.
    const fetched = await on(domain, picture);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/jpeg');
  });

  it('keeps the instance’s address on the instance’s own host, the page kept apart per host', async () => {
    const page = await on(INSTANCE, `/form/${slug}`);
    expect(page.statusCode).toBe(200);
    expect(metaOf(page.body, 'og:image')).toBe(`https://${INSTANCE}${picture}`);
    expect(metaOf((await on(domain, `/${slug}`)).body, 'og:image')).toBe(`https://${domain}${picture}`);
  });

  it('serves no picture of another workspace’s form on the custom domain', async () => {
    expect((await on(domain, otherPicture)).statusCode).toBe(404);
    expect((await on(INSTANCE, otherPicture)).statusCode).toBe(200);
  });

  it('leaves a picture of another site as the owner gave it', async () => {
    const elsewhere = 'https://cdn.harbour.test/card.jpg';
    const otherSlug = `${slug}-cdn`;
    await createPublishedForm(app, owner, {
      workspaceId: team,
      slug: otherSlug,
      title: 'Harbour walk',
      themeConfig: { socialImage: elsewhere },
    });
    const page = await on(domain, `/${otherSlug}`);
    expect(page.statusCode).toBe(200);
    expect(metaOf(page.body, 'og:image')).toBe(elsewhere);
  });
});
