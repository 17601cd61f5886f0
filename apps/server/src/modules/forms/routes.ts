import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the forms module (built by its issue). */
const formsRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default formsRoutes;
