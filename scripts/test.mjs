// @ts-check
// `npm test`: lint and typecheck, core and web unit tests, server API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), browser journeys. Ends with one line: `N passed, N failed`.
// `node scripts/test.mjs unit|api|e2e|lint ...` runs only the suites named.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { scratchDir } from './scratch.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.tmp', 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// Every suite's temporary files (data folders, throwaway clusters, archives) go into one scratch
// folder, removed at the end, so repeated runs do not fill the disk.
process.env.TMPDIR = scratchDir('formsmith-test-run-');
const suites = process.argv.slice(2);
/** @param {string} suite */
const wants = (suite) => suites.length === 0 || suites.includes(suite);
const totals = { passed: 0, failed: 0 };
/** Names of the tests that failed, and of journeys that passed only on their retry. */
const failures = /** @type {string[]} */ ([]);
const flaky = /** @type {string[]} */ ([]);

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ label?: string, cwd?: string, env?: NodeJS.ProcessEnv, fullEnv?: NodeJS.ProcessEnv }} [opts]
 */
function run(cmd, args, opts = {}) {
  console.log(`\n$ ${cmd} ${args.join(' ')}${opts.label ? `   (${opts.label})` : ''}`);
  const env = opts.fullEnv ?? { ...process.env, ...opts.env };
  return spawnSync(cmd, args, { cwd: opts.cwd ?? root, stdio: 'inherit', env }).status;
}

/**
 * @param {string} name
 * @param {number} passed
 * @param {number} failed
 */
function count(name, passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
  console.log(`${name}: ${passed} passed, ${failed} failed`);
}

/**
 * @param {string} name
 * @param {string} cmd
 * @param {string[]} args
 */
function check(name, cmd, args) {
  const status = run(cmd, args);
  if (status !== 0) failures.push(name);
  count(name, status === 0 ? 1 : 0, status === 0 ? 0 : 1);
}

/**
 * @param {string} name
 * @param {string} cwd
 * @param {NodeJS.ProcessEnv} [fullEnv]
 */
function vitest(name, cwd, fullEnv = process.env) {
  const file = path.join(out, `${name.replace(/\W+/g, '-')}.json`);
  const args = [
    'vitest',
    'run',
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${file}`,
    // In CI a failed test runs once more: a pass on retry is named below, not hidden.
    ...(process.env.CI ? ['--retry=1'] : []),
  ];
  const status = run('npx', args, { cwd, fullEnv, label: name });
  if (!existsSync(file)) {
    failures.push(`${name}: no report (exit ${status})`);
    return count(name, 0, 1);
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const before = failures.length;
  for (const fileResult of r.testResults ?? []) {
    const where = path.relative(root, fileResult.name ?? '');
    /** @type {{ status: string, fullName: string, failureMessages?: string[] }[]} */
    const tests = fileResult.assertionResults ?? [];
    const failedTests = tests.filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${name}: ${where} › ${t.fullName}`);
    for (const t of tests) {
      if (t.status === 'passed' && (t.failureMessages?.length ?? 0) > 0)
        flaky.push(`${name}: ${where} › ${t.fullName}`);
    }
    // A file that failed to load has no assertions, only a message.
    if (fileResult.status === 'failed' && failedTests.length === 0) failures.push(`${name}: ${where}`);
  }
  const failed = r.numFailedTests + (status !== 0 && r.numFailedTests === 0 ? 1 : 0);
  if (status !== 0 && r.numFailedTests === 0 && failures.length === before) {
    failures.push(`${name}: exit ${status}`);
  }
  count(name, r.numPassedTests, failed);
}

function playwright() {
  const file = path.join(out, 'e2e.json');
  if (run('npm', ['run', '-s', 'build']) !== 0) {
    failures.push('e2e: the build failed');
    return count('e2e', 0, 1);
  }
  // E2E_SPECS (space-separated spec files) narrows the run, as the Node 24 pass in CI does.
  const specs = (process.env.E2E_SPECS ?? '').split(/\s+/).filter(Boolean);
  const status = run('npx', ['playwright', 'test', ...specs], {
    cwd: path.join(root, 'apps/web'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
  });
  if (!existsSync(file)) {
    failures.push(`e2e: no report (exit ${status})`);
    return count('e2e', 0, 1);
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  collectJourneys(report.suites ?? [], []);
  const s = report.stats;
  const failed = s.unexpected + (status !== 0 && s.unexpected === 0 ? 1 : 0);
  count('e2e', s.expected + s.flaky, failed);
}

/**
 * Walks Playwright's JSON report and names each journey that failed or needed its retry.
 * @param {any[]} suites
 * @param {string[]} titles
 */
function collectJourneys(suites, titles) {
  for (const suite of suites) {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const label = `e2e: ${[...here, spec.title].join(' › ')}${t.projectName ? ` [${t.projectName}]` : ''}`;
        if (t.status === 'unexpected') failures.push(label);
        if (t.status === 'flaky') flaky.push(label);
      }
    }
    collectJourneys(suite.suites ?? [], here);
  }
}

if (wants('lint')) {
  check('lint', 'npx', ['biome', 'check', '.']);
  // Import circles and the order of the server's modules (.dependency-cruiser.cjs).
  check('boundaries', 'npx', [
    'depcruise',
    'apps/server/src',
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    'err-long',
  ]);
  check('docs', 'node', ['scripts/check-docs.mjs']);
  check('typecheck', 'npm', ['run', '-s', 'typecheck']);
}
if (wants('unit')) {
  vitest('core', path.join(root, 'packages/core'));
  vitest('web', path.join(root, 'apps/web'));
}
if (wants('api')) {
  const { TEST_DATABASE_URL, ...rest } = process.env;
  const api = path.join(root, 'apps/server');
  vitest('api (PGlite)', api, rest);
  if (TEST_DATABASE_URL) vitest('api (PostgreSQL)', api, process.env);
}
if (wants('e2e')) playwright();

// The names go last but one, so a log cut to its end still says what broke.
if (flaky.length > 0) console.log(`\npassed only on retry:\n${flaky.map((f) => `  ${f}`).join('\n')}`);
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
