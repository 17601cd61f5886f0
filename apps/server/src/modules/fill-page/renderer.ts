import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FillRenderer } from '@formsmith/core/fill-page/state';
import { afterPaintLoader } from './page-script.ts';

/**
 * The public page's server build and the page it fills in: fill.html with its stylesheet, icon
 * and scripts written into it (nothing to fetch before the first paint), and the CSP hashes of
 * its inline scripts.
 */
export type FillPageKit = { renderer: FillRenderer; template: string; scriptHashes: string[] };

const THEME_SCRIPT_TAG = '<script src="/theme-init.js"></script>';
const MODULE_SCRIPT_TAG = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const ICON_TAG = /<link rel="icon" href="\/(favicon\.svg)" type="image\/svg\+xml" \/>/;

/** The page's own stylesheets (a few KB: fill.css holds only the page's classes) as style elements. */
function inlineStyles(webDist: string, page: string): string {
  return page.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (tag, file: string) => {
      const css = path.join(webDist, file);
      return existsSync(css) ? `<style>${readFileSync(css, 'utf8')}</style>` : tag;
    },
  );
}

/** The icon as a data address: one request less competing with the page (it is 200 bytes). */
function inlineIcon(webDist: string, page: string): string {
  return page.replace(ICON_TAG, (tag, file: string) => {
    const icon = path.join(webDist, file);
    if (!existsSync(icon)) return tag;
    // Only what a data address in a double-quoted attribute cannot hold is escaped.
    const data = readFileSync(icon, 'utf8')
      .trim()
      .replace(/"/g, "'")
      .replace(/[%#<>\s]/g, (c) => encodeURIComponent(c));
    return `<link rel="icon" href="data:image/svg+xml,${data}" type="image/svg+xml" />`;
  });
}

/** fill.html with /theme-init.js written into it, and the module started after the first paint. */
function inlineScripts(webDist: string, page: string): string {
  const file = path.join(webDist, 'theme-init.js');
  const theme = page.includes(THEME_SCRIPT_TAG) && existsSync(file) ? readFileSync(file, 'utf8') : null;
  const withTheme = theme === null ? page : page.replace(THEME_SCRIPT_TAG, () => `<script>${theme}</script>`);
  return withTheme.replace(
    MODULE_SCRIPT_TAG,
    (_tag, src: string) => `<script>${afterPaintLoader(src)}</script>`,
  );
}

/** The CSP source of every inline script of the page (those without src and without a data type). */
function inlineScriptHashes(page: string): string[] {
  return [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) =>
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
  );
}

/**
 * Loads the public page's server build from the built web app (`dist/ssr/fill-ssr.js`, made by
 * `vite build -c vite.ssr.config.ts`). Null when the web app was built without it: the page is
 * then served as an empty shell that its script fills in.
 */
export async function loadFillPageKit(webDist: string): Promise<FillPageKit | null> {
  const file = path.join(webDist, 'ssr', 'fill-ssr.js');
  const page = path.join(webDist, 'fill.html');
  if (!existsSync(file) || !existsSync(page)) return null;
  const loaded = (await import(pathToFileURL(file).href)) as { renderer?: FillRenderer };
  if (!loaded.renderer) return null;
  const html = readFileSync(page, 'utf8');
  const template = inlineScripts(webDist, inlineIcon(webDist, inlineStyles(webDist, html)));
  return { renderer: loaded.renderer, template, scriptHashes: inlineScriptHashes(template) };
}
