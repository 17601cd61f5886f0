import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the submissions module (built by its issue). */
const submissionsRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default submissionsRoutes;
