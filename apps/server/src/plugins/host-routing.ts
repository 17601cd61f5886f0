import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { hostWithoutPort } from '@formsmith/core/workspaces/domains';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { setRequestHostWorkspace } from '../lib/request-actor.ts';
import {
  type CustomDomainTable,
  DOMAIN_TABLE_REFRESH_MS,
  type DomainRow,
} from '../modules/workspaces/index.ts';
import { isApiPath } from './web-app.ts';

/** Which host a request came in on: the instance's own, a workspace's custom domain, or neither. */
export type RequestHost = { kind: 'instance' } | { kind: 'custom'; domain: DomainRow } | { kind: 'unknown' };

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The routes a custom domain reaches: the public form page (and its embed and posts without
 * JavaScript), the public API a respondent's page calls, the health checks. Static files and the
 * themes' fonts are matched by their path below. Everything else (the dashboard, sign-in, the
 * owner API) answers 404 there: a customer's domain never serves the instance's admin.
 */
const PUBLIC_ROUTES: Record<string, readonly string[]> = {
  '/form/:identifier': ['GET', 'HEAD', 'POST'],
  '/form/:identifier/embed': ['GET', 'HEAD', 'POST'],
  '/api/forms/shared/:slug': ['GET', 'HEAD'],
  '/api/forms/:id': ['GET', 'HEAD'],
  '/api/form-submissions/forms/:id/submit': ['POST'],
  '/api/form-submissions/forms/:id/challenge': ['GET', 'POST'],
  '/api/form-submissions/forms/:id/uploads': ['POST'],
  '/api/form-submissions/forms/:id/progress': ['GET', 'PUT', 'POST', 'DELETE'],
  '/api/form-submissions/forms/:id/progress/resume': ['GET', 'POST'],
  '/api/form-submissions/forms/:id/progress/email': ['POST'],
  '/api/analytics/forms/:id/view': ['POST'],
  '/api/analytics/forms/:id/track': ['POST'],
  // The page's pictures (options, logo, background, tab icon, link preview): the forms module
  // serves there only the pictures of the host's workspace's forms.
  '/api/form-submissions/forms/:id/pictures/:picture': ['GET', 'HEAD'],
  '/api/health': ['GET', 'HEAD'],
  '/api/health/live': ['GET', 'HEAD'],
};
const STATIC_FILE = /^\/(assets\/|fonts\/|[^/]+\.(js|css|svg|png|ico|webmanifest|woff2|txt)$)/;
/** Paths on a custom domain that are not a form's slug. */
const RESERVED = new Set(['api', 'form', 'assets', 'fonts']);

const HOST_OF = Symbol('formsmith.requestHost');
type TaggedMessage = IncomingMessage & { [HOST_OF]?: RequestHost };

/**
 * Reads the host a request came in on, as Fastify's `request.host` does (X-Forwarded-Host only
 * from a proxy TRUST_PROXY names), once per request: the URL rewrite asks before routing and the
 * guard after it.
 */
export function requestHostResolver(config: Config, table: CustomDomainTable) {
  const trust = config.trustProxy
    ? proxyAddr.compile(config.trustProxy.split(',').map((s) => s.trim()))
    : null;
  const own = new Set([
    hostWithoutPort(new URL(config.publicUrl).host),
    ...LOOPBACK,
    ...(config.allowedHosts === 'any' ? [] : config.allowedHosts),
  ]);
  const resolve = (raw: IncomingMessage): RequestHost => {
    const forwarded = [raw.headers['x-forwarded-host']].flat().join(',');
    const address = raw.socket?.remoteAddress;
    const header =
      forwarded && trust && address !== undefined && trust(address, 0)
        ? (forwarded.split(',').at(-1) ?? '')
        : (raw.headers.host ?? '');
    const host = hostWithoutPort(header);
    if (own.has(host)) return { kind: 'instance' };
    const domain = table.find(host);
    if (domain) return { kind: 'custom', domain };
    return config.allowedHosts === 'any' ? { kind: 'instance' } : { kind: 'unknown' };
  };
  return (raw: IncomingMessage): RequestHost => {
    const tagged = raw as TaggedMessage;
    tagged[HOST_OF] ??= resolve(raw);
    return tagged[HOST_OF];
  };
}

