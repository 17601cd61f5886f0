import {
  customCssCheckBodySchema,
  customCssCheckedSchema,
  defaultThemeBodySchema,
  savedThemeSchema,
  themeBodySchema,
  themeIdParamsSchema,
  themeListSchema,
} from '@formsmith/core/themes/api';
import { workspaceQuerySchema } from '@formsmith/core/workspaces/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, currentUser } from '../../plugins/authenticate.ts';
import * as service from './themes-service.ts';

const tags = ['themes'];
const read = { scope: 'forms:read' as const, role: 'viewer' as const };
const write = { scope: 'forms:write' as const, role: 'editor' as const };

/** The owner's saved themes and default theme; another owner's theme answers 404 like a missing one. */
const themeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const owned = (request: FastifyRequest) => ({
    themeId: (request.params as { id: number }).id,
    ownerId: currentUser(request).id,
  });

  app.get(
    '/themes',
    {
      config: read,
      schema: {
        tags,
        summary: 'Your saved themes and default',
        description:
          "The themes of every workspace you belong to, or of the one `workspace_id` names (a form's " +
          'page draws only themes of its own workspace).',
        querystring: workspaceQuerySchema,
        response: { 200: themeListSchema },
      },
    },
    async (request) =>
      service.listOwnerThemes(app, {
        ownerId: currentUser(request).id,
        caller: callerOf(request),
        workspaceId: request.query.workspace_id,
      }),
  );
  app.post(
    '/themes',
    {
      config: write,
      schema: {
        tags,
        summary: 'Save a theme',
        querystring: workspaceQuerySchema,
        body: themeBodySchema,
        response: { 201: savedThemeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.createOwnerTheme(app, {
          ownerId: currentUser(request).id,
          caller: callerOf(request),
          workspaceId: request.query.workspace_id,
          body: request.body,
        }),
      ),
  );
  app.get(
    '/themes/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'One saved theme, with how many forms use it',
        params: themeIdParamsSchema,
        response: { 200: savedThemeSchema },
      },
    },
    async (request) => service.getOwnerTheme(app, owned(request)),
  );
  app.put(
    '/themes/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a saved theme (every form using it follows)',
        params: themeIdParamsSchema,
        body: themeBodySchema,
        response: { 200: savedThemeSchema },
      },
    },
    async (request) => service.updateOwnerTheme(app, { ...owned(request), body: request.body }),
  );
  app.delete(
    '/themes/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a saved theme (its forms get the product theme)',
        params: themeIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteOwnerTheme(app, owned(request));
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/themes/custom-css',
    {
      config: read,
      schema: {
        tags,
        summary: 'Check custom CSS: what the page would draw, or 422 naming each problem by line',
        body: customCssCheckBodySchema,
        response: { 200: customCssCheckedSchema },
      },
    },
    async (request) => service.checkOwnerCustomCss(request.body),
  );
  app.put(
    '/themes/default',
    {
      config: write,
      schema: {
        tags,
        summary: 'The theme your new forms start with',
        body: defaultThemeBodySchema,
        response: { 200: defaultThemeBodySchema },
      },
    },
    async (request) =>
      service.setOwnerDefaultTheme(app, { ownerId: currentUser(request).id, ref: request.body.ref }),
  );
};

export default themeRoutes;
