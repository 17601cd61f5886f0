import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the analytics module (built by its issue). */
const analyticsRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default analyticsRoutes;
