import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EMBED_PATH } from './web-app.ts';

/** Helmet's headers and a CSP everywhere; only the embed page may be framed by other sites. */
export default fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
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
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // The embed helper script is loaded by other sites' pages.
    if (request.url.split('?')[0] === '/embed.js')
      reply.header('cross-origin-resource-policy', 'cross-origin');
    if (!EMBED_PATH.test(request.url.split('?')[0] ?? '')) return payload;
    const csp = String(reply.getHeader('content-security-policy') ?? '');
    reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", 'frame-ancestors *'));
    reply.removeHeader('x-frame-options');
    return payload;
  });
});
