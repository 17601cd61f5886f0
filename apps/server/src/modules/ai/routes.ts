import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the ai module (built by its issue). */
const aiRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default aiRoutes;
