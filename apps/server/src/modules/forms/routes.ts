import {
  accessQuerySchema,
  formIdParamsSchema,
  formListSchema,
  formSaveBodySchema,
  formViewSchema,
  sharingBodySchema,
  sharingResponseSchema,
  slugParamsSchema,
} from '@formsmith/core/forms/api';
import { formListQuerySchema } from '@formsmith/core/forms/folders';
import { wireFormSchema } from '@formsmith/core/forms/form-wire';
import { presenceSchema } from '@formsmith/core/forms/presence';
import { deleteFormQuerySchema, deleteImpactSchema, trashListSchema } from '@formsmith/core/forms/trash';
import { formVersionListSchema, versionEtag, versionParamsSchema } from '@formsmith/core/forms/versions';
import { formAccessSchema, workspaceQuerySchema } from '@formsmith/core/workspaces/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireFormId } from '../../lib/form-id.ts';
import { SCOPE_NEEDS } from '../../lib/key-scopes.ts';
import { callerOf, currentUser, keyScopesOf, workspaceAccessOf } from '../../plugins/authenticate.ts';
import folderRoutes from './folders-routes.ts';
import pictureRoutes from './pictures-routes.ts';
import { markGone, markPresent } from './presence.ts';
import * as service from './service.ts';
import formSettingsRoutes from './settings-routes.ts';
import templateRoutes from './templates-routes.ts';
import themeRoutes from './themes-routes.ts';
import * as trash from './trash-service.ts';
import * as versions from './versions-service.ts';

/** Reads open to anyone (the owner's members get the WireForm): no role, the service decides. */
const publicRead = { scope: 'forms:read' as const };
const read = { ...publicRead, role: 'viewer' as const };
const write = { scope: 'forms:write' as const, role: 'editor' as const };
/** A save: redirects that pass answers on need submissions:read as well. */
const save = { ...write, alsoScopes: [SCOPE_NEEDS.redirectAnswers] };

const viewRouteSchema = {
  tags: ['forms'],
  querystring: accessQuerySchema,
  response: { 200: formViewSchema },
};

/** Who asks for a form view, and with which access code. */
function viewerOf(
  request: Pick<FastifyRequest, 'user' | 'ip' | 'headers'> & { query: z.output<typeof accessQuerySchema> },
) {
  return {
    viewerId: request.user?.id ?? null,
    accessCode: request.query.access_code,
    ip: request.ip,
    language: { lang: request.query.lang, acceptLanguage: request.headers['accept-language'] },
  };
}

/** Reads of one form by anyone: the owner gets the WireForm, others the public view. */
const readRoutes: FastifyPluginAsyncZod = async (scope) => {
  const app = scope;
  scope.addHook('onRequest', app.identify);
  scope.get(
    '/forms/shared/:slug',
    { config: publicRead, schema: { ...viewRouteSchema, params: slugParamsSchema } },
    async (request) =>
      service.viewForm(app, {
        form: await service.findFormBySlugParam(app, request.params.slug),
        ...viewerOf(request),
      }),
  );
  scope.get(
    '/forms/:id',
    { config: publicRead, schema: { ...viewRouteSchema, params: formIdParamsSchema } },
    async (request, reply) => {
      const view = await service.viewForm(app, {
        form: await service.findFormByIdParam(app, request.params.id),
        byId: true,
        ...viewerOf(request),
      });
      if ('version' in view)
        reply.header('etag', versionEtag(view.version)).header('cache-control', 'no-store');
      return view;
    },
  );
};

