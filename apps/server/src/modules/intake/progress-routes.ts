import { LIMITS } from '@formsmith/core/limits';
import {
  progressBodySchema,
  progressResponseSchema,
  resumeBodySchema,
  resumeEmailBodySchema,
  resumeEmailResponseSchema,
  resumeResponseSchema,
} from '@formsmith/core/submissions/progress';
import { submitParamsSchema } from '@formsmith/core/submissions/submit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFormId } from '../../lib/form-id.ts';
import { saveProgress } from './progress-service.ts';
import { mailResumeLink, RESUME_MAIL_SENT, resumeProgress } from './resume-service.ts';

const tags = ['submissions'];

/** Saving answers as a respondent goes, and resuming them on this or another device (anonymous). */
const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/form-submissions/forms/:id/progress',
    {
      bodyLimit: LIMITS.submissionMaxBytes,
      schema: {
        tags,
        summary: 'Save answers so far (anonymous)',
        description:
          'Only for forms that save answers as respondents go (409 PARTIALS_OFF otherwise). Without `resume_token` ' +
          'a new incomplete submission is made (201); with it, that one is updated (200). `step` is the page (or, ' +
          'one question at a time, the question) now shown. Send `resume_token` with the final submit to complete it.',
        params: submitParamsSchema,
        body: progressBodySchema,
        response: { 200: progressResponseSchema, 201: progressResponseSchema },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const saved = await saveProgress(app, {
        formId: requireFormId(request.params.id),
        data: body.data,
        metadata: body.metadata,
        resumeToken: body.resume_token ?? undefined,
        step: body.step ?? undefined,
        accessCode: body.access_code ?? undefined,
        lang: body.lang,
        acceptLanguage: request.headers['accept-language'],
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        referer: request.headers.referer,
      });
      return reply
        .status(saved.created ? 201 : 200)
        .send({ submission_id: saved.submissionId, resume_token: saved.resumeToken });
    },
  );

  app.post(
    '/form-submissions/forms/:id/progress/resume',
    {
      schema: {
        tags,
        summary: 'Get the answers saved so far (anonymous)',
        description:
          'With the `resume_token` this device kept, or once with the `link_token` of a mailed link (410 ' +
          'RESUME_LINK_GONE when used or expired); a link hands out a new resume token.',
        params: submitParamsSchema,
        body: resumeBodySchema,
        response: { 200: resumeResponseSchema },
      },
    },
    async (request) =>
      resumeProgress(app, {
        formId: requireFormId(request.params.id),
        resumeToken: request.body.resume_token,
        linkToken: request.body.link_token,
        accessCode: request.body.access_code ?? undefined,
        ip: request.ip,
      }),
  );

  app.post(
    '/form-submissions/forms/:id/progress/email',
    {
      schema: {
        tags,
        summary: 'Mail a link to continue on another device (anonymous)',
        params: submitParamsSchema,
        body: resumeEmailBodySchema,
        response: { 202: resumeEmailResponseSchema },
      },
    },
    async (request, reply) => {
      await mailResumeLink(app, {
        formId: requireFormId(request.params.id),
        resumeToken: request.body.resume_token,
        email: request.body.email,
        accessCode: request.body.access_code ?? undefined,
        ip: request.ip,
      });
      return reply.status(202).send({ message: RESUME_MAIL_SENT });
    },
  );
};

export default progressRoutes;
