import {
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '@formsmith/core/webhooks/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireFormId } from '../../lib/form-id.ts';
import { SCOPE_NEEDS } from '../../lib/key-scopes.ts';
import { currentUser, keyScopesOf } from '../../plugins/authenticate.ts';
import * as service from './service.ts';

const BASE = '/forms/:id/webhooks';
const tags = ['webhooks'];
const config = { scope: 'webhooks:write' as const, role: 'admin' as const };
/** Adding or redirecting a webhook of submissions sends answers out: with a key, submissions:read too. */
const sending = { ...config, alsoScopes: [SCOPE_NEEDS.webhookAnswers] };
const formParams = z.object({ id: z.string().max(20) });
const webhookParams = formParams.extend({ webhookId: z.string().max(100) });
const deliveryParams = webhookParams.extend({ deliveryId: z.string().max(100) });

function owned(request: FastifyRequest) {
  const params = request.params as { id: string; webhookId?: string };
  return {
    formId: requireFormId(params.id),
    ownerId: currentUser(request).id,
    webhookId: params.webhookId ?? '',
  };
}

/** A form's webhooks: endpoints, secret rotation, test events and the delivery log with resend. */
const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    BASE,
    {
      config,
      schema: {
        tags,
        summary: "List a form's webhooks",
        params: formParams,
        response: { 200: webhookListSchema },
      },
    },
    async (request) => service.listFormWebhooks(app, owned(request)),
  );
  app.post(
    BASE,
    {
      config: sending,
      schema: {
        tags,
        summary: 'Add a webhook',
        description: 'The answer holds the signing secret; it is shown only this once.',
        params: formParams,
        body: createWebhookBodySchema,
        response: { 201: webhookWithSecretSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.createFormWebhook(app, {
          ...owned(request),
          body: request.body,
          keyScopes: keyScopesOf(request),
        }),
      ),
  );
  app.patch(
    `${BASE}/:webhookId`,
    {
      config: sending,
      schema: {
        tags,
        summary: 'Change a webhook',
        params: webhookParams,
        body: updateWebhookBodySchema,
        response: { 200: webhookSchema },
      },
    },
    async (request) =>
      service.updateFormWebhook(app, {
        ...owned(request),
        body: request.body,
        keyScopes: keyScopesOf(request),
      }),
  );
  app.delete(
    `${BASE}/:webhookId`,
    {
      config,
      schema: { tags, summary: 'Delete a webhook', params: webhookParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.deleteFormWebhook(app, owned(request));
      return reply.status(204).send(null);
    },
  );
  app.post(
    `${BASE}/:webhookId/rotate-secret`,
    {
      config,
      schema: {
        tags,
        summary: "Rotate a webhook's signing secret",
        description: 'The previous secret keeps signing, beside the new one, for 24 hours.',
        params: webhookParams,
        response: { 200: webhookWithSecretSchema },
      },
    },
    async (request) => service.rotateWebhookSecret(app, owned(request)),
  );
  app.post(
    `${BASE}/:webhookId/test`,
    {
      config,
      schema: {
        tags,
        summary: 'Send a test event',
        description: 'Sends a `webhook.test` event now and answers the logged delivery.',
        params: webhookParams,
        response: { 200: webhookDeliverySchema },
      },
    },
    async (request) => service.sendTestEvent(app, owned(request)),
  );
  app.get(
    `${BASE}/:webhookId/deliveries`,
    {
      config,
      schema: {
        tags,
        summary: "A webhook's delivery log",
        description: 'The latest 50 deliveries, newest first, each with its attempts.',
        params: webhookParams,
        response: { 200: webhookDeliveryListSchema },
      },
    },
    async (request) => service.listWebhookDeliveries(app, owned(request)),
  );
  app.post(
    `${BASE}/:webhookId/deliveries/:deliveryId/resend`,
    {
      config,
      schema: {
        tags,
        summary: 'Send a delivery again',
        description: 'Same webhook-id and body as before; answers the delivery with the new attempt.',
        params: deliveryParams,
        response: { 200: webhookDeliverySchema },
      },
    },
    async (request) =>
      service.resendDelivery(app, { ...owned(request), deliveryId: request.params.deliveryId }),
  );
};

export default webhooksRoutes;
