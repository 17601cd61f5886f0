import path from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import type { S3Config } from '../../config.ts';
import {
  FILE_HEADER_BYTES,
  type Keyring,
  SealError,
  sealedFileKeyId,
  sealFileStream,
} from '../encryption/index.ts';
import { byteLimit, newStorageKey, type UploadStorage } from './common.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import { openStoredFile, peek, plaintextOf, UnreadableFileError } from './sealed.ts';

export { FileTooLargeError, StorageUnavailableError, type UploadStorage } from './common.ts';
export { UnreadableFileError } from './sealed.ts';

type StorageConfig = { dataDir: string; s3?: S3Config | undefined };

/**
 * Where files go and the keys they are sealed under: the server passes itself (its config and the
 * live app.keyring, which the key-watch plugin updates after a rotation), so new files are sealed
 * under the same key as new rows from the same moment.
 */
export type FileSealing = { config: StorageConfig; keyring: Keyring };

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
  { config, keyring }: FileSealing,
  input: Readable,
  opts: { maxBytes: number },
): Promise<{ key: string; size: number }> {
  const key = newStorageKey();
  const counter = byteLimit(opts.maxBytes);
  const sealed = pipeline(input, counter, sealFileStream(keyring, key), ignore);
  await uploadStorage(config).write(key, sealed);
  return { key, size: counter.size };
}

/**
 * Opens a stored upload as plaintext, for the owner's download; null when it is gone. Throws
 * UnreadableFileError when its key is missing or its start was altered.
 */
export async function openUpload({ config, keyring }: FileSealing, key: string): Promise<Readable | null> {
  const stored = await uploadStorage(config).open(key);
  return stored && openStoredFile(keyring, key, stored);
}

/** What resealUpload found: the file gone, already under the current key, sealed from clear, or moved from an older key. */
export type ResealOutcome = 'missing' | 'current' | 'sealed' | 'resealed';

/**
 * Seals a stored file again under the keyring's current key, in place: read, opened (or taken as
 * it is when stored in clear), sealed and written back under the same storage key in one step
 * (storage.write), so a crash midway leaves the file as it was. Throws UnreadableFileError when
 * the file cannot be opened (its key is missing, or it was altered); the file is then left alone.
 */
export async function resealUpload(
  config: StorageConfig,
  keyring: Keyring,
  key: string,
): Promise<ResealOutcome> {
  const storage = uploadStorage(config);
  const stored = await storage.open(key);
  if (!stored) return 'missing';
  const peeked = await peek(stored, FILE_HEADER_BYTES);
  const keyId = sealedFileKeyId(peeked.head);
  if (keyId === keyring.current.id) {
    peeked.stream.destroy();
    return 'current';
  }
  const plain = plaintextOf(keyring, key, peeked);
  try {
    await storage.write(key, pipeline(plain, sealFileStream(keyring, key), ignore));
  } catch (err) {
    if (err instanceof SealError) throw new UnreadableFileError(err.reason);
    throw err;
  }
  return keyId === null ? 'sealed' : 'resealed';
}

export const deleteUpload = (config: StorageConfig, key: string) => uploadStorage(config).delete(key);
