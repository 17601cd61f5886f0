// @ts-check
// `npm start`: builds what is not built yet (or is older than its sources), then starts the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');

/**
 * @param {string} dir
 * @returns {number}
 */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * @param {string} output
 * @param {string[]} sources
 */
function needsBuild(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}

/** @param {string} workspace */
function run(workspace) {
  const result = spawnSync('npm', ['run', '-s', 'build', '-w', workspace], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (
  needsBuild(path.join(root, 'apps/web/dist/index.html'), [
    'apps/web/src',
    'apps/web/public',
    'packages/core/src',
  ])
) {
  run('apps/web');
}
if (needsBuild(path.join(root, 'apps/server/dist/main.js'), ['apps/server/src', 'packages/core/src'])) {
  run('apps/server');
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'apps/server/dist/main.js')], {
  stdio: 'inherit',
  env: process.env,
});
for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT']))
  process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
