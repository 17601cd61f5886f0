import { instanceSettingsSchema } from '@formsmith/core/instance/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** What the operator chose for the instance's public pages, for the web app (no sign-in needed). */
const instanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/instance',
    { schema: { tags: ['instance'], response: { 200: instanceSettingsSchema } } },
    async () => ({
      home_page: app.config.homePage,
      support_url: app.config.supportUrl ?? null,
    }),
  );
};

export default instanceRoutes;
