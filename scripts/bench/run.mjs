// `npm run bench`: DESIGN §7's figures on this machine. Starts a throwaway PostgreSQL (or uses
// BENCH_DATABASE_URL), builds and starts the server in production mode, seeds with COPY, measures
// with load generators in separate processes, prints a table and writes bench-results.json.
// BENCH_SCALE=<rows> lowers the data size (default 1,000,000); BENCH_DURATION=<s> the load time.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { autocannon, exportRun, fillPageJsGzipBytes, latency, lighthouse } from './measure.mjs';
import { answerFor, copySubmissions, createOwner, createPublishedForm } from './seed.mjs';
import { startServer, stopServer } from './server.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const scale = Number(process.env.BENCH_SCALE ?? 1_000_000);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const results = [];
const record = (name, value, unit, target, met) => results.push({ name, value, unit, target, met });
mkdirSync(path.join(root, '.tmp'), { recursive: true });

function log(msg) {
  console.error(`[bench] ${msg}`);
}

async function submitFigures(server, token, label) {
  const form = await createPublishedForm(server.base, token, `Submit bench ${label}`);
  const body = JSON.stringify({
    data: { ...answerFor(form, 1), _honeypot: '', _formLoadTime: Date.now() - 60_000 },
    metadata: { analytics: { totalTimeSpent: 30, completed: true } },
  });
  const noop = autocannon({ url: `${server.base}/api/health/live`, duration });
  const submit = autocannon({
    url: `${server.base}/api/form-submissions/forms/${form.id}/submit`,
    method: 'POST',
    body,
    duration,
  });
  const ratio = submit.rps / noop.rps;
  record(`${label}: no-op route throughput`, noop.rps, 'req/s', null, null);
  record(`${label}: submit throughput (64 connections)`, submit.rps, 'req/s', null, null);
  record(`${label}: submit / no-op ratio`, Number((ratio * 100).toFixed(1)), '%', '>= 40', ratio >= 0.4);
  record(`${label}: submit latency p50`, submit.p50, 'ms', null, null);
  record(`${label}: submit latency p99`, submit.p99, 'ms', '< 50', submit.p99 < 50);
  if (submit.non2xx || submit.errors)
    record(`${label}: submit failures`, submit.non2xx + submit.errors, 'requests', '0', false);
}

