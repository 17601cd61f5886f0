import {
  createTemplateBodySchema,
  savedTemplateListSchema,
  savedTemplateSchema,
  templateParamsSchema,
  updateTemplateBodySchema,
} from '@formsmith/core/templates/saved';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { parseFormId } from '../../lib/form-id.ts';
import { currentUser, workspaceAccessOf } from '../../plugins/authenticate.ts';
import * as service from './templates-service.ts';

const tags = ['workspaces'];
const read = { scope: 'forms:read' as const, role: 'viewer' as const };
const write = { scope: 'forms:write' as const, role: 'editor' as const };
const idParams = z.object({ id: z.string() });

/**
 * The workspace of `:id` as the authenticate hook checked it (404 for a non-member, 403 for too
 * small a role), and the caller. An id that cannot name a workspace is never checked: 404 here.
 */
function checked(request: FastifyRequest) {
  if (parseFormId((request.params as { id: string }).id) === null) throw notFound('Workspace not found');
  return { workspaceId: workspaceAccessOf(request).workspaceId, userId: currentUser(request).id };
}

const one = (request: FastifyRequest) => ({
  ...checked(request),
  templateId: (request.params as { templateId: string }).templateId,
});

/**
 * A workspace's own templates: every member reads them (the gallery's first shelf); editors, who
 * make forms, save one from a form of the workspace, rename it and delete it. A new form starts
 * from one as from a built-in template: POST /api/forms with its form.
 */
const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/workspaces/:id/templates',
    {
      config: read,
      schema: {
        tags,
        summary: "A workspace's templates",
        description: 'The templates its editors saved from its forms, newest first.',
        params: idParams,
        response: { 200: savedTemplateListSchema },
      },
    },
    async (request) => service.listWorkspaceTemplates(app, checked(request).workspaceId),
  );
  app.post(
    '/workspaces/:id/templates',
    {
      config: write,
      schema: {
        tags,
        summary: 'Save a form as a template',
        description:
          "Keeps the form's draft questions, logic, display, submit button text and success message; " +
          'not its responses, sharing settings (access code, address), theme, languages or webhooks. ' +
          'The form must be one of this workspace (else 404). A workspace keeps at most 200 templates (409).',
        params: idParams,
        body: createTemplateBodySchema,
        response: { 201: savedTemplateSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.saveFormAsTemplate(app, { ...checked(request), body: request.body })),
  );
  app.patch(
    '/workspaces/:id/templates/:templateId',
    {
      config: write,
      schema: {
        tags,
        summary: "Change a template's title or summary",
        params: templateParamsSchema,
        body: updateTemplateBodySchema,
        response: { 200: savedTemplateSchema },
      },
    },
    async (request) => service.updateWorkspaceTemplate(app, { ...one(request), body: request.body }),
  );
  app.delete(
    '/workspaces/:id/templates/:templateId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a template',
        description: 'Forms made from it stay as they are.',
        params: templateParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteWorkspaceTemplate(app, one(request));
      return reply.status(204).send(null);
    },
  );
};

export default templateRoutes;
