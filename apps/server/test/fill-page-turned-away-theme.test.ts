import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  FILL_STATE_ELEMENT_ID,
  type FillPageState,
  fillPageStateSchema,
} from '@formsmith/core/fill-page/state';
import { builtinTheme } from '@formsmith/core/themes/builtin';
import { themeCss } from '@formsmith/core/themes/css';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, publishForm, uniqueSlug } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { buildFillPageWeb } from './helpers/fill-page-web.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createPublishedForm } from './intake-fixtures.ts';

/** The state the server put in the page for its script, read through the page's own schema. */
function stateOf(html: string): FillPageState {
  const match = new RegExp(
    `<script type="application/json" id="${FILL_STATE_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  if (!match) throw new Error('the page carries no state');
  return fillPageStateSchema.parse(JSON.parse(match[1]!));
}

/** The rendered markup, apart from the state beside it. */
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';

/** The page's head. */
const headOf = (html: string) => /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';

const LOGO = 'https://cdn.acme.test/logo.png';

describe(`the gate and the closed page in the form's theme (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  const clear = builtinTheme('clear')!.theme;
  // The theme's custom properties, as the page draws them on its themed element.
  const themed = themeCss(clear, '.fs-theme');

  beforeAll(async () => {
    app = await createTestApp({ env: { WEB_DIST: buildFillPageWeb() } });
    owner = await createTestUser(app);
  }, 60_000);
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('draws the access-code gate in the theme, with the logo, before and after a wrong code', async () => {
    const slug = uniqueSlug('gate');
    const form = await createForm(app, owner, {
      slug,
      title: 'Members only',
      logo_url: LOGO,
      access_restriction: 'password',
      access_code: 'tulip-42',
      theme_config: { themeRef: 'builtin:clear', showPoweredBy: false, footerText: 'Acme Ltd' },
    });
    await publishForm(app, owner, form.id);

    const gate = await get(`/form/${slug}`);
    expect(gate.statusCode).toBe(403);
    expect(gate.body).toContain(themed);
    expect(rootOf(gate.body)).toMatch(/class="[^"]*\bfs-theme\b/);
    expect(rootOf(gate.body)).toContain(`src="${LOGO}"`);
    expect(rootOf(gate.body)).toContain('alt="Members only logo"');
    const view = stateOf(gate.body).view;
    expect(view.kind === 'gate' && view.brand?.look.theme).toEqual(clear);
    // The gate's footer is the form's: its text, and no "Powered by" when the owner turned it off.
    expect(rootOf(gate.body)).toContain('Acme Ltd');
    expect(rootOf(gate.body)).not.toContain('Powered by');
    expect(rootOf(gate.body)).not.toMatch(/href="\/(register|login|dashboard)?"/);

    const wrong = await app.inject({
      method: 'POST',
      url: `/form/${slug}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
      payload: new URLSearchParams({ _action: 'access', access_code: 'daisy-1' }).toString(),
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toContain('Incorrect access code');
    expect(wrong.body).toContain(themed);
  });

  it('draws a closed and an expired form in the theme, with the logo and no footer', async () => {
    const past = new Date(Date.now() - 60_000);
    const look = { themeConfig: { themeRef: 'builtin:clear' }, logoUrl: LOGO };
    const closed = await createPublishedForm(app, owner, { closesAt: past, ...look });
    const expired = await createPublishedForm(app, owner, { expirationDate: past, ...look });
    for (const id of [closed, expired]) {
      const page = await get(`/form/${id}`);
      expect(page.statusCode).toBe(410);
      expect(page.body).toContain(themed);
      // The theme's font: its @font-face rules inline in the head, with or without script, and
      // the files served by the instance itself.
      expect(headOf(page.body)).toMatch(/<style data-fs-font="\/fonts\/atkinson.css">@font-face\{/);
      expect(headOf(page.body)).toContain('url(/fonts/files/atkinson/');
      expect(rootOf(page.body)).not.toContain('data-fs-font');
      expect(rootOf(page.body)).toMatch(/class="[^"]*\bfs-theme\b/);
      expect(rootOf(page.body)).toContain(`src="${LOGO}"`);
      expect(rootOf(page.body)).not.toContain('Powered by');
      expect(rootOf(page.body)).not.toMatch(/href="\/(register|login|dashboard)?"/);
    }
  });

  it('keeps a form without a theme looking as before, and says nothing of a form not published', async () => {
    const plain = await createPublishedForm(app, owner, { closesAt: new Date(Date.now() - 60_000) });
    const plainPage = await get(`/form/${plain}`);
    expect(plainPage.statusCode).toBe(410);
    expect(rootOf(plainPage.body)).not.toContain('fs-theme');
    expect(plainPage.body).not.toContain('data-fs-font');

    // An open form in a theme with a bundled font names it the same way.
    const open = await createPublishedForm(app, owner, { themeConfig: { themeRef: 'builtin:forest' } });
    const openPage = await get(`/form/${open}`);
    expect(openPage.statusCode).toBe(200);
    expect(headOf(openPage.body)).toContain('<style data-fs-font="/fonts/fira-sans.css">@font-face{');

    // An unpublished form answers like a missing one: drawing its theme would say it exists.
    const hidden = await createPublishedForm(app, owner, {
      isPublished: false,
      themeConfig: { themeRef: 'builtin:clear' },
      logoUrl: LOGO,
    });
    const unavailable = await get(`/form/${hidden}`);
    const missing = await get('/form/2147483000');
    expect(unavailable.statusCode).toBe(404);
    expect(stateOf(unavailable.body).view).toEqual(stateOf(missing.body).view);
    expect(unavailable.body).not.toContain(themed);
    expect(unavailable.body).not.toContain(LOGO);
  });

  it("sends a bundled font's stylesheet compressed as the browser accepts", async () => {
    const plain = await get('/fonts/fira-sans.css');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('text/css');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('@font-face');
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const sent = await app.inject({
        method: 'GET',
        url: '/fonts/fira-sans.css',
        headers: { 'accept-encoding': accepted },
      });
      expect(sent.headers['content-encoding']).toBe(encoding);
      expect(sent.headers.vary).toContain('accept-encoding');
      expect(sent.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(decode(sent.rawPayload).toString()).toBe(plain.body);
      // Compressed once, then sent the same to every browser that asks again.
      const again = await app.inject({
        method: 'GET',
        url: '/fonts/fira-sans.css',
        headers: { 'accept-encoding': accepted },
      });
      expect(again.headers['content-encoding']).toBe(encoding);
      expect(again.rawPayload.equals(sent.rawPayload)).toBe(true);
    }
    expect((await get('/fonts/no-such-font.css')).statusCode).toBe(404);
  });
});
