import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind } from './helpers/app.ts';
import { buildFillPageWeb } from './helpers/fill-page-web.ts';
import { createTestUser } from './helpers/users.ts';
import { createPublishedForm } from './intake-fixtures.ts';

// The themes' bundled fonts, served by the instance itself: the stylesheet for the pages the app
// draws, the same rules inline in the public page's head, and the font files they address.
describe(`the bundled theme fonts (${dbKind})`, () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp({ env: { WEB_DIST: buildFillPageWeb() } });
  }, 60_000);

  afterAll(async () => {
    await app.close();
  });

  it('serves a font’s rules, the same as the themed page carries inline, and every file they name', async () => {
    const sheet = await app.inject({ method: 'GET', url: '/fonts/fira-sans.css' });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('text/css');
    const css = sheet.body;
    // Three weights, each in its unicode-range subsets, swapped in over the fallback.
    for (const weight of [400, 500, 600]) expect(css).toContain(`font-weight:${weight}`);
    expect(css).toContain('unicode-range:');
    expect(css).toContain('font-display:swap');
    // woff2 only, each addressed on this instance: no third party, no comments.
    expect(css).not.toMatch(/https?:|\.woff\)|\/\*/);
    const files = [...css.matchAll(/url\((\/fonts\/files\/fira-sans\/[a-z0-9-]+\.woff2)\)/g)].map(
      (m) => m[1]!,
    );
    expect(files.length).toBe(css.split('@font-face').length - 1);

    const file = await app.inject({ method: 'GET', url: files[0]! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('font/woff2');
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');

    const owner = await createTestUser(app);
    const form = await createPublishedForm(app, owner, { themeConfig: { themeRef: 'builtin:forest' } });
    const page = await app.inject({ method: 'GET', url: `/form/${form}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<style data-fs-font="/fonts/fira-sans.css">${css}</style>`);
  });

  it('answers 404 for a font it does not bundle and for anything but a font file', async () => {
    for (const url of [
      '/fonts/comic-sans.css',
      '/fonts/fira-sans',
      '/fonts/system.css',
      '/fonts/files/comic-sans/comic-sans-latin-400-normal.woff2',
      '/fonts/files/fira-sans/package.json',
      '/fonts/files/fira-sans/..%2Fpackage.json',
      '/fonts/files/fira-sans/missing-latin-400-normal.woff2',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toMatch(/at .*\.ts:\d+/);
    }
  });
});
