import {
  customDomainBody,
  customDomainListSchema,
  customDomainPatchBody,
  customDomainSchema,
} from '@formsmith/core/workspaces/domains';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../lib/app-error.ts';
import { parseFormId } from '../../../lib/form-id.ts';
import { currentUser } from '../../../plugins/authenticate.ts';
import {
  addCustomDomain,
  listCustomDomains,
  pointCustomDomain,
  removeCustomDomain,
  servesHost,
} from './service.ts';

const tags = ['workspaces'];
const idParams = z.object({ id: z.string() });
const hostParams = idParams.extend({ host: z.string().max(300) });

/** The workspace a route names by `:id` (the authenticate hook has already checked the role). */
function workspaceOf(request: FastifyRequest): number {
  const id = parseFormId((request.params as { id: string }).id);
  if (id === null) throw notFound('Workspace not found');
  return id;
}

/**
 * A workspace's custom domains, managed by its owners and admins with a session (never an API
 * key: a domain serves the workspace's forms to the world), and the question Caddy's on-demand
 * TLS asks before it gets a certificate for a host.
 */
const domainsRoutes: FastifyPluginAsyncZod = async (app) => {
  const managed = { onRequest: app.authenticate, config: { role: 'admin' as const } };
  app.get(
    '/workspaces/:id/domains',
    {
      ...managed,
      schema: {
        tags,
        summary: 'Custom domains',
        description: 'The host names this instance serves the workspace’s forms on.',
        params: idParams,
        response: { 200: customDomainListSchema },
      },
    },
    async (request) => listCustomDomains(app, workspaceOf(request)),
  );
  app.post(
    '/workspaces/:id/domains',
    {
      ...managed,
      schema: {
        tags,
        summary: 'Add a custom domain',
        description:
          'A host name (no scheme, port or path) that serves the workspace’s forms at /<slug>; `form_id` is the form its / opens.',
        params: idParams,
        body: customDomainBody,
        response: { 201: customDomainSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await addCustomDomain(app, {
          workspaceId: workspaceOf(request),
          userId: currentUser(request).id,
          body: request.body,
        }),
      ),
  );
  app.patch(
    '/workspaces/:id/domains/:host',
    {
      ...managed,
      schema: {
        tags,
        summary: 'Point a custom domain at a form',
        params: hostParams,
        body: customDomainPatchBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await pointCustomDomain(app, {
        workspaceId: workspaceOf(request),
        host: request.params.host,
        formId: request.body.form_id,
      });
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/workspaces/:id/domains/:host',
    {
      ...managed,
      schema: { tags, summary: 'Remove a custom domain', params: hostParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await removeCustomDomain(app, { workspaceId: workspaceOf(request), host: request.params.host });
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/tls/allowed',
    {
      schema: {
        tags: ['instance'],
        summary: 'May the proxy get a certificate for this host?',
        description:
          'For Caddy’s on-demand TLS `ask`: 200 for the instance’s own host and every custom domain, 404 for any other.',
        querystring: z.object({ domain: z.string().max(300).default('') }),
        response: { 200: z.object({ allowed: z.literal(true) }) },
      },
    },
    async (request) => {
      await app.rateLimit('tlsAsk', request.ip);
      if (servesHost(app, request.query.domain)) return { allowed: true as const };
      throw notFound('This server does not serve that host name.');
    },
  );
};

export default domainsRoutes;