/**
 * Fastify's `rewriteUrl`: on a custom domain, `/` opens the form the domain points at and
 * `/<slug>` (and `/<slug>/embed`) the workspace's form of that slug, through the form page's
 * own routes. Every other host's addresses are left as they are.
 */
export function rewriteHostUrl(hostOf: (raw: IncomingMessage) => RequestHost) {
  return (raw: IncomingMessage): string => {
    const url = raw.url ?? '/';
    const found = hostOf(raw);
    if (found.kind !== 'custom') return url;
    const cut = url.indexOf('?');
    const path = cut === -1 ? url : url.slice(0, cut);
    const query = cut === -1 ? '' : url.slice(cut);
    if (path === '/' && found.domain.formId !== null) return `/form/${found.domain.formId}${query}`;
    const named = /^\/([^/.]+)(\/embed)?\/?$/.exec(path);
    if (named?.[1] && !RESERVED.has(named[1])) return `/form/${named[1]}${named[2] ?? ''}${query}`;
    return url;
  };
}

const NO_FORM_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>No form here</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a}main{max-width:32rem;padding:2rem;text-align:center}p{color:#334155}@media (prefers-color-scheme:dark){body{background:#0f172a;color:#f1f5f9}p{color:#cbd5e1}}</style>
</head><body><main><h1>No form here</h1><p>This address has no form. Check the link you were given.</p></main></body></html>`;

// An unknown host is most often the operator's own (a LAN address, a second name): say what to set.
const UNKNOWN_HOST =
  'This server does not answer for this host name. Its operator can add it to ALLOWED_HOSTS or set PUBLIC_URL to it.';

function refuseUnknownHost(request: FastifyRequest, reply: FastifyReply) {
  if (isApiPath(request.url)) return reply.code(404).send({ error: UNKNOWN_HOST, code: 'NOT_FOUND' });
  return reply.code(404).type('text/plain; charset=utf-8').send(UNKNOWN_HOST);
}

function refuse(request: FastifyRequest, reply: FastifyReply, root: boolean) {
  if (isApiPath(request.url)) return reply.code(404).send({ error: 'Not found', code: 'NOT_FOUND' });
  if (root) return reply.code(404).type('text/html; charset=utf-8').send(NO_FORM_PAGE);
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
}

function isPublicRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route === undefined) return false;
  if (PUBLIC_ROUTES[route]?.includes(request.method)) return true;
  return (request.method === 'GET' || request.method === 'HEAD') && STATIC_FILE.test(route);
}

/**
 * The guard of every request by host: the instance's own host as ever; a custom domain reaches
 * only its workspace's public forms (the forms module refuses other workspaces' forms through
 * the request's host workspace); any other host only the health checks (unless ALLOWED_HOSTS=*).
 */
export default fp<{ table: CustomDomainTable; hostOf: (raw: IncomingMessage) => RequestHost }>(
  async (app: FastifyInstance, opts) => {
    app.decorate('customDomains', opts.table);
    await opts.table.reload(app.db);
    const refresh = setInterval(() => {
      opts.table.reload(app.db).catch((err) => app.log.warn({ err }, 'custom domains not reloaded'));
    }, DOMAIN_TABLE_REFRESH_MS);
    refresh.unref();
    app.addHook('onClose', async () => clearInterval(refresh));

    app.addHook('onRequest', (request, reply, done) => {
      const found = opts.hostOf(request.raw);
      if (found.kind === 'instance') return done();
      if (found.kind === 'unknown') {
        if (request.url.startsWith('/api/health')) return done();
        return refuseUnknownHost(request, reply);
      }
      if (!isPublicRoute(request)) return refuse(request, reply, request.url.split('?')[0] === '/');
      setRequestHostWorkspace(found.domain.workspaceId);
      // No API key acts on a customer's domain: the owner API is the instance's own host's.
      delete request.headers.authorization;
      done();
    });
  },
  { name: 'host-routing' },
);
