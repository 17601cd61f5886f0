import { analyticsParamsSchema as params, trackBodySchema } from '@formsmith/core/analytics/api';
import { noContentSchema } from '@formsmith/core/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseFormId } from '../../lib/form-id.ts';
import { trackSubmission } from './track-service.ts';

/** The timing the public page posts after a submit (under /analytics, where it always was). */
const trackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/analytics/forms/:id/track',
    { schema: { tags: ['analytics'], params, body: trackBodySchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await app.rateLimit('view', `track:${request.ip}`);
      // Ignored like any other call it cannot use: the client never learns why.
      const formId = parseFormId(request.params.id);
      if (formId !== null) await trackSubmission(app.db, { formId, body: request.body });
      return reply.status(204).send(null);
    },
  );
};

export default trackRoutes;
