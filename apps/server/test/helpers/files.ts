import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export type FileBytes = { file: string; bytes: Buffer };

/** Every file under a folder, as bytes. */
export function filesUnder(dir: string): FileBytes[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => ({ file, bytes: readFileSync(file) }));
}

/** The files among `files` whose bytes contain the marker. */
export const holding = (files: FileBytes[], marker: string) =>
  files.filter((f) => f.bytes.includes(Buffer.from(marker))).map((f) => f.file);
