import { formIdParamsSchema } from '@formsmith/core/forms/api';
import {
  reportScheduleParamsSchema as reportParams,
  reportScheduleBodySchema,
  reportScheduleListSchema,
  reportScheduleSchema,
} from '@formsmith/core/reports/scheduled';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFormId } from '../../lib/form-id.ts';
import { assertKeyScope, SCOPE_NEEDS } from '../../lib/key-scopes.ts';
import { currentUser, keyScopesOf } from '../../plugins/authenticate.ts';
import * as service from './service.ts';

const tags = ['forms'];
const read = { scope: 'forms:read' as const, role: 'viewer' as const };
const write = { scope: 'forms:write' as const, role: 'editor' as const };
// Every report mails answers (or figures from them): an API key needs to read submissions too.
const schedule = { ...write, alsoScopes: [SCOPE_NEEDS.reportAnswers] };

function owned(request: FastifyRequest) {
  return { formId: requireFormId((request.params as { id: string }).id), ownerId: currentUser(request).id };
}

const DESCRIPTION =
  "The form's new responses (submitted since the last report) mailed as `csv` or `xlsx` daily, weekly " +
  '(`weekday`: 1 = Monday … 7 = Sunday) or monthly (`month_day`; a shorter month sends on its last day) at ' +
  '`time` (HH:MM) in `time_zone` (IANA), daylight saving time included. A report with no new responses ' +
  "still goes, saying so. Recipients must be members of the form's workspace with a verified email address " +
  '(400 otherwise, naming them); one who leaves the workspace is no longer sent it.';

/** A form's scheduled reports (settings of the form, beside its notifications and webhooks). */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/forms/:id/reports',
    {
      config: read,
      schema: {
        tags,
        summary: "A form's scheduled reports",
        params: formIdParamsSchema,
        response: { 200: reportScheduleListSchema },
      },
    },
    async (request) => service.listFormReports(app, owned(request)),
  );
  app.post(
    '/forms/:id/reports',
    {
      config: schedule,
      schema: {
        tags,
        summary: 'Schedule a report of the form by mail',
        description: DESCRIPTION,
        params: formIdParamsSchema,
        body: reportScheduleBodySchema,
        response: { 201: reportScheduleSchema },
      },
    },
    async (request, reply) => {
      assertKeyScope(keyScopesOf(request), SCOPE_NEEDS.reportAnswers);
      reply.code(201);
      return service.createFormReport(app, { ...owned(request), body: request.body });
    },
  );
  app.put(
    '/forms/:id/reports/:reportId',
    {
      config: schedule,
      schema: {
        tags,
        summary: 'Change a scheduled report',
        description: DESCRIPTION,
        params: reportParams,
        body: reportScheduleBodySchema,
        response: { 200: reportScheduleSchema },
      },
    },
    async (request) => {
      assertKeyScope(keyScopesOf(request), SCOPE_NEEDS.reportAnswers);
      return service.updateFormReport(app, {
        ...owned(request),
        reportId: request.params.reportId,
        body: request.body,
      });
    },
  );
  app.delete(
    '/forms/:id/reports/:reportId',
    {
      config: write,
      schema: { tags, summary: 'Stop a scheduled report', params: reportParams },
    },
    async (request, reply) => {
      await service.deleteFormReport(app, { ...owned(request), reportId: request.params.reportId });
      return reply.code(204).send();
    },
  );
};

export default reportRoutes;
