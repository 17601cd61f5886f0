import { pipeline, Readable } from 'node:stream';
import { AppError } from '../app-error.ts';
import {
  FILE_HEADER_BYTES,
  type Keyring,
  openFileStream,
  SealError,
  sealedFileKeyId,
} from '../encryption/index.ts';

const ignore = () => {};

/**
 * Reads a stream's first bytes (at least `bytes`, unless it ends sooner) without losing them:
 * `stream` yields everything again from the first byte. Errors met on the way are thrown here.
 */
export async function peek(input: Readable, bytes: number): Promise<{ head: Buffer; stream: Readable }> {
  const chunks = input[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let read = 0;
  let ended = false;
  while (read < bytes) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value as Buffer);
    read += (next.value as Buffer).length;
  }
  async function* replay() {
    yield* head;
    if (!ended) yield* { [Symbol.asyncIterator]: () => chunks };
  }
  const stream = Readable.from(replay(), { objectMode: false });
  // Closing the replay before it started reading must still let go of the input (a file handle).
  stream.once('close', () => input.destroy());
  return { head: Buffer.concat(head), stream };
}

/** The stored file cannot be opened: sealed under a key this server lacks, or altered. */
export class UnreadableFileError extends AppError {
  constructor(readonly reason: SealError['reason']) {
    super(
      'FILE_UNREADABLE',
      reason === 'unknown-key' ? 503 : 409,
      reason === 'unknown-key'
        ? 'This file was encrypted under a key this server does not have. Ask the administrator to put the previous encryption key back.'
        : 'This file was altered or damaged in storage and cannot be opened. Restore it from a backup.',
    );
  }
}

/**
 * The plaintext of a stored file whose first bytes were peeked: a sealed file is opened with its
 * storage key as context (failing as a stream with SealError), a file stored in clear (before
 * files were sealed; the key rotation seals it) passes through as it is.
 */
export function plaintextOf(
  keyring: Keyring,
  key: string,
  stored: { head: Buffer; stream: Readable },
): Readable {
  if (sealedFileKeyId(stored.head) === null) return stored.stream;
  return pipeline(stored.stream, openFileStream(keyring, key), ignore);
}

/**
 * The plaintext of a stored file, for reading. A sealed file's first segment is checked before
 * this returns, so a missing key, an altered start or a file moved from another key fails here
 * (UnreadableFileError) rather than midway through a download; a later altered segment ends the
 * stream with an error.
 */
export async function openStoredFile(keyring: Keyring, key: string, raw: Readable): Promise<Readable> {
  const plain = plaintextOf(keyring, key, await peek(raw, FILE_HEADER_BYTES));
  try {
    return (await peek(plain, 1)).stream;
  } catch (err) {
    if (err instanceof SealError) throw new UnreadableFileError(err.reason);
    throw err;
  }
}
