import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// PGlite admits one process per data folder. A server on PGlite writes DATA_DIR/server.json (its
// pid, port and a random token, readable by its own user only), so that `npm run admin` knows not
// to open the folder and `npm run backup` asks the running server for the database instead.

export type ServerFile = { pid: number; port: number; token: string };

const fileOf = (dataDir: string) => path.join(dataDir, 'server.json');

/** A token for this run of the server: what the backup command must show to get a dump. */
export const newControlToken = () => randomBytes(32).toString('base64url');

export function writeServerFile(dataDir: string, info: ServerFile): void {
  writeFileSync(fileOf(dataDir), JSON.stringify(info), { mode: 0o600 });
}

export function removeServerFile(dataDir: string): void {
  rmSync(fileOf(dataDir), { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running server on this data folder, or null (none, or one that died without cleaning up). */
export function readLiveServer(dataDir: string): ServerFile | null {
  try {
    const info = JSON.parse(readFileSync(fileOf(dataDir), 'utf8')) as ServerFile;
    return alive(info.pid) && info.pid !== process.pid ? info : null;
  } catch {
    return null;
  }
}
