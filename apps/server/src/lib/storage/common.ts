import { randomBytes } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { AppError } from '../app-error.ts';

/**
 * Where respondents' files live: under DATA_DIR/uploads, or in an S3-compatible bucket when
 * S3_BUCKET is set (docs/decisions/0006-aws4fetch-for-s3.md). Keys are random and never listed; only the owner's download
 * opens them.
 */
export type UploadStorage = {
  /**
   * Stores the bytes under the key in one step: a reader meets the old file or the whole new one,
   * never a part, and a stream that fails midway leaves the key as it was. A new upload, a file
   * put back by a restore, and a file sealed again by a key rotation all arrive here.
   */
  write: (key: string, input: Readable | Buffer) => Promise<void>;
  /** A stream of the stored bytes, or null when the key is unknown. */
  open: (key: string) => Promise<Readable | null>;
  /** Removes the file; a key that is already gone is fine. */
  delete: (key: string) => Promise<void>;
  /** Run at start: throws a ConfigError when the storage cannot be used. */
  check?: () => Promise<void>;
};

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
  }
}

/** The storage service failed or could not be reached: the caller may try again later. */
export class StorageUnavailableError extends AppError {
  constructor(detail: string) {
    super('UNAVAILABLE', 503, 'File storage is not available right now. Please try again later.');
    this.cause = detail;
  }
}

const KEY_PATTERN = /^[a-f0-9]{2}\/[a-f0-9]{40}$/;

/** A new random key, spread over 256 prefixes by its first byte. */
export function newStorageKey(): string {
  const id = randomBytes(20).toString('hex');
  return `${id.slice(0, 2)}/${id}`;
}

/** Keys come from our database, but never let one name anything else. */
export function checkStorageKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error('Invalid storage key');
  return key;
}

/** Passes bytes through, counting them; fails with FileTooLargeError past maxBytes. */
export function byteLimit(maxBytes: number): Transform & { readonly size: number } {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) done(new FileTooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
  return Object.defineProperty(counter, 'size', { get: () => size }) as Transform & { readonly size: number };
}
