import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ConfigError } from '../../config.ts';
import { checkStorageKey, type UploadStorage } from './common.ts';

/** Files under `dir`, in 256 sub-folders by the first byte of the key. */
export function createLocalStorage(dir: string): UploadStorage {
  const fileOf = (key: string) => path.join(dir, checkStorageKey(key));
  return {
    // Written beside the target and renamed over it: a rename within a folder is atomic, so a
    // crash or a failed stream leaves at most a stray temporary file, never a cut one at the key.
    async write(key, input) {
      const file = fileOf(key);
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await mkdir(path.dirname(file), { recursive: true });
      try {
        const source = Buffer.isBuffer(input) ? Readable.from([input]) : input;
        await pipeline(source, createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
        await rename(temporary, file);
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
    },
    async open(key) {
      const file = fileOf(key);
      const found = await stat(file).catch(() => null);
      return found?.isFile() ? createReadStream(file) : null;
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async check() {
      try {
        await mkdir(dir, { recursive: true });
        await access(dir, constants.W_OK);
      } catch (err) {
        throw new ConfigError(`DATA_DIR: cannot write uploads to ${dir} (${(err as Error).message}).`);
      }
    },
  };
}
