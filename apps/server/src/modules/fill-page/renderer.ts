import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FillRenderer } from '@formsmith/core/fill-page/state';

/**
 * The public page's server build and the page it fills in: fill.html with its stylesheet and the
 * theme script written into it (nothing to fetch before the first paint), and that script's CSP
 * hash.
 */
export type FillPageKit = { renderer: FillRenderer; template: string; scriptHash: string };

const THEME_SCRIPT_TAG = '<script src="/theme-init.js"></script>';

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

/** fill.html with /theme-init.js written into it, and the hash the CSP must allow for it. */
function inlineThemeScript(webDist: string, page: string): { template: string; scriptHash: string } {
  const file = path.join(webDist, 'theme-init.js');
  if (!page.includes(THEME_SCRIPT_TAG) || !existsSync(file)) return { template: page, scriptHash: '' };
  const code = readFileSync(file, 'utf8');
  const scriptHash = `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
  return { template: page.replace(THEME_SCRIPT_TAG, () => `<script>${code}</script>`), scriptHash };
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
  const template = inlineStyles(webDist, readFileSync(page, 'utf8'));
  return { renderer: loaded.renderer, ...inlineThemeScript(webDist, template) };
}
