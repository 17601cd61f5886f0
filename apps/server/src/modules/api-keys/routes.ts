import { apiKeyListSchema, createApiKeyBodySchema, createdApiKeySchema } from '@formsmith/core/api-keys/api';
import { workspaceQuerySchema } from '@formsmith/core/workspaces/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, currentUser } from '../../plugins/authenticate.ts';
import * as service from './service.ts';

const tags = ['api-keys'];
const keyParams = z.object({ keyId: z.string().max(100) });

/**
 * The signed-in user's API keys. These routes name no scope, so API keys themselves are refused
 * here (a key can never mint or revoke keys).
 */
const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/account/api-keys',
    {
      config: { role: 'admin' },
      schema: { tags, summary: 'List your API keys', response: { 200: apiKeyListSchema } },
    },
    async (request) => service.listUserApiKeys(app, currentUser(request).id),
  );
  app.post(
    '/account/api-keys',
    {
      config: { reauth: true, role: 'admin' },
      schema: {
        tags,
        summary: 'Create an API key',
        description:
          'The answer holds the key itself; it is shown only this once and stored hashed. The key ' +
          'belongs to the workspace `workspace_id` names (your personal one when absent) and acts ' +
          'there with your role, at most: it stops working when you leave the workspace.',
        querystring: workspaceQuerySchema,
        body: createApiKeyBodySchema,
        response: { 201: createdApiKeySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.createUserApiKey(app, {
          caller: callerOf(request),
          workspaceId: request.query.workspace_id,
          body: request.body,
        }),
      ),
  );
  app.delete(
    '/account/api-keys/:keyId',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        summary: 'Revoke an API key',
        description: 'The key stops working at once.',
        params: keyParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.revokeUserApiKey(app, { userId: currentUser(request).id, keyId: request.params.keyId });
      return reply.status(204).send(null);
    },
  );
};

export default apiKeysRoutes;
