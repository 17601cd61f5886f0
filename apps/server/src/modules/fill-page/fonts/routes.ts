import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ThemeFont } from '@formsmith/core/themes/theme';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { acceptedEncoding, encodeText, markEncoding, type TextEncoding } from '../compress.ts';

// The bundled fonts of the themes, served by the instance itself (never a third party: a
// respondent's browser asks nobody else for the page). Each theme font's stylesheet comes from
// its @fontsource package with its addresses rewritten to /fonts/files/…; the subsets carry
// unicode-range, so a browser fetches only the files of the characters on the page, and
// `font-display: swap` shows the text at once in the fallback font.

const FONT_PACKAGES: Record<Exclude<ThemeFont, 'system'>, { pkg: string; css: string[] }> = {
  inter: { pkg: '@fontsource-variable/inter', css: ['index.css'] },
  'fira-sans': { pkg: '@fontsource/fira-sans', css: ['400.css', '500.css', '600.css'] },
  'source-serif': { pkg: '@fontsource-variable/source-serif-4', css: ['index.css'] },
  nunito: { pkg: '@fontsource-variable/nunito', css: ['index.css'] },
  'jetbrains-mono': { pkg: '@fontsource-variable/jetbrains-mono', css: ['index.css'] },
  atkinson: { pkg: '@fontsource-variable/atkinson-hyperlegible-next', css: ['index.css'] },
};

const require = createRequire(import.meta.url);
const YEAR = 'public, max-age=31536000, immutable';
const DAY = 'public, max-age=86400';

function packageDir(pkg: string): string | null {
  try {
    return path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    return null;
  }
}

/** The stylesheet of a font, its files addressed under /fonts/files/<font>/ (read once, then kept). */
function fontCss(font: keyof typeof FONT_PACKAGES): string | null {
  const entry = FONT_PACKAGES[font];
  const dir = packageDir(entry.pkg);
  if (!dir) return null;
  return entry.css
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .join('\n')
    .replace(/url\(\.\/files\/([^)]+)\)/g, (_m, file: string) => `url(/fonts/files/${font}/${file})`);
}

const isFont = (name: string): name is keyof typeof FONT_PACKAGES => Object.hasOwn(FONT_PACKAGES, name);

function missing(reply: FastifyReply) {
  return reply.status(404).type('text/plain').send('Not found');
}

export default async function fontRoutes(app: FastifyInstance) {
  // Each font's stylesheet, read once and compressed once per encoding (it never changes while
  // the server runs); null when the font's package is missing.
  const stylesheets = new Map<string, { css: string; encoded: Map<TextEncoding, string | Buffer> } | null>();

  app.get('/fonts/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const font = name.replace(/\.css$/, '');
    if (!name.endsWith('.css') || !isFont(font)) return missing(reply);
    if (!stylesheets.has(font)) {
      const css = fontCss(font);
      stylesheets.set(font, css ? { css, encoded: new Map() } : null);
    }
    const sheet = stylesheets.get(font);
    if (!sheet) return missing(reply);
    // CSS, compressed like the page (about 10 KB of rules for a font's three weights).
    const encoding = acceptedEncoding(String(request.headers['accept-encoding'] ?? ''));
    let body = sheet.encoded.get(encoding);
    if (body === undefined) {
      body = encodeText(sheet.css, encoding);
      sheet.encoded.set(encoding, body);
    }
    markEncoding(reply, encoding);
    return reply.type('text/css; charset=utf-8').header('cache-control', DAY).send(body);
  });

  app.get('/fonts/files/:font/:file', { schema: { hide: true } }, async (request, reply) => {
    const { font, file } = request.params as { font: string; file: string };
    // Only a plain woff2 name of a known font: nothing else of the package, nothing outside it.
    if (!isFont(font) || !/^[a-z0-9-]+\.woff2$/.test(file)) return missing(reply);
    const dir = packageDir(FONT_PACKAGES[font].pkg);
    if (!dir) return missing(reply);
    try {
      const body = readFileSync(path.join(dir, 'files', file));
      return reply.type('font/woff2').header('cache-control', YEAR).send(body);
    } catch {
      return missing(reply);
    }
  });
}
