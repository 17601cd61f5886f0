import { Readable } from 'node:stream';
import {
  editInstructionBodySchema,
  editProposalSchema,
  formIdParamsSchema,
  generatedFormSchema,
  generateStreamEventSchemas,
  generatorInfoSchema,
} from '@formsmith/core/forms/api';
import { translateBodySchema, translationProposalSchema } from '@formsmith/core/i18n/translate-api';
import { LIMITS } from '@formsmith/core/limits';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { encode } from 'zod/mini';
import { badRequest } from '../../lib/app-error.ts';
import { requireFormId } from '../../lib/form-id.ts';
import { currentUser } from '../../plugins/authenticate.ts';
import { requireOwnedForm } from '../forms/index.ts';
import { proposeEdit } from './edit/service.ts';
import { modelName } from './provider.ts';
import { generateFormForUser } from './service.ts';
import { translateTexts } from './translate/service.ts';

const BLANK_DESCRIPTION = 'Please enter a description of the form you want to create.';
const TOO_LONG = `Please shorten the description to at most ${LIMITS.aiDescriptionMaxLength} characters.`;

// A missing or non-string description is treated like a blank one, so the user sees the same message.
const generateBody = z.object({ description: z.unknown().optional() });

function readDescription(raw: unknown): string {
  const description = typeof raw === 'string' ? raw.trim() : '';
  if (!description) throw badRequest(BLANK_DESCRIPTION, { description: BLANK_DESCRIPTION });
  if (description.length > LIMITS.aiDescriptionMaxLength)
    throw badRequest(TOO_LONG, { description: TOO_LONG });
  return description;
}

type StreamEvent = {
  [K in keyof typeof generateStreamEventSchemas]: {
    event: K;
    data: z.output<(typeof generateStreamEventSchemas)[K]>;
  };
}[keyof typeof generateStreamEventSchemas];

function sse({ event, data }: StreamEvent): string {
  const wire = encode(generateStreamEventSchemas[event] as never, data as never);
  return `event: ${event}\ndata: ${JSON.stringify(wire)}\n\n`;
}

/**
 * POST /api/forms/generate: a form (title, description, wire fields) from a plain-language
 * description, and which generator made it. POST /api/forms/generate/stream: the same as
 * server-sent events, each field as soon as it is ready. POST /api/forms/edit-instruction: a
 * proposed change to a form for an instruction ('make every question required').
 * POST /api/forms/:id/translate: the owner's texts translated by the model, for review.
 */
const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('onRequest', app.authenticate);

    signedIn.post(
      '/forms/generate',
      {
        config: { scope: 'forms:write', role: 'editor' },
        schema: { tags: ['ai'], body: generateBody, response: { 200: generatedFormSchema } },
      },
      async (request) => {
        const description = readDescription(request.body.description);
        await app.rateLimit('generate', currentUser(request).id);
        return generateFormForUser({ ai: app.config.ai, log: app.log }, description);
      },
    );

    signedIn.post(
      '/forms/edit-instruction',
      {
        config: { scope: 'forms:write', role: 'editor' },
        schema: { tags: ['ai'], body: editInstructionBodySchema, response: { 200: editProposalSchema } },
      },
      async (request) => {
        await app.rateLimit('generate', currentUser(request).id);
        const { instruction, form } = request.body;
        return proposeEdit({ ai: app.config.ai, log: app.log }, instruction, form);
      },
    );

    signedIn.post(
      '/forms/:id/translate',
      {
        config: { scope: 'forms:write', role: 'editor' },
        schema: {
          tags: ['ai'],
          params: formIdParamsSchema,
          body: translateBodySchema,
          response: { 200: translationProposalSchema },
        },
      },
      async (request) => {
        const ownerId = currentUser(request).id;
        const form = await requireOwnedForm(app.db, { formId: requireFormId(request.params.id), ownerId });
        await app.rateLimit('generate', ownerId);
        return translateTexts({ ai: app.config.ai, log: app.log }, { form, ...request.body });
      },
    );

    signedIn.get(
      '/forms/generate/source',
      {
        config: { scope: 'forms:read', role: 'viewer' },
        schema: { tags: ['ai'], response: { 200: generatorInfoSchema } },
      },
      async () => {
        const { ai } = app.config;
        if (!ai.baseUrl) return { generator: 'builtin' as const, model: null };
        return { generator: 'model' as const, model: modelName({ ...ai, baseUrl: ai.baseUrl }) };
      },
    );

    signedIn.post(
      '/forms/generate/stream',
      { config: { scope: 'forms:write', role: 'editor' }, schema: { tags: ['ai'], body: generateBody } },
      async (request, reply) => {
        const description = readDescription(request.body.description);
        await app.rateLimit('generate', currentUser(request).id);
        const stream = new Readable({ read() {} });
        const send = (event: StreamEvent) => stream.push(sse(event));
        generateFormForUser({ ai: app.config.ai, log: app.log }, description, {
          onField: (field) => send({ event: 'field', data: { field } }),
          onRestart: (reason) =>
            send(reason === null ? { event: 'retry', data: {} } : { event: 'fallback', data: { reason } }),
        })
          .then((body) => send({ event: 'form', data: body }))
          .catch((err: unknown) => {
            request.log.error({ err }, 'streamed generation failed');
            send({ event: 'error', data: { error: 'The form could not be generated.', code: 'INTERNAL' } });
          })
          .finally(() => stream.push(null));
        return reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('x-accel-buffering', 'no')
          .send(stream);
      },
    );
  });
};

export default aiRoutes;
