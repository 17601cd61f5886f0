import { generatedFormSchema } from '@formsmith/core/forms/api';
import { LIMITS } from '@formsmith/core/limits';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/authenticate.ts';
import { generateFormForUser } from './service.ts';

const BLANK_DESCRIPTION = 'Please enter a description of the form you want to create.';
const TOO_LONG = `Please shorten the description to at most ${LIMITS.aiDescriptionMaxLength} characters.`;

// A missing or non-string description is treated like a blank one, so the user sees the same message.
const generateBody = z.object({ description: z.unknown().optional() });

/** POST /api/forms/generate: a form (title, description, wire fields) from a plain-language description. */
const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('onRequest', app.authenticate);

    signedIn.post(
      '/forms/generate',
      {
        config: { scope: 'forms:write' },
        schema: { tags: ['ai'], body: generateBody, response: { 200: generatedFormSchema } },
      },
      async (request) => {
        const raw = request.body.description;
        const description = typeof raw === 'string' ? raw.trim() : '';
        if (!description) throw badRequest(BLANK_DESCRIPTION, { description: BLANK_DESCRIPTION });
        if (description.length > LIMITS.aiDescriptionMaxLength)
          throw badRequest(TOO_LONG, { description: TOO_LONG });
        await app.rateLimit('generate', currentUser(request).id);
        return generateFormForUser({ ai: app.config.ai, log: app.log }, description);
      },
    );
  });
};

export default aiRoutes;
