// @ts-check
// Shared by the operations checks (cluster.mjs, crash.mjs): production server processes, a stream
// of submits that retries with its Idempotency-Key like the public page does, and SQL reads of
// the database on PostgreSQL or on PGlite (with the server stopped).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { scratchDir } from '../scratch.mjs';
import { SERVER_NODE_FLAGS } from '../server-flags.mjs';

/** @typedef {{ name: string, port: number, base: string, child: import('node:child_process').ChildProcess }} Instance */
/** @typedef {(text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>} Query */

export const root = path.resolve(import.meta.dirname, '../..');
/** @param {number} ms */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @param {string} tag
 * @param {string} msg
 */
export function log(tag, msg) {
  console.error(`[${tag}] ${msg}`);
}

/** Builds the web app and the server once (the checks run the production bundle). */
export function build() {
  const res = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (res.status !== 0) throw new Error('build failed');
}

/** A port nothing listens on right now. */
export async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts apps/server/dist/main.js on `port`; resolves once /api/health/live answers.
 * @param {{ port: number, env: Record<string, string>, name?: string }} options
 * @returns {Promise<Instance>}
 */
export async function startInstance({ port, env, name = `:${port}` }) {
  const inUse = await fetch(`http://127.0.0.1:${port}/api/health/live`).then(
    () => true,
    () => false,
  );
  if (inUse) throw new Error(`port ${port} already answers: another instance is still running`);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'apps/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited with ${child.exitCode}`);
    try {
      // Answered by this process, not by one left over on the port.
      if ((await fetch(`${base}/api/health/live`)).ok && child.exitCode === null)
        return { name, port, base, child };
    } catch {}
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`instance ${name} did not start in 60 s`);
}

/**
 * SIGKILL: no shutdown hook runs, open requests and transactions are cut.
 * @param {Instance} instance
 */
export async function killInstance(instance) {
  if (instance.child.exitCode !== null || instance.child.signalCode) return;
  const exited = new Promise((r) => instance.child.once('exit', r));
  instance.child.kill('SIGKILL');
  await exited;
}

/** @param {Instance | undefined | null} instance */
export async function stopInstance(instance) {
  if (!instance || instance.child.exitCode !== null || instance.child.signalCode) return;
  const exited = new Promise((r) => instance.child.once('exit', r));
  instance.child.kill('SIGTERM');
  await exited;
}

/**
 * Calls the API; throws with the status and body unless the answer is 2xx.
 * @param {string} base
 * @param {string} method
 * @param {string} pathname
 * @param {{ token?: string, body?: unknown, headers?: Record<string, string> }} [options]
 * @returns {Promise<any>} the answer's JSON
 */
export async function api(base, method, pathname, { token, body, headers } = {}) {
  const res = await fetch(`${base}/api${pathname}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** How long one submit is retried before the run gives up on it. */
const SUBMIT_PATIENCE_MS = 120_000;

/**
 * Sends `count` submits, `concurrency` at a time, each with its own Idempotency-Key. A network
 * error or a 5xx is retried with the same key (an instance may be gone mid-request); every 201
 * is recorded as acknowledged. `baseOf(i)` picks where submit i goes; `headersOf(i)` adds headers.
 * @param {{
 *   baseOf: (i: number, attempt: number) => string,
 *   formId: number,
 *   bodyOf: (i: number) => unknown,
 *   count: number,
 *   concurrency: number,
 *   headersOf?: (i: number) => Record<string, string>,
 *   onAck?: (acknowledged: number) => void,
 * }} options
 * @returns {Promise<{ acked: Map<string, string>, retries: number }>}
 */
export async function submitStream({
  baseOf,
  formId,
  bodyOf,
  count,
  concurrency,
  headersOf = () => ({}),
  onAck,
}) {
  /** @type {Map<string, string>} */
  const acked = new Map();
  let retries = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const key = randomUUID();
      const body = JSON.stringify(bodyOf(i));
      // Retried for as long as an instance may take to start again (startInstance waits 60 s),
      // not for a count of attempts: a restart under load on a slow machine outlasts any count.
      const deadline = Date.now() + SUBMIT_PATIENCE_MS;
      let last = 'no answer yet';
      for (let attempt = 0; ; attempt++) {
        if (Date.now() > deadline)
          throw new Error(`submit ${i} never acknowledged in ${SUBMIT_PATIENCE_MS / 1000} s (last: ${last})`);
        let res;
        try {
          res = await fetch(`${baseOf(i, attempt)}/api/form-submissions/forms/${formId}/submit`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': key, ...headersOf(i) },
            body,
          });
        } catch (err) {
          last = String(/** @type {Error} */ (err).cause ?? err);
          retries++;
          await sleep(50);
          continue;
        }
        const text = await res.text();
        if (res.status === 201) {
          acked.set(key, JSON.parse(text).submission_id);
          onAck?.(acked.size);
          break;
        }
        last = `${res.status} ${text.slice(0, 200)}`;
        if (res.status >= 500 || res.status === 409) {
          // 409: the first attempt is still being stored by an instance; 5xx: gone or restarting.
          retries++;
          await sleep(50);
          continue;
        }
        throw new Error(`submit ${i}: ${res.status} ${text}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { acked, retries };
}

/**
 * A query function on PostgreSQL (url) or on a PGlite data folder (the server must be stopped).
 * @param {{ databaseUrl?: string, dataDir?: string }} where
 * @returns {Promise<{ query: Query, close: () => Promise<void> }>}
 */
export async function openSql({ databaseUrl, dataDir }) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      /** @type {Query} */
      query: async (text, params) => (await client.query(text, params)).rows,
      close: () => client.end(),
    };
  }
  // Without a database URL the caller names the PGlite folder.
  const db = new PGlite(path.join(/** @type {string} */ (dataDir), 'db'));
  await db.waitReady;
  /** @type {Query} */
  const query = async (text, params) =>
    /** @type {Record<string, unknown>[]} */ ((await db.query(text, params)).rows);
  return { query, close: () => db.close() };
}

