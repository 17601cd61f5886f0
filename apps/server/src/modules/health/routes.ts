import { healthResponseSchema, liveResponseSchema } from '@formsmith/core/health/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/client.ts';
import { uploadStorage } from '../../lib/storage/index.ts';
import { readMailQueue } from './mail-queue.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers. It touches nothing else, so a load balancer can tell a stuck
  // process from a busy database, and the bench uses it as its no-op route.
  app.get(
    '/health/live',
    { schema: { tags: ['health'], response: { 200: liveResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (_request, reply) => {
      const storage = uploadStorage(app.config);
      const [databaseOk, storageOk] = await Promise.all([
        pingDatabase(app.db),
        (storage.check?.() ?? Promise.resolve()).then(
          () => true,
          () => false,
        ),
      ]);
      const mail = databaseOk
        ? await readMailQueue(app.db, app.config.smtpUrl ? 'smtp' : 'outbox').catch(() => null)
        : null;
      // Mail is sent in the background and retried, so a backlog is reported, not a failure.
      const ok = databaseOk && storageOk;
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        database: { kind: app.database.kind, ok: databaseOk },
        storage: { kind: app.config.s3 ? 's3' : 'local', ok: storageOk },
        mail,
      });
    },
  );
};

export default healthRoutes;
