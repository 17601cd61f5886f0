import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FillRenderer } from '@formsmith/core/fill-page/state';

/** The public page's server build and the page it fills in (fill.html, with its script and styles). */
export type FillPageKit = { renderer: FillRenderer; template: string };

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
  return loaded.renderer ? { renderer: loaded.renderer, template: readFileSync(page, 'utf8') } : null;
}
