// @ts-check
// Temporary folders for `npm test`, the bench and the operations checks, removed when the process
// exits (also after a failure or Ctrl-C), so repeated runs do not fill the disk.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** @type {string[]} */
const made = [];
process.on('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
// A signal would end the process without 'exit': end it through exit instead.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

/**
 * A new empty folder under the system's temporary folder; readable by the postgres user.
 * @param {string} prefix
 */
export function scratchDir(prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  made.push(dir);
  return dir;
}
