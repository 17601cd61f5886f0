// @ts-check
// A load generator in its own process: sends `count` requests one after another (after `warmup`)
// and prints {p50, p95, p99, mean, errors} in ms as JSON. Usage: node latency-client.mjs '<json spec>'
// A spec with `bodies` POSTs them as JSON in turn (`method` defaults to POST then).
import { performance } from 'node:perf_hooks';

/**
 * @type {{ url: string, headers?: Record<string, string>, count?: number, warmup?: number,
 *   concurrency?: number, bodies?: unknown[], method?: string }}
 */
const spec = JSON.parse(/** @type {string} */ (process.argv[2]));
const { url, headers = {}, count = 200, warmup = 20, concurrency = 1, bodies } = spec;
const method = spec.method ?? (bodies ? 'POST' : 'GET');
let sent = 0;

async function once() {
  const body = bodies ? JSON.stringify(bodies[sent % bodies.length]) : undefined;
  sent++;
  const t0 = performance.now();
  const res = await fetch(url, {
    method,
    headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
    body,
  });
  await res.arrayBuffer();
  return { ms: performance.now() - t0, ok: res.ok };
}

for (let i = 0; i < warmup; i++) await once();
/** @type {number[]} */
const times = [];
let errors = 0;
let next = 0;
async function worker() {
  while (next < count) {
    next++;
    const r = await once();
    times.push(r.ms);
    if (!r.ok) errors++;
  }
}
await Promise.all(Array.from({ length: concurrency }, worker));
times.sort((a, b) => a - b);
/** @param {number} q */
const pick = (q) =>
  Number(/** @type {number} */ (times[Math.min(times.length - 1, Math.floor(q * times.length))]).toFixed(2));
const mean = Number((times.reduce((a, b) => a + b, 0) / times.length).toFixed(2));
process.stdout.write(
  JSON.stringify({ p50: pick(0.5), p95: pick(0.95), p99: pick(0.99), mean, errors, count }),
);
