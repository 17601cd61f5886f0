import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/client.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
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
