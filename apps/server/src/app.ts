import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, type Db, migrateDatabase, openDatabase } from './db/client.ts';
import jobWorker from './jobs/worker.ts';
import { uploadStorage } from './lib/storage.ts';
import mailer from './mail/mailer.ts';
import accountRoutes from './modules/account/routes.ts';
import aiRoutes from './modules/ai/routes.ts';
import analyticsRoutes from './modules/analytics/routes.ts';
import passkeyRoutes from './modules/auth/passkeys/routes.ts';
import authRoutes from './modules/auth/routes.ts';
import twoFactorRoutes from './modules/auth/two-factor/routes.ts';
import formsRoutes from './modules/forms/routes.ts';
import healthRoutes from './modules/health/routes.ts';
import intakeRoutes from './modules/intake/routes.ts';
import submissionsRoutes from './modules/submissions/routes.ts';
import authenticate from './plugins/authenticate.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import rateLimit from './plugins/rate-limit.ts';
import securityHeaders from './plugins/security-headers.ts';
import webApp from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }
}

const BODY_LIMIT = 1024 * 1024;

/** Builds the whole server without listening: main.ts listens, tests call app.inject. */
export async function buildApp(config: Config, opts: { database?: Database } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy ? config.trustProxy.split(',').map((s) => s.trim()) : false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // A bucket that cannot be used is a configuration error, found at start rather than at the first upload.
  await uploadStorage(config).check?.();
  const database = opts.database ?? (await openDatabase(config));
  await migrateDatabase(database);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  // A database handed in by a test belongs to the test; one we opened we close.
  if (!opts.database) app.addHook('onClose', async () => database.close());

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Formsmith API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(securityHeaders);
  await app.register(rateLimit);
  await app.register(jobWorker);
  await app.register(mailer);
  await app.register(authenticate);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(twoFactorRoutes);
      await api.register(passkeyRoutes);
      await api.register(formsRoutes);
      await api.register(submissionsRoutes);
      await api.register(intakeRoutes);
      await api.register(analyticsRoutes);
      await api.register(aiRoutes);
      await api.register(accountRoutes);
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  await app.register(webApp);
  return app;
}
