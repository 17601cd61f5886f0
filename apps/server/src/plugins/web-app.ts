import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Public form pages load their own small bundle (fill.html); every other path gets the SPA. The
 * server renders those pages itself when the web app has its server build (modules/fill-page);
 * without it, and for addresses those routes do not take, the page is the empty shell.
 */
const FILL_PATH = /^\/form\/[^/]+(\/embed)?\/?$/;
export const EMBED_PATH = /^\/form\/[^/]+\/embed\/?$/;

/** True for an address of the API (`/api` and below, query included): never the web app's. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Serves the built web app with SPA fallback; unknown /api paths answer 404 JSON. */
export default fp(async (app: FastifyInstance) => {
  const root = app.config.webDist;
  const hasWeb = existsSync(path.join(root, 'index.html'));
  const pages = hasWeb
    ? {
        index: readFileSync(path.join(root, 'index.html')),
        fill: existsSync(path.join(root, 'fill.html'))
          ? readFileSync(path.join(root, 'fill.html'))
          : undefined,
      }
    : undefined;

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The public page's server build (ssr/) is the server's to load, not a file to serve.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  const sendPage = (reply: FastifyReply, url: string) => {
    if (!pages) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    const pathname = url.split('?')[0] ?? '/';
    const html = FILL_PATH.test(pathname) && pages.fill ? pages.fill : pages.index;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  };

  // `/` is the operator's choice (HOME_PAGE): the landing page, or straight to sign-in or their
  // own address. The web app follows the same choice when it navigates to `/` by itself.
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const home = app.config.homePage;
    switch (home.kind) {
      case 'landing':
        return sendPage(reply, request.url);
      case 'signin':
        return reply.redirect('/login', 302);
      case 'redirect':
        return reply.redirect(home.url, 302);
      default: {
        const unknown: never = home;
        return unknown;
      }
    }
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) {
      return reply.status(404).send({
        error: `No such API route: ${request.method} ${request.url.split('?')[0]}`,
        code: 'NOT_FOUND',
      });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ error: 'Not found', code: 'NOT_FOUND' });
    }
    return sendPage(reply, request.url);
  });
});
