import { formIdParamsSchema } from '@formsmith/core/forms/api';
import {
  folderBodySchema,
  folderIdParamsSchema,
  folderListSchema,
  folderSchema,
  formFolderBodySchema,
} from '@formsmith/core/forms/folders';
import { wireFormSchema } from '@formsmith/core/forms/form-wire';
import { moveFormBodySchema, workspaceQuerySchema } from '@formsmith/core/workspaces/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireFormId } from '../../lib/form-id.ts';
import { callerOf, currentUser } from '../../plugins/authenticate.ts';
import * as service from './folders-service.ts';
import { moveOwnerForm } from './move-service.ts';

const tags = ['forms'];
const read = { scope: 'forms:read' as const, role: 'viewer' as const };
const write = { scope: 'forms:write' as const, role: 'editor' as const };

/** The owner's folders and filing a form in one; another owner's folder answers 404 like a missing one. */
const folderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const owned = (request: FastifyRequest) => ({
    folderId: service.requireFolderId((request.params as { id: string }).id),
    ownerId: currentUser(request).id,
  });

  app.get(
    '/folders',
    {
      config: read,
      schema: {
        tags,
        summary: 'The folders of a workspace',
        description: 'Of `workspace_id`, or your personal workspace (an API key: its own).',
        querystring: workspaceQuerySchema,
        response: { 200: folderListSchema },
      },
    },
    async (request) =>
      service.listOwnerFolders(app, { caller: callerOf(request), workspaceId: request.query.workspace_id }),
  );
  app.post(
    '/folders',
    {
      config: write,
      schema: {
        tags,
        summary: 'Make a folder',
        querystring: workspaceQuerySchema,
        body: folderBodySchema,
        response: { 201: folderSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await service.createOwnerFolder(app, {
          caller: callerOf(request),
          workspaceId: request.query.workspace_id,
          body: request.body,
        }),
      ),
  );
  app.put(
    '/folders/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Rename a folder',
        params: folderIdParamsSchema,
        body: folderBodySchema,
        response: { 200: folderSchema },
      },
    },
    async (request) => service.renameOwnerFolder(app, { ...owned(request), body: request.body }),
  );
  app.delete(
    '/folders/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a folder (its forms stay, in no folder)',
        params: folderIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.deleteOwnerFolder(app, owned(request));
      return reply.status(204).send(null);
    },
  );
  app.put(
    '/forms/:id/folder',
    {
      config: write,
      schema: {
        tags,
        summary: 'File a form in a folder, or take it out (null)',
        params: formIdParamsSchema,
        body: formFolderBodySchema,
        response: { 200: wireFormSchema },
      },
    },
    async (request) =>
      service.fileOwnerForm(app, {
        formId: requireFormId(request.params.id),
        ownerId: currentUser(request).id,
        folderId: request.body.folder_id,
      }),
  );
  app.put(
    '/forms/:id/workspace',
    {
      config: write,
      schema: {
        tags,
        summary: 'Move a form to another workspace',
        description:
          'With its submissions, versions, files and webhooks, to a workspace where you are an editor or above. ' +
          'It leaves its folder; submissions assigned to someone outside the new workspace are unassigned. ' +
          'Both audit logs record it and its webhooks get `form.moved`.',
        params: formIdParamsSchema,
        body: moveFormBodySchema,
        response: { 200: wireFormSchema },
      },
    },
    async (request) =>
      moveOwnerForm(app, {
        formId: requireFormId(request.params.id),
        ownerId: currentUser(request).id,
        caller: callerOf(request),
        workspaceId: request.body.workspace_id,
      }),
  );
};

export default folderRoutes;