// Summed over the shard rows: a rebuild may spread a key over other shards than the submits did.
const ANALYTICS_SNAPSHOT = [
  `select day::text, sum(views)::int, sum(submissions)::int, sum(completion_time_total)::bigint::text,
     sum(completion_time_count)::int from form_daily_stats where form_id = $1 group by day order by day`,
  `select day::text, field_id, sum(response_count)::int, sum(skip_count)::int,
     sum(time_spent_total)::bigint::text, sum(time_spent_count)::int
   from field_daily_stats where form_id = $1 group by day, field_id order by day, field_id`,
  `select day::text, field_id, answer, sum(count)::int from answer_daily_counts where form_id = $1
   group by day, field_id, answer order by day, field_id, answer`,
  `select coalesce(sum(count), 0)::int as n from form_submission_counts where form_id = $1`,
];

/**
 * Checks that every acknowledged submission is stored exactly once, nothing else is, and that the
 * form's counters and analytics equal what the rebuild recomputes from the rows (with the servers'
 * data key, `encryptionKey`). Returns failures.
 * @param {{ databaseUrl?: string, dataDir?: string, formId: number, acked: Map<string, string>, encryptionKey?: string }} input
 */
export async function verifyStored({ databaseUrl, dataDir, formId, acked, encryptionKey }) {
  /** @type {string[]} */
  const failures = [];
  let sql = await openSql({ databaseUrl, dataDir });
  const rows = await sql.query('select id::text, idempotency_key from submissions where form_id = $1', [
    formId,
  ]);
  /** @type {Map<unknown, unknown[]>} */
  const byKey = new Map();
  for (const r of rows) byKey.set(r.idempotency_key, [...(byKey.get(r.idempotency_key) ?? []), r.id]);
  for (const [key, id] of acked) {
    const stored = byKey.get(key) ?? [];
    if (stored.length !== 1 || stored[0] !== id)
      failures.push(`key ${key}: acknowledged ${id}, stored [${stored}]`);
  }
  if (rows.length !== acked.size)
    failures.push(`${rows.length} rows stored for ${acked.size} acknowledged submits`);
  const before = [];
  for (const q of ANALYTICS_SNAPSHOT) before.push(await sql.query(q, [formId]));
  // The last snapshot query answers one row: the counter.
  const counter = /** @type {{ n: unknown }} */ (before[3]?.[0]);
  if (Number(counter.n) !== rows.length) failures.push(`counter says ${counter.n}, rows ${rows.length}`);
  await sql.close();
  const rebuild = spawnSync('npx', ['tsx', 'apps/server/src/jobs/analytics-rebuild-cli.ts', String(formId)], {
    cwd: root,
    // The rebuild opens the answers: it needs the servers' data key.
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl ?? '',
      DATA_DIR: dataDir ?? root,
      ENCRYPTION_KEY: encryptionKey ?? '',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (rebuild.status !== 0) failures.push('analytics rebuild failed');
  sql = await openSql({ databaseUrl, dataDir });
  for (const [i, q] of ANALYTICS_SNAPSHOT.entries()) {
    const after = await sql.query(q, [formId]);
    if (JSON.stringify(after) !== JSON.stringify(before[i])) {
      failures.push(`analytics differ from a rebuild: ${/from (\w+)/.exec(q)?.[1]}`);
    }
  }
  await sql.close();
  return failures;
}

/**
 * Runs `fn` with `url`, or with a throwaway PostgreSQL cluster with durable defaults when unset.
 * @template T
 * @param {string | undefined} url
 * @param {(url: string) => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function withPostgres(url, fn) {
  if (url) return fn(url);
  const dir = scratchDir('formsmith-ops-pg-');
  const script = path.join(root, 'scripts/ci/pg-cluster.sh');
  const started = execFileSync('bash', [script, 'start', dir, 'durable']).toString().trim();
  try {
    return await fn(started);
  } finally {
    spawnSync('bash', [script, 'stop', dir]);
  }
}
