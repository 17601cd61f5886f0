// @ts-check
// Starting and stopping a production server for the bench, and reading its memory.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../server-flags.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** @typedef {{ base: string, child: import('node:child_process').ChildProcess, pid: number | undefined }} BenchServer */

/** A port nothing listens on right now. */
async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The Node that runs the servers the bench measures (Formsmith's and the reference): BENCH_NODE
 * when set (the container's Node 24, say), else the one running the bench.
 */
export function benchNode() {
  return process.env.BENCH_NODE || process.execPath;
}

/**
 * @param {{ env: Record<string, string> }} options
 * @returns {Promise<BenchServer>}
 */
export async function startServer({ env }) {
  const port = await freePort();
  const child = spawn(
    benchNode(),
    [
      ...SERVER_NODE_FLAGS,
      ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []),
      path.join(root, 'apps/server/dist/main.js'),
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_FACTOR: '1000000',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child, pid: child.pid };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start in 60 s');
}

/** @param {BenchServer | undefined | null} server */
export async function stopServer(server) {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
}

/**
 * Resident set size of a process in MB, from /proc.
 * @param {number | undefined} pid
 */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * A GET that is sent once more, on a new connection, when the kept-alive one it went out on was
 * closed under it: between the bench's own requests a step can run for longer than the server
 * keeps an idle connection, and the server may close it just as the bench sends on it.
 * @param {string} url
 * @param {RequestInit} [init]
 */
export async function fetchOnFreshSocket(url, init) {
  try {
    return await fetch(url, init);
  } catch (err) {
    const code = /** @type {{ cause?: { code?: string } }} */ (err).cause?.code;
    if (code !== 'UND_ERR_SOCKET') throw err;
    return fetch(url, init); // the closed connection has left the pool: a new one is opened
  }
}

/**
 * Calls the API; throws with the body on failure.
 * @param {string} base
 * @param {string} method
 * @param {string} pathname
 * @param {{ token?: string, body?: unknown }} [options]
 * @returns {Promise<any>} the answer's JSON
 */
export async function api(base, method, pathname, { token, body } = {}) {
  const send = method === 'GET' ? fetchOnFreshSocket : fetch;
  const res = await send(`${base}/api${pathname}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}
