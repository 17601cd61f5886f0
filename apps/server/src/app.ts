import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import databaseDump from './admin/dump-route.ts';
import type { Config } from './config.ts';
import { type Database, type Db, migrateDatabase, openDatabase } from './db/client.ts';
import { registerJobs } from './jobs/registry.ts';
import jobWorker from './jobs/worker.ts';
import { checkKeyRegistry, type Keyring, loadKeyring } from './lib/encryption/index.ts';
import { withRequestSlot } from './lib/request-actor.ts';
import { uploadStorage } from './lib/storage/index.ts';
import mailer from './mail/mailer.ts';
import accountRoutes from './modules/account/routes.ts';
import aiRoutes from './modules/ai/routes.ts';
import analyticsRoutes from './modules/analytics/routes.ts';
import apiKeysRoutes from './modules/api-keys/routes.ts';
import passkeyRoutes from './modules/auth/passkeys/routes.ts';
import reauthRoutes from './modules/auth/reauth/routes.ts';
import authRoutes from './modules/auth/routes.ts';
import twoFactorRoutes from './modules/auth/two-factor/routes.ts';
import fontRoutes from './modules/fill-page/fonts/routes.ts';
import { loadFillPageKit } from './modules/fill-page/index.ts';
import fillPageRoutes from './modules/fill-page/routes.ts';
import formsRoutes from './modules/forms/routes.ts';
import healthRoutes from './modules/health/routes.ts';
import instanceRoutes from './modules/instance/routes.ts';
import intakeRoutes from './modules/intake/routes.ts';
import reportRoutes from './modules/reports/routes.ts';
import { guardSignInWithSso } from './modules/sso/index.ts';
import ssoRoutes from './modules/sso/routes.ts';
import submissionsRoutes from './modules/submissions/routes.ts';
import { subscribeWebhooks } from './modules/webhooks/index.ts';
import webhooksRoutes from './modules/webhooks/routes.ts';
import domainsRoutes from './modules/workspaces/domains/routes.ts';
import { CustomDomainTable } from './modules/workspaces/index.ts';
import workspacesRoutes from './modules/workspaces/routes.ts';
import authenticate from './plugins/authenticate.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import hostRouting, { requestHostResolver, rewriteHostUrl } from './plugins/host-routing.ts';
import keyWatch from './plugins/key-watch.ts';
import { redactSecrets, serializeRequest } from './plugins/log-request.ts';
import metrics from './plugins/metrics.ts';
import { registerNulGuard } from './plugins/nul-guard.ts';
import openapi from './plugins/openapi.ts';
import rateLimit from './plugins/rate-limit.ts';
import { REQUEST_ID_HEADER, requestIdOf } from './plugins/request-id.ts';
import securityHeaders from './plugins/security-headers.ts';
import webApp from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** The data keys that seal answers and files at rest ('Standard' encryption). */
    keyring: Keyring;
  }
}

const BODY_LIMIT = 1024 * 1024;

/** Builds the whole server without listening: main.ts listens, tests call app.inject. */
export async function buildApp(
  config: Config,
  opts: {
    database?: Database;
    logStream?: { write: (line: string) => void };
    /** On PGlite: the token `npm run backup` shows to get a dump from this process. */
    controlToken?: string;
  } = {},
): Promise<FastifyInstance> {
  // Which host a request came in on decides what it may reach (plugins/host-routing.ts); a custom
  // domain's `/` and `/<slug>` are rewritten to the form page before routing.
  const customDomains = new CustomDomainTable(config.publicUrl);
  const hostOf = requestHostResolver(config, customDomains);
  const app = Fastify({
    // JSON lines (pino); each line of a request carries its id as reqId.
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      // Every line, not only the request's: an error or a message may quote a URL with a token.
      hooks: { streamWrite: redactSecrets },
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    genReqId: requestIdOf,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy ? config.trustProxy.split(',').map((s) => s.trim()) : false,
    rewriteUrl: rewriteHostUrl(hostOf),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerNulGuard(app);
  // Hooks on every request take a callback: an async one costs each request a promise and a tick.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    withRequestSlot(done);
  });

  // A bucket that cannot be used is a configuration error, found at start rather than at the first upload.
  await uploadStorage(config).check?.();
  // Likewise a key that cannot be read, or a key file others can read.
  // Read for this app (the one keyring rows and files are sealed under; key-watch updates it).
  const keyring = loadKeyring(config);
  const database = opts.database ?? (await openDatabase(config));
  // A database a newer release migrated, or an instance without a key the database holds sealed
  // answers under: neither may serve.
  const closeOnFailure = async (err: unknown) => {
    if (!opts.database) await database.close();
    throw err;
  };
  await migrateDatabase(database).catch(closeOnFailure);
  await checkKeyRegistry(database.db, keyring).catch(closeOnFailure);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('keyring', keyring);
  // A database handed in by a test belongs to the test; one we opened we close.
  if (!opts.database) app.addHook('onClose', async () => database.close());

  await app.register(hostRouting, { table: customDomains, hostOf });
  await app.register(metrics);
  await app.register(openapi);
  await app.register(securityHeaders);
  await app.register(rateLimit);
  await app.register(keyWatch);
  await app.register(jobWorker);
  await app.register(mailer);
  // Every background job kind (mail, retention, weekly digest, …) is listed in jobs/registry.ts.
  registerJobs(app);
  // Lower modules announce events; the modules above them subscribe (see docs/architecture.md).
  subscribeWebhooks();
  guardSignInWithSso();
  await app.register(authenticate);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(instanceRoutes);
      await api.register(authRoutes);
      await api.register(twoFactorRoutes);
      await api.register(passkeyRoutes);
      await api.register(reauthRoutes);
      await api.register(formsRoutes);
      await api.register(submissionsRoutes);
      await api.register(intakeRoutes);
      await api.register(analyticsRoutes);
      await api.register(aiRoutes);
      await api.register(accountRoutes);
      await api.register(webhooksRoutes);
      await api.register(reportRoutes);
      await api.register(apiKeysRoutes);
      await api.register(workspacesRoutes);
      await api.register(domainsRoutes);
      await api.register(ssoRoutes);
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  await app.register(databaseDump, { token: opts.controlToken });
  // The public form page rendered on the server, when the web app was built with its server part.
  const fillPage = await loadFillPageKit(config.webDist);
  // The themes' fonts, for the public page and the editor's preview alike.
  await app.register(fontRoutes);
  if (fillPage) await app.register(fillPageRoutes, { kit: fillPage });
  await app.register(webApp);
  return app;
}
