import {
  analyticsQuerySchema,
  formAnalyticsSchema,
  analyticsParamsSchema as params,
} from '@formsmith/core/analytics/api';
import { noContentSchema } from '@formsmith/core/api';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.ts';
import { FORM_NOT_FOUND, requireFormId } from '../../lib/form-id.ts';
import { currentUser } from '../../plugins/authenticate.ts';
import { recordView } from './recorder.ts';
import { getFormAnalytics } from './service.ts';

/**
 * Routes of the analytics module: anonymous view recording and the owner's report. The timing
 * the public page posts after a submit is taken by intake (track-routes.ts).
 */
const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/analytics/forms/:id/view',
    { schema: { tags: ['analytics'], params, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await app.rateLimit('view', request.ip);
      const formId = requireFormId(request.params.id);
      if (!(await recordView(app.db, formId))) throw notFound(FORM_NOT_FOUND);
      return reply.status(204).send(null);
    },
  );

  await app.register(async (scope) => {
    const owner = scope.withTypeProvider<ZodTypeProvider>();
    owner.addHook('onRequest', app.authenticate);
    owner.get(
      '/analytics/forms/:id',
      {
        config: { scope: 'submissions:read', role: 'viewer' },
        schema: {
          tags: ['analytics'],
          params,
          querystring: analyticsQuerySchema,
          response: { 200: formAnalyticsSchema },
        },
      },
      async (request) =>
        getFormAnalytics(app.db, app.keyring, {
          formId: requireFormId(request.params.id),
          ownerId: currentUser(request).id,
          startDate: request.query.start_date || undefined,
        }),
    );
  });
};

export default analyticsRoutes;
