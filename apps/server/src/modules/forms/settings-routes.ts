import {
  confirmationSchema,
  limitsBodySchema,
  limitsSchema,
  partialsSchema,
} from '@formsmith/core/form-settings/schemas';
import { formIdParamsSchema } from '@formsmith/core/forms/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFormId } from '../../lib/form-id.ts';
import { currentUser } from '../../plugins/authenticate.ts';
import * as settings from './settings-service.ts';

const tags = ['forms'];
const read = { scope: 'forms:read' as const };
const write = { scope: 'forms:write' as const };

function owned(request: FastifyRequest) {
  return { formId: requireFormId((request.params as { id: string }).id), ownerId: currentUser(request).id };
}

/** A form's response limit, schedule and one-response-per-browser, its respondent confirmation mail, and partial saves. */
const formSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const params = formIdParamsSchema;

  app.get(
    '/forms/:id/limits',
    {
      config: read,
      schema: {
        tags,
        summary: "A form's response limit and schedule",
        params,
        response: { 200: limitsSchema },
      },
    },
    async (request) => settings.getLimits(app, owned(request)),
  );
  app.put(
    '/forms/:id/limits',
    {
      config: write,
      schema: {
        tags,
        summary: "Set a form's response limit and schedule",
        description:
          'Times are wall-clock times (`YYYY-MM-DDTHH:mm`) in `time_zone`. Outside the schedule or once the ' +
          'limit is reached the form shows "This form is closed" (with `closed_message`) and submit answers 410 FORM_CLOSED.',
        params,
        body: limitsBodySchema,
        response: { 200: limitsSchema },
      },
    },
    async (request) => settings.updateLimits(app, { ...owned(request), body: request.body }),
  );
  app.get(
    '/forms/:id/confirmation',
    {
      config: read,
      schema: {
        tags,
        summary: "A form's respondent confirmation mail",
        params,
        response: { 200: confirmationSchema },
      },
    },
    async (request) => settings.getConfirmation(app, owned(request)),
  );
  app.put(
    '/forms/:id/confirmation',
    {
      config: write,
      schema: {
        tags,
        summary: "Set a form's respondent confirmation mail",
        description: '`{{field_id}}` in the subject and message is replaced by that answer.',
        params,
        body: confirmationSchema,
        response: { 200: confirmationSchema },
      },
    },
    async (request) => settings.updateConfirmation(app, { ...owned(request), body: request.body }),
  );
  app.get(
    '/forms/:id/partials',
    {
      config: read,
      schema: {
        tags,
        summary: 'Whether a form saves answers as respondents go',
        params,
        response: { 200: partialsSchema },
      },
    },
    async (request) => settings.getPartials(app, owned(request)),
  );
  app.put(
    '/forms/:id/partials',
    {
      config: write,
      schema: {
        tags,
        summary: 'Save answers as respondents go, and keep them for so many days',
        description:
          'When on, the public page saves answers on each page (or question) as incomplete submissions that ' +
          'respondents can resume; they are deleted `partial_retention_days` after their last change.',
        params,
        body: partialsSchema,
        response: { 200: partialsSchema },
      },
    },
    async (request) => settings.updatePartials(app, { ...owned(request), body: request.body }),
  );
};

export default formSettingsRoutes;
