import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { EMBED_PATH } from './web-app.ts';

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

/** Helmet's headers and a CSP everywhere; only the embed page may be framed by other sites. */
export default fp(async (app: FastifyInstance) => {
  const headers = helmetHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
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
