import {
  createWebhookBodySchema,
  createWorkspaceWebhookBodySchema,
  FORM_WEBHOOK_EVENTS,
  updateWebhookBodySchema,
  updateWorkspaceWebhookBodySchema,
  WORKSPACE_WEBHOOK_EVENTS,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '@formsmith/core/webhooks/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { parseFormId, requireFormId } from '../../lib/form-id.ts';
import { SCOPE_NEEDS, type ScopeNeed } from '../../lib/key-scopes.ts';
import { currentUser, keyScopesOf } from '../../plugins/authenticate.ts';
import type { WebhookOwner } from './repository.ts';
import * as service from './service.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['webhooks'];
const config = { scope: 'webhooks:write' as const, role: 'admin' as const };
const idParams = z.object({ id: z.string().max(20) });
const webhookParams = idParams.extend({ webhookId: z.string().max(100) });
const deliveryParams = webhookParams.extend({ deliveryId: z.string().max(100) });

/** What differs between a form's webhooks and a workspace's: the path, the owner, the events. */
type WebhookRoutes = {
  base: string;
  /** "a form's" / "a workspace's", for the summaries. */
  whose: string;
  /** One word to tell the two apart where a summary would read the same ("Add a workspace webhook"). */
  kind: string;
  ownerOf: (id: string) => WebhookOwner;
  createBody: typeof createWebhookBodySchema | typeof createWorkspaceWebhookBodySchema;
  updateBody: typeof updateWebhookBodySchema | typeof updateWorkspaceWebhookBodySchema;
  events: readonly string[];
  /** Scopes a key also needs to add or redirect one (a form's sends answers out). */
  alsoScopes: ScopeNeed[];
};

const FORM_WEBHOOKS: WebhookRoutes = {
  base: '/forms/:id/webhooks',
  whose: "a form's",
  kind: '',
  ownerOf: (id) => ({ formId: requireFormId(id) }),
  createBody: createWebhookBodySchema,
  updateBody: updateWebhookBodySchema,
  events: FORM_WEBHOOK_EVENTS,
  alsoScopes: [SCOPE_NEEDS.webhookAnswers],
};

const WORKSPACE_WEBHOOKS: WebhookRoutes = {
  base: '/workspaces/:id/webhooks',
  whose: "a workspace's",
  kind: 'workspace ',
  ownerOf: (id) => {
    const workspaceId = parseFormId(id);
    if (workspaceId === null) throw notFound('Workspace not found');
    return { workspaceId };
  },
  createBody: createWorkspaceWebhookBodySchema,
  updateBody: updateWorkspaceWebhookBodySchema,
  events: WORKSPACE_WEBHOOK_EVENTS,
  alsoScopes: [],
};

/**
 * The webhook routes of one owner: endpoints, secret rotation, test events and the delivery log
 * with resend. A form's and a workspace's are the same routes on the same service; only the owner
 * and the events they take differ.
 */
function registerWebhookRoutes(app: ZodApp, spec: WebhookRoutes): void {
  const { base, whose, kind } = spec;
  const sending = spec.alsoScopes.length ? { ...config, alsoScopes: spec.alsoScopes } : config;
  const takes = `Takes the events ${spec.events.map((e) => `\`${e}\``).join(', ')}; another event is refused (400).`;
  const owned = (request: FastifyRequest) => {
    const params = request.params as { id: string; webhookId?: string };
    return {
      owner: spec.ownerOf(params.id),
      ownerId: currentUser(request).id,
      webhookId: params.webhookId ?? '',
    };
  };
  app.get(
    base,
    {
      config,
      schema: {
        tags,
        summary: `List ${whose} webhooks`,
        params: idParams,
        response: { 200: webhookListSchema },
      },
    },
    async (request) => service.listWebhooks(app, owned(request)),
  );
  app.post(
    base,
    {
      config: sending,
      schema: {
        tags,
        summary: `Add a ${kind}webhook`,
        description: `The answer holds the signing secret; it is shown only this once. ${takes}`,
        params: idParams,
        body: spec.createBody,
        response: { 201: webhookWithSecretSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.createWebhook(app, {
          ...owned(request),
          body: request.body,
          keyScopes: keyScopesOf(request),
        }),
      ),
  );
  app.patch(
    `${base}/:webhookId`,
    {
      config: sending,
      schema: {
        tags,
        summary: `Change a ${kind}webhook`,
        description: takes,
        params: webhookParams,
        body: spec.updateBody,
        response: { 200: webhookSchema },
      },
    },
    async (request) =>
      service.updateWebhook(app, { ...owned(request), body: request.body, keyScopes: keyScopesOf(request) }),
  );
  app.delete(
    `${base}/:webhookId`,
    {
      config,
      schema: {
        tags,
        summary: `Delete a ${kind}webhook`,
        params: webhookParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteWebhook(app, owned(request));
      return reply.status(204).send(null);
    },
  );
  app.post(
    `${base}/:webhookId/rotate-secret`,
    {
      config,
      schema: {
        tags,
        summary: `Rotate the signing secret of ${whose} webhook`,
        description: 'The previous secret keeps signing, beside the new one, for 24 hours.',
        params: webhookParams,
        response: { 200: webhookWithSecretSchema },
      },
    },
    async (request) => service.rotateWebhookSecret(app, owned(request)),
  );
  app.post(
    `${base}/:webhookId/test`,
    {
      config,
      schema: {
        tags,
        summary: `Send a test event to ${whose} webhook`,
        description: 'Sends a `webhook.test` event now and answers the logged delivery.',
        params: webhookParams,
        response: { 200: webhookDeliverySchema },
      },
    },
    async (request) => service.sendTestEvent(app, owned(request)),
  );
  app.get(
    `${base}/:webhookId/deliveries`,
    {
      config,
      schema: {
        tags,
        summary: `The delivery log of ${whose} webhook`,
        description: 'The latest 50 deliveries, newest first, each with its attempts.',
        params: webhookParams,
        response: { 200: webhookDeliveryListSchema },
      },
    },
    async (request) => service.listWebhookDeliveries(app, owned(request)),
  );
  app.post(
    `${base}/:webhookId/deliveries/:deliveryId/resend`,
    {
      config,
      schema: {
        tags,
        summary: `Send a delivery of ${whose} webhook again`,
        description: 'Same webhook-id and body as before; answers the delivery with the new attempt.',
        params: deliveryParams,
        response: { 200: webhookDeliverySchema },
      },
    },
    async (request) =>
      service.resendDelivery(app, { ...owned(request), deliveryId: request.params.deliveryId }),
  );
}

/** A form's webhooks, and a workspace's (member events): the same routes on the same service. */
const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  registerWebhookRoutes(app, FORM_WEBHOOKS);
  registerWebhookRoutes(app, WORKSPACE_WEBHOOKS);
};

export default webhooksRoutes;
