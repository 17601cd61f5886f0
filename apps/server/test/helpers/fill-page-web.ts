import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '../../../web');

function vite(args: string[]) {
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', ...args], {
    cwd: web,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`vite build ${args.join(' ')} failed:\n${r.stderr}${r.stdout}`);
}

/**
 * A web dist holding only the public page and its server build, built from today's sources (a
 * second or two): the server renders the page from it, as from the full build.
 */
export function buildFillPageWeb(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'formsmith-fill-web-'));
  vite(['-c', 'vite.fill.config.ts', '--outDir', dist, '--emptyOutDir']);
  vite(['-c', 'vite.ssr.config.ts', '--outDir', path.join(dist, 'ssr'), '--emptyOutDir']);
  return dist;
}
