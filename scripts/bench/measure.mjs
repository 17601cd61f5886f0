// @ts-check
// The measurements: each runs its load generator in a separate process.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { rssMb } from './server.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const here = import.meta.dirname;

/**
 * @param {string} file
 * @param {unknown} spec
 */
function runJson(file, spec) {
  const out = execFileSync(process.execPath, [path.join(here, file), JSON.stringify(spec)], {
    maxBuffer: 1 << 26,
  });
  return JSON.parse(out.toString());
}

/**
 * autocannon in its own process; returns requests/s and latency percentiles.
 * @param {{ url: string, method?: string, body?: string, headers?: Record<string, string>,
 *   connections?: number, duration?: number }} spec
 */
export function autocannon({ url, method = 'GET', body, headers = {}, connections = 64, duration = 10 }) {
  const args = [
    path.join(root, 'node_modules/autocannon/autocannon.js'),
    '-j',
    '-c',
    String(connections),
    '-d',
    String(duration),
    '-m',
    method,
  ];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  if (body) args.push('-H', 'content-type=application/json', '-b', body);
  args.push(url);
  const r = spawnSync(process.execPath, args, { maxBuffer: 1 << 26 });
  const result = JSON.parse(r.stdout.toString());
  const total = result.requests.total || 1;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total,
  };
}

/**
 * @param {{ url: string, headers?: Record<string, string>, count?: number, warmup?: number,
 *   concurrency?: number, bodies?: unknown[], method?: string }} spec
 * @returns {{ p50: number, p95: number, p99: number, mean: number, errors: number, count: number }}
 */
export function latency(spec) {
  return runJson('latency-client.mjs', spec);
}

/**
 * Streams the export (CSV, or .xlsx with `xlsx`) in another process while sampling the server's RSS every 20 ms.
 * @param {{ url: string, headers: Record<string, string>, pid: number | undefined, xlsx?: boolean }} run
 */
export async function exportRun({ url, headers, pid, xlsx = false }) {
  const before = rssMb(pid);
  let peak = before;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {}
  }, 20);
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [
    path.join(here, 'export-client.mjs'),
    JSON.stringify({ url, headers, xlsx }),
  ]);
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  await new Promise((r) => child.on('exit', r));
  clearInterval(timer);
  const result = JSON.parse(out || '{"error":"no output"}');
  return { ...result, rssBeforeMb: before, rssPeakMb: peak, rssGrowthMb: peak - before };
}

/** Gzip bytes of every script fill.html loads (entry + modulepreloads), from the built files. */
export function fillPageJsGzipBytes() {
  const dist = path.join(root, 'apps/web/dist');
  const html = readFileSync(path.join(dist, 'fill.html'), 'utf8');
  const srcs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
    (m) => /** @type {string} */ (m[1]),
  );
  let total = 0;
  for (const src of new Set(srcs)) {
    const gz = path.join(dist, `${src}.gz`);
    total += existsSync(gz) ? statSync(gz).size : statSync(path.join(dist, src)).size;
  }
  return { bytes: total, files: [...new Set(srcs)] };
}

/**
 * @typedef {{ performance: number, accessibility: number, lcpMs: number, tbtMs: number, failedAudits: string[] }} LighthouseScores
 */

/**
 * Lighthouse from npm against the system Chromium (mobile, its default throttling); returns the
 * two scores (0-100) and the largest contentful paint in ms, or an error.
 * @param {string} url
 * @returns {{ error: string } | LighthouseScores & { error?: undefined }}
 */
export function lighthouse(url) {
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const out = path.join(root, '.tmp', `lighthouse-${process.pid}-${Date.now()}.json`);
  const r = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
    ],
    { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, timeout: 180_000 },
  );
  if (r.status !== 0 || !existsSync(out))
    return { error: (r.stderr?.toString() ?? '').slice(-500) || 'lighthouse failed' };
  /**
   * @type {{ categories: Record<'performance' | 'accessibility', { score: number }>,
   *   audits: Record<string, { id: string, score: number | null, scoreDisplayMode: string, numericValue: number }> }}
   */
  const report = JSON.parse(readFileSync(out, 'utf8'));
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    lcpMs: Math.round(
      /** @type {{ numericValue: number }} */ (report.audits['largest-contentful-paint']).numericValue,
    ),
    tbtMs: Math.round(
      /** @type {{ numericValue: number }} */ (report.audits['total-blocking-time']).numericValue,
    ),
    failedAudits: Object.values(report.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}
