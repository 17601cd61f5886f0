// @ts-check
// `npm run check:lighthouse`: Lighthouse (mobile, its network throttling, the CPU slowdown
// calibrated to this host's benchmarkIndex) on a published public form served by the built
// server (`npm run build` first; this script builds nothing). Runs it
// LIGHTHOUSE_RUNS times (3) and prints and writes (.tmp/lighthouse.json) the median performance
// score and LCP of the runs and their lowest accessibility score; exit code 1 when accessibility
// < 100, performance < 98 or LCP >= 1.0 s. Then one run, at the same CPU slowdown, on a themed
// form (a built-in theme with a bundled font, plus an uploaded background picture): its
// accessibility must be 100 too, its performance and LCP are printed and written beside.
// Chromium is /usr/bin/chromium.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startMailbox } from '../bench/mailbox.mjs';
import { calibratedLighthouse, emulatedLighthouse } from '../bench/measure.mjs';
import { createOwner, createPublishedForm } from '../bench/seed.mjs';
import { scratchDir } from '../scratch.mjs';
import { api, freePort, log, root, startInstance, stopInstance } from './lib.mjs';

const TARGETS = { performance: 98, accessibility: 100, lcpMs: 1000 };
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const JUDGE_TIMINGS = process.env.LIGHTHOUSE_JUDGE_TIMINGS !== '0';
/** @param {string} msg */
const say = (msg) => log('lighthouse', msg);

/** A built-in theme with a font of the instance's own (not the system's), and the picture put behind it. */
const THEMED = { ref: 'builtin:forest', picture: 'apps/web/public/screenshots/respondent-light.webp' };

/**
 * A published form in the built-in theme with a background picture uploaded to the instance: the
 * theme's path of the page (its properties, its bundled font, the picture behind the card). The
 * theme is read from the page that draws it, as the Design tab starts from it, and the picture
 * added to it.
 * @param {string} base
 * @param {string} token
 */
async function createThemedForm(base, token) {
  const form = await createPublishedForm(base, token, 'Lighthouse themed check');
  await api(base, 'PUT', `/forms/${form.id}`, { token, body: { theme_config: { themeRef: THEMED.ref } } });
  await api(base, 'POST', `/forms/${form.id}/publish`, { token });
  const page = await fetch(`${base}/form/${form.id}`).then((r) => r.text());
  const state = /<script type="application\/json" id="fill-state">([\s\S]*?)<\/script>/.exec(page)?.[1];
  const theme = state && JSON.parse(state).view?.form?.look?.theme;
  if (!theme?.font || theme.font === 'system')
    throw new Error(`${THEMED.ref} is not drawn with a bundled font`);
  const body = new FormData();
  body.append(
    'file',
    new Blob([readFileSync(path.join(root, THEMED.picture))], { type: 'image/webp' }),
    'background.webp',
  );
  const upload = await fetch(`${base}/api/forms/${form.id}/pictures?purpose=background`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  if (upload.status !== 201) throw new Error(`background upload: ${upload.status} ${await upload.text()}`);
  const { url: image } = /** @type {{ url: string }} */ (await upload.json());
  await api(base, 'PUT', `/forms/${form.id}`, {
    token,
    body: {
      theme_config: { customTheme: { ...theme, background: { image, focusX: 50, focusY: 40, dim: 20 } } },
    },
  });
  await api(base, 'POST', `/forms/${form.id}/publish`, { token });
  const url = `${base}/form/${form.id}`;
  const drawn = await fetch(url).then((r) => r.text());
  if (!drawn.includes(image)) throw new Error('the themed page does not draw its background picture');
  return url;
}

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
  // Both forms are made before anything is measured.
  const themedUrl = await createThemedForm(server.base, owner.token);
  // A server that has served the page before (a real one has): the first render also compiles.
  // Both pages are served now: a connection kept open across a Lighthouse run would be stale.
  for (const page of [url, themedUrl]) for (let i = 0; i < 3; i++) await fetch(page).then((r) => r.text());
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

  // One run on the themed form, first at the slowdown the plain form's readings settled on (no
  // second calibration: CI's time), run again like the plain form's while it emulated another
  // phone. Accessibility is judged; its timings are printed to compare with the plain form's.
  say(`running Lighthouse on the themed form (${THEMED.ref} with a background picture): ${themedUrl}`);
  const themedMeasured = emulatedLighthouse(themedUrl, measured.cpuSlowdown, { label: 'themed', say });
  if (themedMeasured.error !== undefined) throw new Error(themedMeasured.error);
  const themed = themedMeasured.run;
  const themedAccessible = themed.accessibility >= TARGETS.accessibility;
  say(
    `themed: performance ${themed.performance}, accessibility ${themed.accessibility} (100), FCP ${themed.fcpMs} ms, LCP ${themed.lcpMs} ms, ` +
      `TBT ${themed.tbtMs} ms, benchmarkIndex ${themed.benchmarkIndex}, CPU slowdown ${themed.cpuSlowdown}x` +
      `${themed.failedAudits.length ? `; failed audits: ${themed.failedAudits.join(', ')}` : ''}`,
  );
  ok = judged.every(Boolean) && themedAccessible;
  const report = {
    url,
    median: result,
    runs: results,
    attempts: measured.attempts,
    emulated: measured.emulated,
    benchmarkIndex: measured.benchmarkIndex,
    cpuSlowdown: measured.cpuSlowdown,
    targets: TARGETS,
    checks,
    themed: {
      url: themedUrl,
      theme: THEMED.ref,
      run: themed,
      emulated: themedMeasured.emulated,
      attempts: themedMeasured.attempts,
      checks: { accessibility: themedAccessible },
    },
    ok,
    at: new Date().toISOString(),
  };
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  writeFileSync(path.join(root, '.tmp', 'lighthouse.json'), `${JSON.stringify(report, null, 2)}\n`);
  say(
    `performance ${result.performance} (>= ${TARGETS.performance}), accessibility ${result.accessibility} ` +
      `(100), LCP ${result.lcpMs} ms (< ${TARGETS.lcpMs})${result.failedAudits.length ? `; failed audits: ${result.failedAudits.join(', ')}` : ''}`,
  );
  const missed = Object.entries({ ...checks, 'themed accessibility': themedAccessible })
    .filter(([, met]) => !met)
    .map(([name]) => name);
  if (!measured.emulated || !themedMeasured.emulated)
    say(
      'a run judged above did not emulate the target phone within the tolerance (its closest attempt; see above)',
    );
  say(
    missed.length === 0
      ? 'all targets met'
      : `missed: ${missed.join(', ')}${ok ? ' (timings reported, not judged, in this run)' : ''}`,
  );
} catch (err) {
  const { message, cause } = /** @type {Error} */ (err);
  say(`failed: ${message}${cause instanceof Error ? ` (${cause.message})` : ''}`);
} finally {
  await stopInstance(server);
  await mailbox.close?.();
}
process.exit(ok ? 0 : 1);
