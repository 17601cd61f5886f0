import {
  analyticsQuerySchema,
  formAnalyticsSchema,
  analyticsParamsSchema as params,
} from '@formsmith/core/analytics/api';
import { noContentSchema } from '@formsmith/core/http';
import { seesAnswers } from '@formsmith/core/workspaces/viewer-answers';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error.ts';
import { FORM_NOT_FOUND, requireFormId } from '../../lib/form-id.ts';
import { currentUser, workspaceAccessOf } from '../../plugins/authenticate.ts';
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
          description:
            'Counts only, never an answer as typed. A viewer of a form that shows its viewers only counts ' +
            '(PUT /api/forms/:id/viewer-access) also gets an empty `answer_distribution` for number, ' +
            'calculated and option-less choice questions, whose values are what respondents typed ' +
            '(a number keeps its `summary` and `histogram`). Per type: numbers and sliders a `summary` and a ' +
            '`histogram`, NPS its `nps` score, yes/no and single checkboxes a `split`, dates a `timeline`, ' +
            "files `files`; a text question's answers are listed by GET /api/form-submissions/forms/{id}/fields/{fieldId}/answers.",
          params,
          querystring: analyticsQuerySchema,
          response: { 200: formAnalyticsSchema },
        },
      },
      async (request) => {
        const formId = requireFormId(request.params.id);
        const { role, viewerAnswers } = workspaceAccessOf(request);
        return getFormAnalytics(app.db, app.keyring, {
          formId,
          ownerId: currentUser(request).id,
          startDate: request.query.start_date || undefined,
          countsOnly: !seesAnswers(role, viewerAnswers),
        });
      },
    );
  });
};

export default analyticsRoutes;
