import path from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import type { S3Config } from '../config.ts';
import { keyringFor, sealFileStream } from './encryption.ts';
import { byteLimit, newStorageKey, type UploadStorage } from './storage/common.ts';
import { createLocalStorage } from './storage/local.ts';
import { createS3Storage } from './storage/s3.ts';
import { openStoredFile } from './storage/sealed.ts';

export { FileTooLargeError, StorageUnavailableError, type UploadStorage } from './storage/common.ts';
export { UnreadableFileError } from './storage/sealed.ts';

type StorageConfig = { dataDir: string; s3?: S3Config | undefined; encryptionKey?: string | undefined };

const buckets = new WeakMap<S3Config, UploadStorage>();
const folders = new Map<string, UploadStorage>();

/**
 * The storage of this server's configuration: the S3 bucket when set, else DATA_DIR/uploads.
 * It holds the bytes as stored (sealed); saveUpload and openUpload seal and open them.
 */
export function uploadStorage(config: StorageConfig): UploadStorage {
  const { s3, dataDir } = config;
  if (s3) {
    let bucket = buckets.get(s3);
    if (!bucket) {
      bucket = createS3Storage(s3);
      buckets.set(s3, bucket);
    }
    return bucket;
  }
  let storage = folders.get(dataDir);
  if (!storage) {
    storage = createLocalStorage(path.join(dataDir, 'uploads'));
    folders.set(dataDir, storage);
  }
  return storage;
}

const ignore = () => {};

/**
 * Stores a respondent's file under a new random key, sealed under the current data key with the
 * storage key bound as context (a file moved under another key does not open). The limit and the
 * size returned are of the bytes the respondent sent; rejects with FileTooLargeError past maxBytes.
 */
export async function saveUpload(
  config: StorageConfig,
  input: Readable,
  opts: { maxBytes: number },
): Promise<{ key: string; size: number }> {
  const key = newStorageKey();
  const counter = byteLimit(opts.maxBytes);
  const sealed = pipeline(input, counter, sealFileStream(keyringFor(config), key), ignore);
  await uploadStorage(config).write(key, sealed);
  return { key, size: counter.size };
}

/**
 * Opens a stored upload as plaintext, for the owner's download; null when it is gone. Throws
 * UnreadableFileError when its key is missing or its start was altered.
 */
export async function openUpload(config: StorageConfig, key: string): Promise<Readable | null> {
  const stored = await uploadStorage(config).open(key);
  return stored && openStoredFile(keyringFor(config), key, stored);
}

export const deleteUpload = (config: StorageConfig, key: string) => uploadStorage(config).delete(key);
