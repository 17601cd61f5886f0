import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the auth module (built by its issue). */
const authRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default authRoutes;
