import fastifyMultipart from '@fastify/multipart';
import { LIMITS } from '@formsmith/core/limits';
import { SPAM_CHALLENGE_MESSAGES } from '@formsmith/core/submissions/spam-challenge';
import {
  SUBMIT_SUCCESS_MESSAGE,
  spamChallengeSchema,
  submitBodySchema,
  submitHeadersSchema,
  submitParamsSchema,
  uploadQuerySchema,
  uploadResponseSchema,
} from '@formsmith/core/submissions/submit';
import { submitResponseSchema } from '@formsmith/core/submissions/submit-answer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { requireFormId } from '../../lib/form-id.ts';
import progressRoutes from './progress-routes.ts';
import { hasCookie, respondedCookie } from './responded-cookie.ts';
import { issueSpamChallenge } from './spam-challenge.ts';
import { submitForm } from './submit-service.ts';
import { findPublicTarget } from './submit-steps.ts';
import trackRoutes from './track-routes.ts';
import { uploadFile } from './upload-service.ts';

/** What anonymous respondents call: submit a form, upload a file for a file field. */
const intakeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/form-submissions/forms/:id/submit',
    {
      bodyLimit: LIMITS.submissionMaxBytes,
      schema: {
        tags: ['submissions'],
        summary: 'Submit a form (anonymous)',
        params: submitParamsSchema,
        headers: submitHeadersSchema,
        body: submitBodySchema,
        response: { 201: submitResponseSchema },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const formId = requireFormId(request.params.id);
      const cookie = respondedCookie(formId);
      const { submissionId, oneResponsePerBrowser, ending } = await submitForm(app, {
        formId,
        respondedBefore: hasCookie(request.headers.cookie, cookie.name),
        data: body.data,
        metadata: body.metadata,
        accessCode: body.access_code ?? body.accessCode ?? undefined,
        idempotencyKey: request.headers['idempotency-key'],
        resumeToken: body.resume_token ?? undefined,
        encrypted: body.encrypted,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        referer: request.headers.referer,
        lang: body.lang,
        acceptLanguage: request.headers['accept-language'],
        spamSolution: body.altcha,
      });
      if (oneResponsePerBrowser) reply.header('set-cookie', cookie.header);
      return reply.status(201).send({ submission_id: submissionId, message: SUBMIT_SUCCESS_MESSAGE, ending });
    },
  );

  app.get(
    '/form-submissions/forms/:id/challenge',
    {
      schema: {
        tags: ['submissions'],
        summary: 'A proof-of-work challenge for a form that asks for one (anonymous)',
        description:
          'The public page solves it in the background (ALTCHA v2: SHA-256, counter from 0) and sends ' +
          '`altcha` (base64 of JSON `{challenge, solution}`) with the submit; each solution is accepted once.',
        params: submitParamsSchema,
        response: { 200: spamChallengeSchema },
      },
    },
    async (request, reply) => {
      await app.rateLimit('challengePerIp', request.ip);
      const formId = requireFormId(request.params.id);
      const form = await findPublicTarget(app, formId);
      if (!form?.spamChallenge) {
        throw new AppError('NOT_FOUND', 404, SPAM_CHALLENGE_MESSAGES.notAsked);
      }
      reply.header('cache-control', 'no-store');
      return issueSpamChallenge(app, formId);
    },
  );

  await app.register(progressRoutes);
  await app.register(trackRoutes);
  await app.register(uploadRoutes);
};

/**
 * The upload route in a scope of its own: the multipart plugin's hooks (a listener and a cleanup
 * on every request of its scope) then cost the JSON routes nothing.
 */
const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
  });

  app.post(
    '/form-submissions/forms/:id/uploads',
    {
      schema: {
        tags: ['submissions'],
        summary: 'Upload a file for a file field (anonymous)',
        params: submitParamsSchema,
        querystring: uploadQuerySchema,
        response: { 201: uploadResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await uploadFile(app, request, {
        formId: requireFormId(request.params.id),
        query: request.query,
      });
      return reply.status(201).send(answer);
    },
  );
};

export default intakeRoutes;
