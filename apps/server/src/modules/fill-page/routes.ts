import fastifyMultipart from '@fastify/multipart';
import { LIMITS } from '@formsmith/core/limits';
import { hostWithoutPort } from '@formsmith/core/workspaces/domains';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { requestHostWorkspace } from '../../lib/request-actor.ts';
import { pageViewCounter } from '../analytics/index.ts';
import { compressed } from './compress.ts';
import { pageHtml } from './page-cache.ts';
import { type PageServedOn, withEmbedLook } from './page-html.ts';
import type { FillPageKit } from './renderer.ts';
import { type FillAddress, type FillAnswer, postFillPage, showFillPage } from './service.ts';

const PATHS = ['/form/:identifier', '/form/:identifier/embed'];

function addressOf(request: FastifyRequest): FillAddress {
  const { identifier } = request.params as { identifier: string };
  const [pathname, query] = request.url.split('?');
  const acceptLanguage = request.headers['accept-language'];
  return {
    identifier,
    embed: pathname?.endsWith('/embed') ?? false,
    search: query ? `?${query}` : '',
    ...(acceptLanguage ? { acceptLanguage } : {}),
  };
}

/**
 * A post from another site's page (a forged form) is refused: browsers say where a post comes
 * from, and the page's own form always posts to its own address. Sec-Fetch-Site says it best (the
 * pages send no referrer, so browsers post `Origin: null` for them); older browsers send an Origin.
 */
function assertSameOrigin(request: FastifyRequest, publicUrl: string) {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) {
    if (site !== 'same-origin' && site !== 'none') throw forged();
    return;
  }
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw forged();
  }
  // The page's own host: as the browser sent it, or as a trusted proxy forwarded it (a custom
  // domain behind the proxy), or the instance's address.
  if (host !== request.headers.host && host !== request.host && host !== new URL(publicUrl).host)
    throw forged();
}

/**
 * A person opening the page, not a HEAD request or the browser fetching it ahead in case they
 * might (their views are counted when they open it).
 */
function isRespondent(request: FastifyRequest): boolean {
  if (request.method === 'HEAD') return false;
  const purpose = `${request.headers['sec-purpose'] ?? ''} ${request.headers.purpose ?? ''}`;
  return !/\bprefetch\b/i.test(purpose);
}

/**
 * On a workspace's custom domain, the address the page was opened on (with the instance's own
 * scheme, as the form's links to that domain are written); on the instance's host, none.
 */
function servedOn(request: FastifyRequest, publicUrl: string): PageServedOn | undefined {
  if (requestHostWorkspace() === null) return undefined;
  const scheme = /^http:/i.test(publicUrl) ? 'http' : 'https';
  return { origin: `${scheme}://${hostWithoutPort(request.host)}`, publicUrl };
}

const forged = () => new AppError('FORBIDDEN', 403, 'This form can only be sent from its own page');

/**
 * The public form page, rendered on the server from the same components as the page's script
 * (which takes it over), and its form posted without JavaScript.
 */
export default async function fillPageRoutes(app: FastifyInstance, opts: { kit: FillPageKit }) {
  const { kit } = opts;
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: LIMITS.uploadMaxBytes,
      files: 20,
      fields: 2000,
      fieldSize: LIMITS.submissionMaxBytes,
    },
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: LIMITS.submissionMaxBytes },
    (_request, body, done) => done(null, body),
  );

  const countView = pageViewCounter(app);
  const send = async (request: FastifyRequest, reply: FastifyReply, answer: FillAnswer) => {
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (answer.cookie) reply.header('set-cookie', answer.cookie);
    // A redirect after a post: the browser gets the next address with GET.
    if (answer.kind === 'redirect') return reply.status(303).header('location', answer.location).send();
    if (kit.scriptHashes.length > 0) {
      // The page's own inline scripts (the theme's, the module's start) are allowed by their
      // hashes; no other inline script runs.
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      reply.header(
        'content-security-policy',
        csp.replace("script-src 'self'", `script-src 'self' ${kit.scriptHashes.join(' ')}`),
      );
    }
    reply.status(answer.status).type('text/html; charset=utf-8').header('cache-control', 'no-store');
    // A public form is opened from anywhere: a link in a mail or on another site, a QR code. With
    // `same-origin` (the app's pages keep it), the browser moves the page into a browsing context
    // group, and on phones a process, of its own: a new renderer started before the form can be
    // used (Lighthouse's mobile run measured 300-650 ms more blocking time for the same page).
    // The page holds nothing an opener could reach across origins, and an app page it may be
    // navigated to still cuts the opener off with its own header.
    reply.header('cross-origin-opener-policy', 'unsafe-none');
    if (answer.retryAfterSeconds !== undefined) reply.header('retry-after', String(answer.retryAfterSeconds));
    if (answer.opens !== undefined && isRespondent(request))
      countView({ formId: answer.opens, ip: request.ip });
    const html = withEmbedLook(
      await pageHtml(kit, answer.state, servedOn(request, app.config.publicUrl)),
      addressOf(request),
    );
    return reply.send(compressed(reply, accepted, html));
  };

  for (const url of PATHS) {
    app.get(url, async (request, reply) =>
      send(request, reply, await showFillPage(app, kit, { ...addressOf(request), ip: request.ip })),
    );
    app.post(url, { bodyLimit: LIMITS.uploadMaxBytes * 4 }, async (request, reply) => {
      assertSameOrigin(request, app.config.publicUrl);
      return send(request, reply, await postFillPage(app, kit, request, addressOf(request)));
    });
  }
}
