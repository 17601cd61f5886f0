import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { instanceSettingsSchema } from '@formsmith/core/instance/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp, dbKind } from './helpers/app.ts';

/** A built web app of one page, enough to see which page `/` serves. */
function tinyWebDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'formsmith-home-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><title>App</title></html>');
  return dist;
}

describe(`the instance's front door (${dbKind})`, () => {
  const apps: FastifyInstance[] = [];
  const start = async (env: Record<string, string>) => {
    const app = await createTestApp({ env: { WEB_DIST: tinyWebDist(), ...env } });
    apps.push(app);
    return app;
  };
  let landing: FastifyInstance;
  let signin: FastifyInstance;
  let redirect: FastifyInstance;
  beforeAll(async () => {
    landing = await start({});
    signin = await start({ HOME_PAGE: 'signin', SUPPORT_URL: 'https://example.org/support-us' });
    redirect = await start({ HOME_PAGE: 'redirect:https://example.org/about' });
  });
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  it('serves the landing page at / when HOME_PAGE is unset, and says so with no support address', async () => {
    const home = await landing.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(home.body).toContain('<title>App</title>');
    const settings = instanceSettingsSchema.parse(
      (await landing.inject({ method: 'GET', url: '/api/instance' })).json(),
    );
    expect(settings).toEqual({ home_page: { kind: 'landing' }, support_url: null });
  });

  it('sends / to the sign-in page with HOME_PAGE=signin, and names the SUPPORT_URL', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const home = await signin.inject({ method, url: '/' });
      expect(home.statusCode).toBe(302);
      expect(home.headers.location).toBe('/login');
    }
    // Other pages are the web app's as before.
    expect((await signin.inject({ method: 'GET', url: '/login' })).statusCode).toBe(200);
    const settings = (await signin.inject({ method: 'GET', url: '/api/instance' })).json();
    expect(settings).toEqual({
      home_page: { kind: 'signin' },
      support_url: 'https://example.org/support-us',
    });
  });

  it("sends / to the operator's address with HOME_PAGE=redirect:<url>", async () => {
    const home = await redirect.inject({ method: 'GET', url: '/?from=qr' });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('https://example.org/about');
    const settings = (await redirect.inject({ method: 'GET', url: '/api/instance' })).json();
    expect(settings.home_page).toEqual({ kind: 'redirect', url: 'https://example.org/about' });
  });
});

describe('HOME_PAGE and SUPPORT_URL configuration', () => {
  it('refuses a HOME_PAGE that is none of landing, signin or redirect:<address>, saying what it takes', () => {
    for (const value of ['home', 'redirect:', 'redirect:javascript:alert(1)', 'redirect://elsewhere.example'])
      expect(() => loadConfig({ HOME_PAGE: value })).toThrow(
        /HOME_PAGE: must be landing, signin or redirect:/,
      );
  });

  it('accepts a redirect to a path of the instance', () => {
    expect(loadConfig({ HOME_PAGE: 'redirect:/form/contact' }).homePage).toEqual({
      kind: 'redirect',
      url: '/form/contact',
    });
  });

  it('refuses a SUPPORT_URL that is not an http(s) address', () => {
    for (const value of ['support page', 'javascript:alert(1)', 'mailto:me@example.org'])
      expect(() => loadConfig({ SUPPORT_URL: value })).toThrow(/SUPPORT_URL: must be an http\(s\) URL/);
  });
});
