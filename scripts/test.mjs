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
  ];
  const status = run('npx', args, { cwd, fullEnv, label: name });
  if (!existsSync(file)) return count(name, 0, 1);
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const failed = r.numFailedTests + (status !== 0 && r.numFailedTests === 0 ? 1 : 0);
  count(name, r.numPassedTests, failed);
}

function playwright() {
  const file = path.join(out, 'e2e.json');
  if (run('npm', ['run', '-s', 'build']) !== 0) return count('e2e', 0, 1);
  // E2E_SPECS (space-separated spec files) narrows the run, as the Node 24 pass in CI does.
  const specs = (process.env.E2E_SPECS ?? '').split(/\s+/).filter(Boolean);
  const status = run('npx', ['playwright', 'test', ...specs], {
    cwd: path.join(root, 'apps/web'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
  });
  if (!existsSync(file)) return count('e2e', 0, 1);
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  const failed = s.unexpected + (status !== 0 && s.unexpected === 0 ? 1 : 0);
  count('e2e', s.expected + s.flaky, failed);
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

console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
