import { newControlToken, removeServerFile, writeServerFile } from './admin/server-file.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseUnavailableError } from './db/client.ts';
import { DatabaseTooNewError } from './db/upgrade.ts';
import { KeyringError } from './lib/encryption/index.ts';

/**
 * How long a stop waits for requests and the job in hand before exiting anyway: inside the 10
 * seconds `docker stop` and `podman stop` give before they kill. A job cut off this way is run
 * again once its lease ends; a request cut off is retried by its client (submits carry an
 * idempotency key).
 */
const SHUTDOWN_DEADLINE_MS = 8_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const controlToken = newControlToken();
  const app = await buildApp(config, { controlToken });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // On PGlite the admin commands (backup) reach the database through this server: the file says
  // where, and goes when the server stops (hooks cannot be added once it listens).
  const serverFile = app.database.kind === 'pglite';
  if (serverFile) writeServerFile(config.dataDir, { pid: process.pid, port, token: controlToken });
  const host = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  console.log(`Formsmith is running at http://${host}:${port} (database: ${app.database.kind})`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const exit = () => {
      if (serverFile) removeServerFile(config.dataDir);
      process.exit(0);
    };
    const deadline = setTimeout(() => {
      app.log.warn({ signal }, `still closing after ${SHUTDOWN_DEADLINE_MS / 1000} s: exiting now`);
      exit();
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    await app.close();
    exit();
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (
    err instanceof ConfigError ||
    err instanceof DatabaseUnavailableError ||
    err instanceof DatabaseTooNewError ||
    err instanceof KeyringError
  ) {
    console.error(`Formsmith cannot start. ${err.message}`);
  } else {
    console.error('Formsmith cannot start:', err);
  }
  process.exit(1);
});
