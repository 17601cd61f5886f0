import fastifyMultipart from '@fastify/multipart';
import { PICTURE_MAX_UPLOAD_BYTES } from '@formsmith/core/fields/constants';
import { PICTURE_PURPOSES, storedPictureSchema } from '@formsmith/core/fields/picture-choice';
import { formIdParamsSchema } from '@formsmith/core/forms/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { requireFormId } from '../../lib/form-id.ts';
import { requestHostWorkspace } from '../../lib/request-actor.ts';
import { currentUser } from '../../plugins/authenticate.ts';
import { openPicture, PICTURE_MESSAGES, pictureContentType, storePicture } from './pictures.ts';
import { findFormById } from './repository.ts';
import { requireOwnedForm } from './service.ts';

/** The owner's upload of a form's picture: its own scope, for the multipart plugin. */
const ownerPictureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(fastifyMultipart, {
    limits: { fileSize: PICTURE_MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 },
  });
  app.post(
    '/forms/:id/pictures',
    {
      config: { scope: 'forms:write' as const, role: 'editor' as const },
      schema: {
        tags: ['forms'],
        summary:
          "Upload a picture for a picture choice's option, the form's background, its logo, tab icon or link preview",
        description:
          'multipart/form-data with one file (JPEG, PNG, WebP, GIF, AVIF, HEIF or TIFF, at most 10 MB and 40 ' +
          'million pixels). The server keeps it without metadata: as WebP at most 800 px on its longest side ' +
          '(2400 px with `purpose=background`, 512 px with `purpose=logo`), transparency kept; with ' +
          '`purpose=favicon` as a square PNG of at most 180 px, the picture centred on a transparent ground ' +
          '(a Windows icon, .ico, is accepted there: its largest PNG or BMP image is kept); ' +
          'with `purpose=social` as a JPEG cropped around its centre to 1200 × 630 (smaller when the picture ' +
          "is). Put the answer's `url` in the option's `image`, the theme's `background.image`, the form's " +
          "`logo_url`, or its theme_config's `faviconUrl` or `socialImage`. 415 for what is not a picture, " +
          '413 past the size or the pixels.',
        params: formIdParamsSchema,
        querystring: z.object({ purpose: z.enum(PICTURE_PURPOSES).default('option') }),
        response: { 201: storedPictureSchema },
      },
    },
    async (request, reply) => {
      const formId = requireFormId(request.params.id);
      await requireOwnedForm(app.db, { formId, ownerId: currentUser(request).id });
      if (!request.isMultipart()) throw badRequest('Send the picture as multipart/form-data');
      const file = await request.file();
      try {
        return reply
          .status(201)
          .send(await storePicture(app, { formId, file, purpose: request.query.purpose }));
      } finally {
        if (file && !file.file.readableEnded) file.file.resume();
      }
    },
  );
};

/** Anyone's read of a form's picture: public, cached for good (a picture's id never changes content). */
const publicPictureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/form-submissions/forms/:id/pictures/:picture',
    {
      schema: {
        tags: ['submissions'],
        summary: "A form's picture: an option's, its background, logo, tab icon or link preview (anonymous)",
        params: z.object({ id: z.string(), picture: z.string() }),
      },
    },
    async (request, reply) => {
      const formId = requireFormId(request.params.id);
      // On a workspace's custom domain, only that workspace's forms (and so pictures) exist.
      const hostWorkspace = requestHostWorkspace();
      if (hostWorkspace !== null && (await findFormById(app.db, formId))?.workspaceId !== hostWorkspace)
        throw notFound(PICTURE_MESSAGES.notFound);
      const bytes = await openPicture(app, { formId, id: request.params.picture });
      return reply
        .header('content-type', pictureContentType(bytes))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};

const pictureRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(ownerPictureRoutes);
  await app.register(publicPictureRoutes);
};

export default pictureRoutes;