async function main() {
  let pgDir;
  let databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) {
    pgDir = mkdtempSync(path.join(tmpdir(), 'formsmith-bench-pg-'));
    databaseUrl = execFileSync('bash', [path.join(root, 'scripts/ci/pg-cluster.sh'), 'start', pgDir])
      .toString()
      .trim();
    log(`PostgreSQL at ${databaseUrl}`);
  }
  let server;
  let pgliteServer;
  try {
    log('building');
    if (
      spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
        .status !== 0
    ) {
      throw new Error('build failed');
    }
    server = await startServer({
      env: { DATABASE_URL: databaseUrl, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fsb-')) },
    });
    const owner = await createOwner(server.base, databaseUrl);
    const auth = { authorization: `Bearer ${owner.token}` };

    log('1. submit throughput on PostgreSQL');
    await submitFigures(server, owner.token, 'PostgreSQL');

    log(`seeding ${scale.toLocaleString('en-US')} submissions with COPY`);
    const big = await createPublishedForm(server.base, owner.token, 'Big form');
    const seconds = await copySubmissions(databaseUrl, big, scale);
    record('seed: COPY rows per second', Math.round(scale / seconds), 'rows/s', null, null);
    const rebuild = spawnSync(
      'npm',
      ['run', '-s', '-w', 'apps/server', 'analytics:rebuild', '--', String(big.id)],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    if (rebuild.status !== 0) log('analytics rebuild failed; analytics figures read empty aggregates');

    log('2. analytics latency');
    const since = new Date(Date.now() - 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const analytics = latency({
      url: `${server.base}/api/analytics/forms/${big.id}?start_date=${since}`,
      headers: auth,
      count: 300,
    });
    record('analytics p50 (1 year range)', analytics.p50, 'ms', null, null);
    record(
      'analytics p95 (1 year range)',
      analytics.p95,
      'ms',
      '< 50',
      analytics.p95 < 50 && analytics.errors === 0,
    );

    log('3. submissions list latency');
    const listUrl = (page) =>
      `${server.base}/api/form-submissions/forms/${big.id}/submissions?page=${page}&limit=10`;
    const lastPage = Math.max(1, Math.min(10_000, Math.floor(scale / 10)));
    const page1 = latency({ url: listUrl(1), headers: auth, count: 300 });
    const pageN = latency({ url: listUrl(lastPage), headers: auth, count: 300 });
    record('list page 1 p95', page1.p95, 'ms', '< 30', page1.p95 < 30 && page1.errors === 0);
    record(
      `list page ${lastPage.toLocaleString('en-US')} p95`,
      pageN.p95,
      'ms',
      '< 30',
      pageN.p95 < 30 && pageN.errors === 0,
    );

    log('4. CSV export');
    const exp = await exportRun({
      url: `${server.base}/api/form-submissions/forms/${big.id}/export?format=csv`,
      headers: auth,
      pid: server.pid,
    });
    if (exp.error) record('CSV export', exp.error, '', 'streams', false);
    else {
      const rate = Math.round(exp.rows / exp.seconds);
      record('CSV export rows', exp.rows, 'rows', String(scale), exp.rows === scale);
      record('CSV export rate', rate, 'rows/s', '> 100000', rate > 100_000);
      record(
        'CSV export RSS growth',
        Number(exp.rssGrowthMb.toFixed(1)),
        'MB',
        '< 100',
        exp.rssGrowthMb < 100,
      );
    }

    log('5. public form page');
    const js = fillPageJsGzipBytes();
    record(
      'public form page JS (gzip)',
      Number((js.bytes / 1024).toFixed(1)),
      'KB',
      '< 80',
      js.bytes < 80 * 1024,
    );
    const lh = lighthouse(`${server.base}/form/${big.id}`);
    if (lh.error) record('Lighthouse', lh.error.split('\n')[0], '', '>= 95 / 100', false);
    else {
      record('Lighthouse performance', lh.performance, 'score', '>= 95', lh.performance >= 95);
      record('Lighthouse accessibility', lh.accessibility, 'score', '100', lh.accessibility === 100);
    }
    await stopServer(server);
    server = undefined;

    log('6. submit throughput on PGlite');
    pgliteServer = await startServer({
      env: { DATABASE_URL: '', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fsb-lite-')) },
    });
    const liteOwner = await createOwner(pgliteServer.base, undefined);
    await submitFigures(pgliteServer, liteOwner.token, 'PGlite');
  } finally {
    await stopServer(server);
    await stopServer(pgliteServer);
    if (pgDir) execFileSync('bash', [path.join(root, 'scripts/ci/pg-cluster.sh'), 'stop', pgDir]);
  }
}

await main().catch((err) => {
  record('bench run', String(err.message ?? err).slice(0, 300), '', 'completes', false);
});

const width = Math.max(...results.map((r) => r.name.length));
console.log(`\nFormsmith bench — ${scale.toLocaleString('en-US')} rows, ${duration} s load runs\n`);
for (const r of results) {
  const verdict = r.met === null ? '' : r.met ? 'met' : 'NOT MET';
  console.log(
    `${r.name.padEnd(width)}  ${String(r.value).padStart(10)} ${r.unit.padEnd(8)} ${r.target ? `target ${r.target}` : ''}  ${verdict}`,
  );
}
const json = { scale, duration, date: new Date().toISOString(), results };
writeFileSync(path.join(root, 'bench-results.json'), `${JSON.stringify(json, null, 2)}\n`);
console.log('\nwritten bench-results.json');
process.exit(results.some((r) => r.name === 'bench run') ? 1 : 0);
