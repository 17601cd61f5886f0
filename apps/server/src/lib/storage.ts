import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Config } from '../config.ts';
import type { UploadStorage } from './storage/common.ts';
import { createLocalStorage } from './storage/local.ts';
import { createS3Storage } from './storage/s3.ts';

export { FileTooLargeError, StorageUnavailableError, type UploadStorage } from './storage/common.ts';

type StorageConfig = { dataDir: string; s3?: S3Config | undefined };

const buckets = new WeakMap<S3Config, UploadStorage>();
const folders = new Map<string, UploadStorage>();

/** The storage of this server's configuration: the S3 bucket when set, else DATA_DIR/uploads. */
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

export const saveUpload = (config: StorageConfig, input: Readable, opts: { maxBytes: number }) =>
  uploadStorage(config).save(input, opts);

/** Opens a stored upload for the owner's download; null when it is gone. */
export const openUpload = (config: StorageConfig, key: string) => uploadStorage(config).open(key);

export const deleteUpload = (config: StorageConfig, key: string) => uploadStorage(config).delete(key);
