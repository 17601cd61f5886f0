// @ts-check
// `npm run dev`: the server with reload (tsx watch, port 3000) and the Vite dev server (port
// 5173, proxying /api to the server) side by side; Ctrl+C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = ['apps/server', 'apps/web'].map((workspace) =>
  spawn('npm', ['run', '-s', 'dev', '-w', workspace], { cwd: root, stdio: 'inherit' }),
);
let exiting = false;
/** @param {number} code */
function stopAll(code) {
  if (exiting) return;
  exiting = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
// When one of them stops on its own, the other is of no use alone.
for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));
