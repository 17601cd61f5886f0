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
 * The database's own ingest rate for the reference rows (`seconds` of multi-row inserts from one
 * client), in its own process.
 * @param {{ databaseUrl: string, seconds: number, data: unknown }} spec
 * @returns {{ rps: number, total: number }}
 */
export function ingestCeiling(spec) {
  return runJson('ceiling-client.mjs', { kind: 'ingest', ...spec });
}

/**
 * PostgreSQL's own `COPY … TO STDOUT` of a form's submissions, in its own process.
 * @param {{ databaseUrl: string, formId: number }} spec
 * @returns {{ rows: number, seconds: number, bytes: number }}
 */
export function copyCeiling(spec) {
  return runJson('ceiling-client.mjs', { kind: 'copy', ...spec });
}

/**
 * Streams the export (its format from the URL) in another process while sampling the server's RSS every 20 ms.
 * @param {{ url: string, headers: Record<string, string>, pid: number | undefined, format: 'csv' | 'json' | 'xlsx' }} run
 */
export async function exportRun({ url, headers, pid, format }) {
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
    JSON.stringify({ url, headers, format }),
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

/**
 * Gzip bytes of every script the public page runs to be live, from the built files: fill.html's
 * entry and modulepreloads and, followed through their text, every chunk they import statically
 * (a chunk split off later is counted without fill.html naming it), plus the app the entry imports
 * (`import("./fill-app-….js")`: the page opens with the small entry alone, and the app takes over
 * at the respondent's first interaction, or at once on pages that need it; the budget is for
 * both). What the app imports only on need (core's checks and the phone data on the respondent's
 * first tap, key or focus; the ending's view; another language's words; a file field's control)
 * is not counted.
 */
export function fillPageJsGzipBytes() {
  const dist = path.join(root, 'apps/web/dist');
  const html = readFileSync(path.join(dist, 'fill.html'), 'utf8');
  const queue = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
    (m) => /** @type {string} */ (m[1]),
  );
  // The entry's own dynamic import of the app (only the entry's: the app's are loaded on need).
  for (const entry of [...queue])
    for (const m of readFileSync(path.join(dist, entry), 'utf8').matchAll(
      /import\(\s*["'`]\.\/(fill-app-[^"'`]+\.js)["'`]\s*\)/g,
    ))
      queue.push(`/assets/${m[1]}`);
  /** @type {Set<string>} */
  const files = new Set();
  let total = 0;
  for (let src = queue.shift(); src !== undefined; src = queue.shift()) {
    if (files.has(src)) continue;
    files.add(src);
    const file = path.join(dist, src);
    const gz = `${file}.gz`;
    total += existsSync(gz) ? statSync(gz).size : statSync(file).size;
    // Static imports between chunks (`import{…}from"./x.js"`, `import"./x.js"`), not `import(…)`.
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g))
      queue.push(`/assets/${m[1]}`);
  }
  return { bytes: total, files: [...files] };
}

/**
 * @typedef {{ performance: number, accessibility: number, fcpMs: number, lcpMs: number, tbtMs: number,
 *   failedAudits: string[], benchmarkIndex: number, cpuSlowdown: number, reportPath: string }} LighthouseScores
 */

/**
 * Lighthouse from npm against the system Chromium (mobile, its default network throttling, CPU
 * slowed `cpuSlowdown` times: Lighthouse's own default is 4); returns the two scores (0-100), the
 * first and largest contentful paints and total blocking time in ms, the host's `benchmarkIndex`
 * and where the full report was written (under .tmp/), or an error.
 * @param {string} url
 * @param {{ cpuSlowdown?: number }} [options]
 * @returns {{ error: string } | LighthouseScores & { error?: undefined }}
 */
export function lighthouse(url, { cpuSlowdown = 4 } = {}) {
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
      `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
    ],
    { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, timeout: 180_000 },
  );
  if (r.status !== 0 || !existsSync(out))
    return { error: (r.stderr?.toString() ?? '').slice(-500) || 'lighthouse failed' };
  /**
   * @type {{ categories: Record<'performance' | 'accessibility', { score: number }>,
   *   audits: Record<string, { id: string, score: number | null, scoreDisplayMode: string, numericValue: number }>,
   *   environment: { benchmarkIndex: number } }}
   */
  const report = JSON.parse(readFileSync(out, 'utf8'));
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    fcpMs: Math.round(
      /** @type {{ numericValue: number }} */ (report.audits['first-contentful-paint']).numericValue,
    ),
    lcpMs: Math.round(
      /** @type {{ numericValue: number }} */ (report.audits['largest-contentful-paint']).numericValue,
    ),
    tbtMs: Math.round(
      /** @type {{ numericValue: number }} */ (report.audits['total-blocking-time']).numericValue,
    ),
    failedAudits: Object.values(report.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
    benchmarkIndex: Math.round(report.environment.benchmarkIndex),
    cpuSlowdown,
    reportPath: path.relative(root, out),
  };
}

/**
 * The host Lighthouse's default 4x slowdown was made for: a high-end desktop, benchmarkIndex
 * 1500-2000 in Lighthouse's throttling guide, which 4x brings to a mid-tier phone.
 */
const DESIGN_HOST_INDEX = 1750;
/** The benchmarkIndex of the phone every run emulates: the design host slowed 4 times. */
export const TARGET_PHONE_INDEX = DESIGN_HOST_INDEX / 4;

/**
 * The CPU slowdown that brings a host of `benchmarkIndex` to the same phone (Lighthouse's advice
 * for hosts faster or slower than its design host), to one decimal, never below 1.
 * @param {number} benchmarkIndex
 */
export function calibratedSlowdown(benchmarkIndex) {
  return Math.max(1, Math.round((benchmarkIndex / TARGET_PHONE_INDEX) * 10) / 10);
}

/** The median of some numbers (the mean of the middle two of an even count). @param {number[]} values */
function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? /** @type {number} */ (sorted[mid])
    : (Number(sorted[mid - 1]) + Number(sorted[mid])) / 2;
}

/**
 * How far a run's emulated phone (its own benchmarkIndex over its slowdown) may land from the
 * target phone and still count as that phone: ±15 %.
 */
export const EMULATION_TOLERANCE = 0.15;
/** Attempts at one run before the closest is taken. */
const EMULATION_ATTEMPTS = 3;

/** The benchmarkIndex of the phone a run emulated. @param {LighthouseScores} run */
export function emulatedIndex(run) {
  return run.benchmarkIndex / run.cpuSlowdown;
}

/** How far (a fraction) a run's emulated phone is from the target phone. @param {LighthouseScores} run */
function emulationError(run) {
  return Math.abs(emulatedIndex(run) / TARGET_PHONE_INDEX - 1);
}

/**
 * One Lighthouse run that emulated the target phone. Lighthouse reads the host's benchmarkIndex as
 * the run starts, and on a shared host it swings between runs (a quiet bench read 2465, then 1587
 * and 1574 in runs slowed by the earlier 2541: two runs of three emulated a phone 35 % slower
 * than the target). So a run whose own index over its slowdown lands more than
 * EMULATION_TOLERANCE from the target did not emulate the phone: it is run again at the slowdown
 * its own reading asks for, up to EMULATION_ATTEMPTS attempts in all. Runs are kept or set aside
 * by that reading alone, never by their scores; when no attempt landed within the tolerance, the
 * closest is the run, marked `emulated: false`. Every attempt is printed. A run that measured
 * nothing (no trace: NO_NAVSTART and the like) is run again, at most twice, before it counts as
 * an attempt.
 * @param {string} url
 * @param {number} cpuSlowdown the first attempt's slowdown
 * @param {{ label?: string, say?: (msg: string) => void }} [options]
 * @returns {{ error: string } | { error?: undefined, run: LighthouseScores, emulated: boolean, attempts: LighthouseScores[] }}
 */
export function emulatedLighthouse(url, cpuSlowdown, { label = 'run', say = () => {} } = {}) {
  /** @type {LighthouseScores[]} */
  const attempts = [];
  let slowdown = cpuSlowdown;
  for (let attempt = 1; attempt <= EMULATION_ATTEMPTS; attempt++) {
    let run = lighthouse(url, { cpuSlowdown: slowdown });
    for (let retry = 0; run.error && retry < 2; retry++) {
      say(`a run measured nothing (${run.error.split('\n')[0]}); running it again`);
      run = lighthouse(url, { cpuSlowdown: slowdown });
    }
    if (run.error !== undefined) return { error: run.error };
    attempts.push(run);
    const within = emulationError(run) <= EMULATION_TOLERANCE;
    say(
      `${label}, attempt ${attempt}: benchmarkIndex ${run.benchmarkIndex}, CPU slowdown ${slowdown}x, a phone of index ${Math.round(emulatedIndex(run))} ` +
        `(${within ? 'within' : 'outside'} ±${EMULATION_TOLERANCE * 100} % of ${Math.round(TARGET_PHONE_INDEX)}): ` +
        `performance ${run.performance}, accessibility ${run.accessibility}, FCP ${run.fcpMs} ms, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms`,
    );
    if (within) return { run, emulated: true, attempts };
    slowdown = calibratedSlowdown(run.benchmarkIndex);
  }
  const closest = attempts.reduce((a, b) => (emulationError(b) < emulationError(a) ? b : a));
  say(
    `${label}: no attempt emulated the target phone within ±${EMULATION_TOLERANCE * 100} %; judging the closest ` +
      `(benchmarkIndex ${closest.benchmarkIndex}, CPU slowdown ${closest.cpuSlowdown}x, a phone of index ${Math.round(emulatedIndex(closest))})`,
  );
  return { run: closest, emulated: false, attempts };
}

/**
 * Lighthouse calibrated to this host: one run reads the host's benchmarkIndex, then `runs` runs
 * slowed to the phone every host emulates, each one `emulatedLighthouse` (run again while its own
 * reading says it emulated another phone); each figure is the median of those runs (the runs'
 * worst for accessibility, which does not depend on timing).
 *
 * Each run's first attempt is slowed by the median of every benchmarkIndex read so far (the
 * calibration's and each earlier attempt's), so one outlying reading does not set the slowdown;
 * the attempts check the guess afterwards. `cpuSlowdown` is the slowdown of the last readings'
 * median, for a further run (the themed form) at the same calibration.
 * @param {string} url
 * @param {{ runs?: number, say?: (msg: string) => void }} [options]
 * @returns {{ error: string } | { error?: undefined, median: Omit<LighthouseScores, 'reportPath'>, runs: LighthouseScores[],
 *   attempts: LighthouseScores[], emulated: boolean, benchmarkIndex: number, cpuSlowdown: number }}
 */
export function calibratedLighthouse(url, { runs = 3, say = () => {} } = {}) {
  let calibration = lighthouse(url, { cpuSlowdown: 4 });
  for (let retry = 0; calibration.error && retry < 2; retry++) {
    say(`a run measured nothing (${calibration.error.split('\n')[0]}); running it again`);
    calibration = lighthouse(url, { cpuSlowdown: 4 });
  }
  if (calibration.error !== undefined) return { error: calibration.error };
  const readings = [calibration.benchmarkIndex];
  say(
    `host benchmarkIndex ${calibration.benchmarkIndex}: CPU slowdown ${calibratedSlowdown(calibration.benchmarkIndex)}x (a phone of index ${Math.round(TARGET_PHONE_INDEX)})`,
  );
  /** @type {LighthouseScores[]} */
  const results = [];
  /** @type {LighthouseScores[]} */
  const attempts = [];
  let emulated = true;
  for (let i = 0; i < runs; i++) {
    const measured = emulatedLighthouse(url, calibratedSlowdown(medianOf(readings)), {
      label: `run ${i + 1}`,
      say,
    });
    if (measured.error !== undefined) return { error: measured.error };
    for (const a of measured.attempts) readings.push(a.benchmarkIndex);
    attempts.push(...measured.attempts);
    emulated &&= measured.emulated;
    const run = measured.run;
    say(
      `run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility}, FCP ${run.fcpMs} ms, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, benchmarkIndex ${run.benchmarkIndex}, CPU slowdown ${run.cpuSlowdown}x (a phone of index ${Math.round(emulatedIndex(run))}${measured.emulated ? '' : ', the closest attempt: not the target phone'})`,
    );
    results.push(run);
  }
  /** @param {(run: LighthouseScores) => number} pick */
  const median = (pick) => medianOf(results.map(pick));
  const benchmarkIndex = Math.round(medianOf(readings));
  const cpuSlowdown = calibratedSlowdown(benchmarkIndex);
  return {
    median: {
      performance: median((r) => r.performance),
      accessibility: Math.min(...results.map((r) => r.accessibility)),
      fcpMs: median((r) => r.fcpMs),
      lcpMs: median((r) => r.lcpMs),
      tbtMs: median((r) => r.tbtMs),
      failedAudits: [...new Set(results.flatMap((r) => r.failedAudits))],
      benchmarkIndex: median((r) => r.benchmarkIndex),
      cpuSlowdown: median((r) => r.cpuSlowdown),
    },
    runs: results,
    attempts,
    emulated,
    benchmarkIndex,
    cpuSlowdown,
  };
}
