import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ConfigError } from '../../config.ts';
import { byteLimit, checkStorageKey, newStorageKey, type UploadStorage } from './common.ts';

/** Files under `dir`, in 256 sub-folders by the first byte of the key. */
export function createLocalStorage(dir: string): UploadStorage {
  const fileOf = (key: string) => path.join(dir, checkStorageKey(key));
  return {
    async save(input, { maxBytes }) {
      const key = newStorageKey();
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const counter = byteLimit(maxBytes);
      try {
        await pipeline(input, counter, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      } catch (err) {
        await rm(file, { force: true });
        throw err;
      }
      return { key, size: counter.size };
    },
    async open(key) {
      const file = fileOf(key);
      const found = await stat(file).catch(() => null);
      return found?.isFile() ? createReadStream(file) : null;
    },
    async write(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { mode: 0o600 });
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
