import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { EMBED_PATH, isApiPath } from './web-app.ts';

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix and Recharts position elements with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/**
 * The headers helmet sets with these options. They are the same for every response, so they are
 * computed once here: building helmet's middleware on every request (what the Fastify plugin
 * does) took 6-9 % of the server's CPU under submit load.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * The API's answers (JSON, and downloads sent as attachments) are never rendered as a page, so
 * they get the headers that matter for such answers: a CSP under which nothing could load and no
 * site may frame them, no MIME sniffing, same-site reads only, no referrer, HTTPS kept. Helmet's
 * page-only headers (opener and agent-cluster isolation, DNS prefetch, old IE and Flash switches,
 * the legacy XSS filter) would only lengthen each answer: on loopback a submit's answer is written
 * in about 7 µs per kilobyte, and the page set is three times the size of this one.
 */
function apiHeaders(page: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': page['cross-origin-resource-policy'] ?? 'same-site',
    'referrer-policy': 'no-referrer',
    ...(page['strict-transport-security']
      ? { 'strict-transport-security': page['strict-transport-security'] }
      : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/** The API's own pages (its reference), which are documents and get the page set. */
const API_PAGES = '/api/reference';

function isApiAnswer(url: string): boolean {
  return isApiPath(url) && !url.startsWith(API_PAGES);
}

/**
 * Helmet's headers and a CSP on every page, the API set on the API's answers; only the embed
 * page may be framed by other sites.
 */
export default fp(async (app: FastifyInstance) => {
  const headers = helmetHeaders(HELMET_OPTIONS);
  const api = apiHeaders(headers);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? api : headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const pathname = request.url.split('?')[0] ?? '';
    // The embed helper script is loaded by other sites' pages.
    if (pathname === '/embed.js') reply.header('cross-origin-resource-policy', 'cross-origin');
    if (EMBED_PATH.test(pathname)) {
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", 'frame-ancestors *'));
      reply.removeHeader('x-frame-options');
    }
    done(null, payload);
  });
});
