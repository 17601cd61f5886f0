import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { type DataKey, KEY_ID_BYTES, type Keyring } from './keyring.ts';
import { SealError } from './seal.ts';

/**
 * Sealed files, written and read as streams in segments so that neither side holds a whole file
 * and a reader never passes on bytes it has not authenticated (the STREAM construction: each
 * segment is AES-256-GCM with its own tag, its nonce carries the segment's number and whether it
 * is the last, so segments cannot be reordered, dropped or the file cut short unnoticed).
 *
 *   'FSF1' | key id (8) | nonce prefix (7) | segment* where segment = ciphertext (≤ 64 KiB) | tag (16)
 *
 * Every segment but the last holds exactly SEGMENT_BYTES of plaintext; the last holds the rest
 * (possibly nothing). The context (the upload's storage key) is bound as associated data.
 */

const MAGIC = Buffer.from('FSF1', 'ascii');
const PREFIX_BYTES = 7;
const TAG_BYTES = 16;
export const FILE_HEADER_BYTES = MAGIC.length + KEY_ID_BYTES + PREFIX_BYTES;
export const SEGMENT_BYTES = 64 * 1024;

function nonce(prefix: Buffer, index: number, last: boolean): Buffer {
  const n = Buffer.alloc(12);
  prefix.copy(n, 0);
  n.writeUInt32BE(index, PREFIX_BYTES);
  n[11] = last ? 1 : 0;
  return n;
}

/** How many bytes a file of `plainBytes` takes once sealed. */
export function sealedFileSize(plainBytes: number): number {
  const segments = Math.max(1, Math.ceil(plainBytes / SEGMENT_BYTES));
  return FILE_HEADER_BYTES + plainBytes + segments * TAG_BYTES;
}

/** The key id named by a sealed file's first bytes, or null when they are not a sealed file's. */
export function sealedFileKeyId(head: Uint8Array): string | null {
  if (head.length < FILE_HEADER_BYTES || !Buffer.from(head.subarray(0, MAGIC.length)).equals(MAGIC))
    return null;
  return Buffer.from(head.subarray(MAGIC.length, MAGIC.length + KEY_ID_BYTES)).toString('hex');
}

function sealSegment(
  key: DataKey,
  prefix: Buffer,
  index: number,
  last: boolean,
  plain: Buffer,
  context: Buffer,
) {
  const cipher = createCipheriv('aes-256-gcm', key.key, nonce(prefix, index, last));
  cipher.setAAD(context);
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

/** A Transform that seals what passes through it under the keyring's current key. */
export function sealFileStream(keyring: Keyring, context: string): Transform {
  const key = keyring.current;
  const prefix = randomBytes(PREFIX_BYTES);
  const aad = Buffer.from(context, 'utf8');
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;
  let started = false;
  const take = (): Buffer => {
    const all = Buffer.concat(pending);
    const segment = all.subarray(0, SEGMENT_BYTES);
    pending = [all.subarray(SEGMENT_BYTES)];
    pendingBytes = all.length - SEGMENT_BYTES;
    return segment;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (!started) {
        this.push(Buffer.concat([MAGIC, Buffer.from(key.id, 'hex'), prefix]));
        started = true;
      }
      pending.push(chunk);
      pendingBytes += chunk.length;
      // A full segment is sealed as 'not last' only once more bytes follow it.
      while (pendingBytes > SEGMENT_BYTES) this.push(sealSegment(key, prefix, index++, false, take(), aad));
      done();
    },
    flush(done: TransformCallback) {
      if (!started) this.push(Buffer.concat([MAGIC, Buffer.from(key.id, 'hex'), prefix]));
      this.push(sealSegment(key, prefix, index, true, Buffer.concat(pending), aad));
      done();
    },
  });
}

/**
 * A Transform that opens a sealed file; it fails (SealError) on altered, cut or foreign bytes,
 * and on a file sealed under a key the keyring does not hold.
 */
export function openFileStream(keyring: Keyring, context: string): Transform {
  const aad = Buffer.from(context, 'utf8');
  let buffered: Buffer = Buffer.alloc(0);
  let key: DataKey | undefined;
  let prefix: Buffer | undefined;
  let index = 0;
  const openSegment = (bytes: Buffer, last: boolean): Buffer => {
    if (!key || !prefix || bytes.length < TAG_BYTES) throw new SealError('sealed file cut short', 'corrupt');
    const decipher = createDecipheriv('aes-256-gcm', key.key, nonce(prefix, index++, last));
    decipher.setAAD(aad);
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new SealError('sealed file was altered or belongs elsewhere', 'corrupt');
    }
  };
  const readHeader = () => {
    if (key || buffered.length < FILE_HEADER_BYTES) return;
    const id = sealedFileKeyId(buffered);
    if (id === null) throw new SealError('not a sealed file', 'corrupt');
    key = keyring.byId(id);
    if (!key)
      throw new SealError(`file sealed under key ${id}, which this server does not hold`, 'unknown-key');
    prefix = Buffer.from(buffered.subarray(MAGIC.length + KEY_ID_BYTES, FILE_HEADER_BYTES));
    buffered = buffered.subarray(FILE_HEADER_BYTES);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      try {
        buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
        readHeader();
        const full = SEGMENT_BYTES + TAG_BYTES;
        while (key && buffered.length > full) {
          this.push(openSegment(buffered.subarray(0, full), false));
          buffered = buffered.subarray(full);
        }
        done();
      } catch (err) {
        done(err as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        readHeader();
        if (!key) throw new SealError('not a sealed file', 'corrupt');
        this.push(openSegment(buffered, true));
        done();
      } catch (err) {
        done(err as Error);
      }
    },
  });
}
