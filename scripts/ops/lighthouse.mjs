// @ts-check
// `npm run check:lighthouse`: Lighthouse (mobile, its network throttling, the CPU slowdown
// calibrated to this host's benchmarkIndex) on a published public form served by the built
// server (`npm run build` first; this script builds nothing). Runs it
// LIGHTHOUSE_RUNS times (3) and prints and writes (.tmp/lighthouse.json) the median performance
// score and LCP of the runs and their lowest accessibility score; exit code 1 when accessibility
// < 100, performance < 98 or LCP >= 1.0 s. Chromium is /usr/bin/chromium.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startMailbox } from '../bench/mailbox.mjs';
import { calibratedLighthouse } from '../bench/measure.mjs';
import { createOwner, createPublishedForm } from '../bench/seed.mjs';
import { scratchDir } from '../scratch.mjs';
import { freePort, log, root, startInstance, stopInstance } from './lib.mjs';

const TARGETS = { performance: 98, accessibility: 100, lcpMs: 1000 };
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const JUDGE_TIMINGS = process.env.LIGHTHOUSE_JUDGE_TIMINGS !== '0';
/** @param {string} msg */
const say = (msg) => log('lighthouse', msg);

const mailbox = await startMailbox();
const dataDir = scratchDir('formsmith-lighthouse-');
const server = await startInstance({
  port: await freePort(),
  env: { DATA_DIR: dataDir, SMTP_URL: mailbox.url },
});
let ok = false;
try {
  const owner = await createOwner(server.base, undefined, mailbox);
  const form = await createPublishedForm(server.base, owner.token, 'Lighthouse check');
  const url = `${server.base}/form/${form.id}`;
  // A server that has served the page before (a real one has): the first render also compiles.
  for (let i = 0; i < 3; i++) await fetch(url).then((r) => r.text());
  say(`running Lighthouse on ${url}`);
  // Lighthouse's figures vary from run to run with the machine's load, and its CPU throttling
  // multiplies the host's own speed: the runs are calibrated to the host, and the median run of
  // several is the figure, as Lighthouse's docs advise.
  const measured = calibratedLighthouse(url, { runs: RUNS, say });
  if (measured.error !== undefined) throw new Error(measured.error);
  const result = measured.median;
  const results = measured.runs;
  const checks = {
    performance: result.performance >= TARGETS.performance,
    accessibility: result.accessibility >= TARGETS.accessibility,
    lcp: result.lcpMs < TARGETS.lcpMs,
  };
  // Timings depend on what else the machine is doing: CI reports them (LIGHTHOUSE_JUDGE_TIMINGS=0)
  // and judges only accessibility, like the bench's smoke run; a run by hand judges all three.
  const judged = JUDGE_TIMINGS ? Object.values(checks) : [checks.accessibility];
  ok = judged.every(Boolean);
  const report = {
    url,
    median: result,
    runs: results,
    benchmarkIndex: measured.benchmarkIndex,
    cpuSlowdown: measured.cpuSlowdown,
    targets: TARGETS,
    checks,
    ok,
    at: new Date().toISOString(),
  };
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  writeFileSync(path.join(root, '.tmp', 'lighthouse.json'), `${JSON.stringify(report, null, 2)}\n`);
  say(
    `performance ${result.performance} (>= ${TARGETS.performance}), accessibility ${result.accessibility} ` +
      `(100), LCP ${result.lcpMs} ms (< ${TARGETS.lcpMs})${result.failedAudits.length ? `; failed audits: ${result.failedAudits.join(', ')}` : ''}`,
  );
  const missed = Object.entries(checks)
    .filter(([, met]) => !met)
    .map(([name]) => name);
  say(
    missed.length === 0
      ? 'all targets met'
      : `missed: ${missed.join(', ')}${ok ? ' (timings reported, not judged, in this run)' : ''}`,
  );
} catch (err) {
  say(`failed: ${/** @type {Error} */ (err).message}`);
} finally {
  await stopInstance(server);
  await mailbox.close?.();
}
process.exit(ok ? 0 : 1);