/** The owner's calls; another owner's form answers 404 like a missing one. */
const ownerRoutes: FastifyPluginAsyncZod = async (scope) => {
  const app = scope;
  scope.addHook('onRequest', app.authenticate);
  /** The form the path names and the signed-in caller, for a presence mark. */
  const mark = (request: FastifyRequest) => ({
    formId: requireFormId((request.params as { id: string }).id),
    userId: currentUser(request).id,
  });
  const owned = (request: FastifyRequest) => ({
    formId: requireFormId((request.params as { id: string }).id),
    ownerId: currentUser(request).id,
  });

  scope.get(
    '/forms',
    {
      config: read,
      schema: {
        tags: ['forms'],
        description:
          'The forms of one of your workspaces: `workspace_id`, or your personal workspace when absent ' +
          "(an API key's own workspace, for a key).",
        querystring: z.object({ ...formListQuerySchema.shape, ...workspaceQuerySchema.shape }),
        response: { 200: formListSchema },
      },
    },
    async (request) =>
      service.listOwnerForms(app, {
        caller: callerOf(request),
        workspaceId: request.query.workspace_id,
        folder: request.query.folder,
      }),
  );
  scope.post(
    '/forms',
    {
      config: save,
      schema: {
        tags: ['forms'],
        description:
          'The form goes to the workspace `workspace_id` names, when you may edit there (editor or ' +
          "above), else to your personal workspace (an API key's own workspace, for a key).",
        querystring: workspaceQuerySchema,
        body: formSaveBodySchema,
        response: { 201: wireFormSchema },
      },
    },
    async (request, reply) => {
      const form = await service.createOwnerForm(app, {
        ownerId: currentUser(request).id,
        caller: callerOf(request),
        workspaceId: request.query.workspace_id,
        body: request.body,
        keyScopes: keyScopesOf(request),
      });
      return reply.status(201).send(form);
    },
  );
  scope.put(
    '/forms/:id',
    {
      config: save,
      schema: {
        tags: ['forms'],
        params: formIdParamsSchema,
        body: formSaveBodySchema,
        response: { 200: wireFormSchema },
      },
    },
    async (request, reply) => {
      const form = await service.updateOwnerForm(app, {
        ...owned(request),
        body: request.body,
        ifMatch: request.headers['if-match'],
        keyScopes: keyScopesOf(request),
      });
      reply.header('etag', versionEtag(form.version));
      return form;
    },
  );
  scope.delete(
    '/forms/:id',
    {
      config: { scope: 'forms:delete', role: 'editor' },
      schema: {
        tags: ['forms'],
        params: formIdParamsSchema,
        querystring: deleteFormQuerySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await trash.deleteOwnerForm(app, { ...owned(request), permanent: request.query.permanent });
      return reply.status(204).send(null);
    },
  );
  scope.get(
    '/forms/trash',
    { config: read, schema: { tags: ['forms'], response: { 200: trashListSchema } } },
    async (request) => trash.listOwnerTrash(app, { caller: callerOf(request) }),
  );
  scope.post(
    '/forms/:id/restore',
    {
      config: write,
      schema: { tags: ['forms'], params: formIdParamsSchema, response: { 200: wireFormSchema } },
    },
    async (request) => trash.restoreOwnerForm(app, owned(request)),
  );
  // Presence is for people in the app: API keys are refused (no scope).
  scope.put(
    '/forms/:id/presence',
    {
      config: { role: 'viewer' },
      schema: {
        tags: ['forms'],
        summary: 'Say you have the form open; see who else has',
        description:
          'An open editor calls this every 15 seconds; the answer lists the others seen in the last 45 seconds.',
        params: formIdParamsSchema,
        response: { 200: presenceSchema },
      },
    },
    // The authenticate hook's check found the form and the caller's place; a mark needs no more.
    async (request) => markPresent(app.db, mark(request)),
  );
  scope.delete(
    '/forms/:id/presence',
    {
      config: { role: 'viewer' },
      schema: { tags: ['forms'], summary: 'Say you closed the form', params: formIdParamsSchema },
    },
    async (request, reply) => {
      await markGone(app.db, mark(request));
      return reply.status(204).send(null);
    },
  );
  scope.get(
    '/forms/:id/access',
    {
      config: read,
      schema: {
        tags: ['forms'],
        summary: 'Your role on a form',
        description:
          'The workspace the form belongs to and your role there, read on every request: what the app lets you do with it. ' +
          "`viewer_answers` is the form's choice for viewers: answers (true) or only counts (false).",
        params: formIdParamsSchema,
        response: { 200: formAccessSchema },
      },
    },
    async (request) => {
      const { workspaceId, role, viewerAnswers } = workspaceAccessOf(request);
      return { workspace_id: workspaceId, role, viewer_answers: viewerAnswers };
    },
  );
  scope.get(
    '/forms/:id/delete-impact',
    {
      config: read,
      schema: { tags: ['forms'], params: formIdParamsSchema, response: { 200: deleteImpactSchema } },
    },
    async (request) => trash.findOwnerDeleteImpact(app, owned(request)),
  );
  scope.get(
    '/forms/:id/versions',
    {
      config: read,
      schema: { tags: ['forms'], params: formIdParamsSchema, response: { 200: formVersionListSchema } },
    },
    async (request) => versions.listOwnerVersions(app, owned(request)),
  );
  scope.post(
    '/forms/:id/versions/:n/restore',
    {
      config: write,
      schema: { tags: ['forms'], params: versionParamsSchema, response: { 200: wireFormSchema } },
    },
    async (request) => versions.restoreOwnerVersion(app, { ...owned(request), number: request.params.n }),
  );
  scope.put(
    '/forms/:id/sharing',
    {
      config: write,
      schema: {
        tags: ['forms'],
        params: formIdParamsSchema,
        body: sharingBodySchema,
        response: { 200: sharingResponseSchema },
      },
    },
    async (request) => service.updateSharing(app, { ...owned(request), body: request.body }),
  );
  scope.post(
    '/forms/:id/publish',
    {
      config: write,
      schema: { tags: ['forms'], params: formIdParamsSchema, response: { 200: wireFormSchema } },
    },
    async (request) =>
      service.setPublished(app, {
        ...owned(request),
        published: true,
        ownerVerified: currentUser(request).emailVerified,
      }),
  );
  scope.post(
    '/forms/:id/unpublish',
    {
      config: write,
      schema: { tags: ['forms'], params: formIdParamsSchema, response: { 200: wireFormSchema } },
    },
    async (request) =>
      service.setPublished(app, {
        ...owned(request),
        published: false,
        ownerVerified: currentUser(request).emailVerified,
      }),
  );
  scope.post(
    '/forms/:id/duplicate',
    {
      config: write,
      schema: { tags: ['forms'], params: formIdParamsSchema, response: { 201: wireFormSchema } },
    },
    async (request, reply) => reply.status(201).send(await service.duplicateOwnerForm(app, owned(request))),
  );
  scope.post(
    '/forms/:id/share-count',
    {
      config: write,
      schema: { tags: ['forms'], params: formIdParamsSchema, response: { 200: wireFormSchema } },
    },
    async (request) => service.countShare(app, owned(request)),
  );
};

/** The forms API: owners' reads and writes, and the public view of a form. */
const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(readRoutes);
  await app.register(ownerRoutes);
  await app.register(formSettingsRoutes);
  await app.register(folderRoutes);
  await app.register(themeRoutes);
  await app.register(templateRoutes);
  await app.register(pictureRoutes);
};

export default formsRoutes;
