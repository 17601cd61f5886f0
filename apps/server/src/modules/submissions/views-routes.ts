import { formParamsSchema } from '@formsmith/core/submissions/api';
import {
  savedViewBodySchema,
  savedViewListSchema,
  savedViewParamsSchema,
  savedViewSchema,
} from '@formsmith/core/submissions/view-state';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFormId } from '../../lib/form-id.ts';
import { currentUser } from '../../plugins/authenticate.ts';
import { requireOwnedForm } from '../forms/index.ts';
import { createView, deleteView, listViews, updateView } from './views.ts';

// The review table's saved views. Anyone who reads the form's answers keeps views of their own
// (a viewer too: a view changes nothing in the form), and may share them with the others.

const BASE = '/form-submissions/forms/:id/views';
const tags = ['submissions'];
const read = { scope: 'submissions:read' as const, role: 'viewer' as const, answers: true };
const write = { scope: 'submissions:write' as const, role: 'viewer' as const, answers: true };

async function formAndCaller(app: { db: Parameters<typeof requireOwnedForm>[0] }, request: FastifyRequest) {
  const { id } = request.params as { id: string };
  const callerId = currentUser(request).id;
  const form = await requireOwnedForm(app.db, { formId: requireFormId(id), ownerId: callerId });
  return { formId: form.id, callerId };
}

export const submissionViewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    BASE,
    {
      config: read,
      schema: {
        tags,
        summary: "List a form's saved views",
        description: "The caller's own views and those the form's other members shared, oldest first.",
        params: formParamsSchema,
        response: { 200: savedViewListSchema },
      },
    },
    async (request) => ({ views: await listViews(app.db, await formAndCaller(app, request)) }),
  );

  app.post(
    BASE,
    {
      config: write,
      schema: {
        tags,
        summary: 'Save a view of the review table',
        description:
          'A name, the columns in order and the answer filter; `shared` shows it to the form’s other members.',
        params: formParamsSchema,
        body: savedViewBodySchema,
        response: { 201: savedViewSchema },
      },
    },
    async (request, reply) => {
      const view = await createView(app.db, { ...(await formAndCaller(app, request)), body: request.body });
      return reply.code(201).send(view);
    },
  );

  app.put(
    `${BASE}/:viewId`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a saved view',
        description: 'Only its maker changes a view (403 for a shared view someone else made).',
        params: savedViewParamsSchema,
        body: savedViewBodySchema,
        response: { 200: savedViewSchema },
      },
    },
    async (request) =>
      updateView(app.db, {
        ...(await formAndCaller(app, request)),
        viewId: request.params.viewId,
        body: request.body,
      }),
  );

  app.delete(
    `${BASE}/:viewId`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a saved view',
        params: savedViewParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteView(app.db, { ...(await formAndCaller(app, request)), viewId: request.params.viewId });
      return reply.code(204).send();
    },
  );
};
