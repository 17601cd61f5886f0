import { workspaceListSchema } from '@formsmith/core/workspaces/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/authenticate.ts';
import { listWorkspaces } from './service.ts';

const tags = ['workspaces'];

/** The signed-in account's workspaces. */
const workspacesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.get(
    '/workspaces',
    {
      config: { scope: 'forms:read' as const, role: 'viewer' as const },
      schema: {
        tags,
        summary: 'Your workspaces',
        description: 'The workspaces you belong to, your personal one first, with your role in each.',
        response: { 200: workspaceListSchema },
      },
    },
    async (request) => listWorkspaces(app, { userId: currentUser(request).id }),
  );
};

export default workspacesRoutes;
