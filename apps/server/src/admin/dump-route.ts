import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * `POST /api/admin/database-dump` on PGlite: the database folder as a gzip tarball, taken inside
 * the one process that may open it. Only `npm run backup` on this machine knows the token (it
 * reads DATA_DIR/server.json); without a token configured the route does not exist.
 */
export default fp(async (app: FastifyInstance, opts: { token: string | undefined }) => {
  const { token } = opts;
  const pglite = app.database.pglite;
  if (!token || !pglite) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.post('/api/admin/database-dump', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.status(404).send({ error: 'Not found', code: 'NOT_FOUND' });
    }
    const dump = await pglite.dumpDataDir('gzip');
    return reply.type('application/gzip').send(Buffer.from(await dump.arrayBuffer()));
  });
});
