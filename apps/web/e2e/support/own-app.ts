import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { E2E_DIR } from './env.ts';

/** A second app server with a data folder and settings of its own. */
export type OwnApp = { base: string; close: () => Promise<void> };

/** A port the system has free now (asked for, then let go). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const SERVER_DIST = path.resolve(import.meta.dirname, '../../../server/dist');

/**
 * Starts the built server on `port` (or a free one) with its own PGlite data folder and the extra
 * environment `env`, and waits until it answers. `admin` commands (as `npm run admin -- …` takes
 * them) run against the fresh data folder first: PGlite admits one process at a time, so the
 * admin command line cannot reach the folder once the server holds it.
 */
export async function startOwnApp(input: {
  name: string;
  env: Record<string, string>;
  port?: number;
  admin?: string[][];
}): Promise<OwnApp> {
  const port = input.port ?? (await freePort());
  const base = `http://localhost:${port}`;
  const dataDir = path.join(E2E_DIR, `data-${input.name}`);
  rmSync(dataDir, { recursive: true, force: true });
  for (const args of input.admin ?? []) {
    execFileSync(process.execPath, [path.join(SERVER_DIST, 'admin.js'), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: base, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const server: ChildProcess = spawn(process.execPath, [path.join(SERVER_DIST, 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      RATE_LIMIT_FACTOR: '1000',
      LOG_LEVEL: 'warn',
      ...input.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const close = async () => {
    if (server.exitCode !== null) return;
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  };
  // A fresh data folder is migrated first: on a busy machine that takes a minute or more.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, close };
    await new Promise((r) => setTimeout(r, 200));
  }
  await close();
  throw new Error(`the ${input.name} app server did not start`);
}
