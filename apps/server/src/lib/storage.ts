import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where respondents' files live. Local files under DATA_DIR/uploads today; an S3-compatible
 * backend (DESIGN §8) would implement this same interface and be picked in `uploadStorage`
 * from configuration. Keys are random and never listed; only the owner's download opens them.
 */
export type UploadStorage = {
  /** Stores the stream under a new random key; rejects with FileTooLargeError past maxBytes. */
  save: (input: Readable, opts: { maxBytes: number }) => Promise<{ key: string; size: number }>;
  /** A stream of the stored bytes, or null when the key is unknown. */
  open: (key: string) => Promise<Readable | null>;
  delete: (key: string) => Promise<void>;
};

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
  }
}

const KEY_PATTERN = /^[a-f0-9]{2}\/[a-f0-9]{40}$/;

/** Files under `dir`, spread over 256 sub-folders by the first byte of the key. */
export function createLocalStorage(dir: string): UploadStorage {
  const fileOf = (key: string) => {
    // Keys come from our database, but never let one escape the folder.
    if (!KEY_PATTERN.test(key)) throw new Error('Invalid storage key');
    return path.join(dir, key);
  };
  return {
    async save(input, { maxBytes }) {
      const id = randomBytes(20).toString('hex');
      const key = `${id.slice(0, 2)}/${id}`;
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > maxBytes) done(new FileTooLargeError(maxBytes));
          else done(null, chunk);
        },
      });
      try {
        await pipeline(input, counter, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      } catch (err) {
        await rm(file, { force: true });
        throw err;
      }
      return { key, size };
    },
    async open(key) {
      const file = fileOf(key);
      const found = await stat(file).catch(() => null);
      return found?.isFile() ? createReadStream(file) : null;
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

const storages = new Map<string, UploadStorage>();

/** The storage of this server's configuration (DATA_DIR/uploads). */
export function uploadStorage(config: { dataDir: string }): UploadStorage {
  let storage = storages.get(config.dataDir);
  if (!storage) {
    storage = createLocalStorage(path.join(config.dataDir, 'uploads'));
    storages.set(config.dataDir, storage);
  }
  return storage;
}

export const saveUpload = (config: { dataDir: string }, input: Readable, opts: { maxBytes: number }) =>
  uploadStorage(config).save(input, opts);

/** Opens a stored upload for the owner's download; null when it is gone. */
export const openUpload = (config: { dataDir: string }, key: string) => uploadStorage(config).open(key);

export const deleteUpload = (config: { dataDir: string }, key: string) => uploadStorage(config).delete(key);
