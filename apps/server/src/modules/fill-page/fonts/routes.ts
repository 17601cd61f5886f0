import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { acceptedEncoding, encodeText, markEncoding, type TextEncoding } from '../compress.ts';
import { fontFaces, fontPackageDir, isBundledFont } from './faces.ts';

// The bundled fonts' stylesheets and files (faces.ts says where they come from). The public page
// carries its theme font's rules inline; the stylesheet is for the pages the app draws itself
// (the Design tab's preview, a page drawn without the server's markup).

const YEAR = 'public, max-age=31536000, immutable';
const DAY = 'public, max-age=86400';

function missing(reply: FastifyReply) {
  return reply.status(404).type('text/plain').send('Not found');
}

export default async function fontRoutes(app: FastifyInstance) {
  // Each font's stylesheet compressed once per encoding (it never changes while the server runs).
  const encoded = new Map<string, Map<TextEncoding, string | Buffer>>();

  app.get('/fonts/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const font = name.replace(/\.css$/, '');
    if (!name.endsWith('.css') || !isBundledFont(font)) return missing(reply);
    const css = fontFaces(font);
    if (css === null) return missing(reply);
    // CSS, compressed like the page (about 6 KB of rules for a font's three weights).
    const encoding = acceptedEncoding(String(request.headers['accept-encoding'] ?? ''));
    const bodies = encoded.get(font) ?? new Map<TextEncoding, string | Buffer>();
    encoded.set(font, bodies);
    let body = bodies.get(encoding);
    if (body === undefined) {
      body = encodeText(css, encoding);
      bodies.set(encoding, body);
    }
    markEncoding(reply, encoding);
    return reply.type('text/css; charset=utf-8').header('cache-control', DAY).send(body);
  });

  app.get('/fonts/files/:font/:file', { schema: { hide: true } }, async (request, reply) => {
    const { font, file } = request.params as { font: string; file: string };
    // Only a plain woff2 name of a known font: nothing else of the package, nothing outside it.
    if (!isBundledFont(font) || !/^[a-z0-9-]+\.woff2$/.test(file)) return missing(reply);
    const dir = fontPackageDir(font);
    if (!dir) return missing(reply);
    try {
      const body = readFileSync(path.join(dir, 'files', file));
      return reply.type('font/woff2').header('cache-control', YEAR).send(body);
    } catch {
      return missing(reply);
    }
  });
}
