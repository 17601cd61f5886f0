import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the account module (built by its issue). */
const accountRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default accountRoutes;
