import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/client.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers. It touches nothing else, so a load balancer can tell a stuck
  // process from a busy database, and the bench uses it as its no-op route.
  app.get(
    '/health/live',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.object({ kind: z.string(), ok: z.literal(true) }),
          }),
          503: z.object({
            status: z.literal('degraded'),
            database: z.object({ kind: z.string(), ok: z.literal(false) }),
          }),
        },
      },
    },
    async (_request, reply) => {
      const ok = await pingDatabase(app.db);
      const database = { kind: app.database.kind };
      if (ok) return { status: 'ok' as const, database: { ...database, ok: true as const } };
      return reply
        .status(503)
        .send({ status: 'degraded' as const, database: { ...database, ok: false as const } });
    },
  );
};

export default healthRoutes;
