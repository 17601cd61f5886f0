import {
  type Cipher,
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
} from 'node:crypto';
import { type GhashKey, ghashKey, ghashLengths, ghashUpdate, word } from './ghash.ts';
import { type DataKey, KEY_ID_BYTES, type Keyring } from './keyring.ts';

/**
 * Sealed bytes: AES-256-GCM under a data key, with the context (what the bytes are and whose:
 * 'submission.data:<id>') bound as associated data, so sealed bytes moved to another row or
 * column do not open there.
 *
 *   version (1) | key id (8) | nonce (12) | ciphertext | tag (16)
 *
 * Nonces are random (2^32 messages per key stay far inside GCM's bounds) except in
 * sealDeterministic, where the nonce is an HMAC of the context and the plaintext under a key of
 * its own: equal plaintexts seal to equal bytes, so a sealed value can still be grouped and
 * counted by the database, and nothing else is revealed but that equality.
 */

const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + KEY_ID_BYTES + NONCE_BYTES;
/** Prefix of sealed text (base64url of sealed bytes), so sealed and clear strings cannot be mistaken. */
export const SEALED_TEXT_PREFIX = 'fs1.';

export class SealError extends Error {
  constructor(
    message: string,
    /** 'unknown-key': sealed under a key this server does not hold; 'corrupt': altered or not sealed. */
    readonly reason: 'unknown-key' | 'corrupt',
  ) {
    super(message);
  }
}

// Sealed bytes start with the same 9 bytes for every seal under a key (version, key id): made
// once per key, and what open() compares to find the key a value names.
const headers = new WeakMap<DataKey, Buffer>();

function headerOf(key: DataKey): Buffer {
  let header = headers.get(key);
  if (!header) {
    header = Buffer.concat([Buffer.from([VERSION]), Buffer.from(key.id, 'hex')]);
    headers.set(key, header);
  }
  return header;
}

function encrypt(key: DataKey, nonce: Uint8Array, plaintext: Uint8Array, context: string): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key.key, nonce);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = cipher.update(plaintext);
  const last = cipher.final();
  return Buffer.concat([headerOf(key), nonce, body, last, cipher.getAuthTag()]);
}

// Random nonces come from a pool filled a few hundred at a time: one call into the CSPRNG per
// pool instead of one per seal. Each nonce is taken once, so none repeats.
const NONCE_POOL_BYTES = NONCE_BYTES * 256;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;

function randomNonce(): Buffer {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_POOL_BYTES);
    nonceOffset = 0;
  }
  const nonce = noncePool.subarray(nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

export function seal(keyring: Keyring, plaintext: Uint8Array | string, context: string): Buffer {
  const bytes = typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext;
  return encrypt(keyring.current, randomNonce(), bytes, context);
}

const ivKeys = new WeakMap<Buffer, Buffer>();

function ivKey(key: DataKey): Buffer {
  let derived = ivKeys.get(key.key);
  if (!derived) {
    derived = Buffer.from(hkdfSync('sha256', key.key, Buffer.alloc(0), 'formsmith deterministic nonce', 32));
    ivKeys.set(key.key, derived);
  }
  return derived;
}

/** Equal (plaintext, context) pairs seal to equal bytes under one key; see the note above. */
export function sealDeterministic(keyring: Keyring, plaintext: string, context: string): Buffer {
  const key = keyring.current;
  const nonce = createHmac('sha256', ivKey(key))
    .update(context)
    .update('\0')
    .update(plaintext)
    .digest()
    .subarray(0, NONCE_BYTES);
  return encrypt(key, nonce, Buffer.from(plaintext, 'utf8'), context);
}

/** The id of the key sealed bytes were sealed under, or null when they are not sealed bytes. */
export function sealedKeyId(sealed: Uint8Array): string | null {
  if (!looksSealed(sealed)) return null;
  return Buffer.from(sealed.subarray(1, 1 + KEY_ID_BYTES)).toString('hex');
}

const looksSealed = (bytes: Uint8Array) => bytes.length >= HEADER_BYTES + TAG_BYTES && bytes[0] === VERSION;

const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The key sealed bytes name, found by their header (compared in place: this runs once per row
 * read); a SealError when they are not sealed bytes or the keyring lacks the key.
 */
function keyFor(keyring: Keyring, bytes: Buffer): DataKey {
  if (!looksSealed(bytes)) throw new SealError('not sealed data', 'corrupt');
  const key = keyring.keys.find((k) => headerOf(k).compare(bytes, 0, 1 + KEY_ID_BYTES) === 0);
  if (!key) {
    throw new SealError(
      `sealed under key ${sealedKeyId(bytes)}, which this server does not hold`,
      'unknown-key',
    );
  }
  return key;
}

export function open(keyring: Keyring, sealed: Uint8Array, context: string): Buffer {
  const bytes = asBuffer(sealed);
  const key = keyFor(keyring, bytes);
  const decipher = createDecipheriv('aes-256-gcm', key.key, bytes.subarray(1 + KEY_ID_BYTES, HEADER_BYTES), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  // GCM gives the whole plaintext from update(); final() only checks the tag, and nothing is
  // returned unless it holds.
  const plaintext = decipher.update(bytes.subarray(HEADER_BYTES, bytes.length - TAG_BYTES));
  try {
    decipher.final();
  } catch {
    throw new SealError('sealed data was altered or belongs elsewhere', 'corrupt');
  }
  return plaintext;
}

/**
 * A key's AES-256 in ECB mode, which encrypts any number of whole blocks in one call, and its GCM
 * hash key's tables: what openMany() needs of a key, made once per key.
 */
type BlockKey = { blocks: Cipher; hash: GhashKey };
const blockKeys = new WeakMap<DataKey, BlockKey>();

function blockKeyOf(key: DataKey): BlockKey {
  let made = blockKeys.get(key);
  if (!made) {
    const blocks = createCipheriv('aes-256-ecb', key.key, null).setAutoPadding(false);
    made = { blocks, hash: ghashKey(blocks.update(Buffer.alloc(16))) };
    blockKeys.set(key, made);
  }
  return made;
}

const PLACE_OF_COUNTER = 12;

/**
 * Opens many sealed values at once: what open() gives for each (`contexts[i]` is the context of
 * `sealed[i]`), or the SealError open() throws for the first that does not open, and then none.
 *
 * Opening a value with Node's AES-GCM costs a decipher object, most of the 7 µs a short value
 * takes; an export opens millions. Here the GCM decryption is done in its parts: the counter
 * blocks of every value (the nonce, then 1 for the tag's mask and 2, 3… for the text) are
 * encrypted together in one call to the key's AES, the text is that key stream added to the
 * ciphertext, and the tag is checked with GHASH (ghash.ts) before any text is given back. The
 * result is the same bytes and the same refusals as open(), about twice as fast.
 */
export function openMany(
  keyring: Keyring,
  sealed: readonly Uint8Array[],
  contexts: readonly string[],
): Buffer[] {
  const count = sealed.length;
  // Values under other keys (a batch read during a key rotation) are worked out apart.
  const works = new Map<DataKey, KeyWork>();
  const workOf: KeyWork[] = new Array(count);
  // Where each value's counter blocks start in its key's work.
  const firstBlock = new Int32Array(count);
  let textBytes = 0;
  for (let i = 0; i < count; i++) {
    const bytes = asBuffer(sealed[i]!);
    const key = keyFor(keyring, bytes);
    let work = works.get(key);
    if (!work) {
      work = { ...blockKeyOf(key), count: 0, stream: EMPTY };
      works.set(key, work);
    }
    workOf[i] = work;
    const length = bytes.length - HEADER_BYTES - TAG_BYTES;
    firstBlock[i] = work.count;
    work.count += 1 + Math.ceil(length / 16);
    textBytes += length;
  }
  // Each key's counter blocks, encrypted in one call into its key stream.
  const counters = new Map<KeyWork, Buffer>();
  for (const work of works.values()) counters.set(work, Buffer.allocUnsafe(work.count * 16));
  for (let i = 0; i < count; i++) {
    const bytes = sealed[i]!;
    const into = counters.get(workOf[i]!)!;
    const blocks = 1 + Math.ceil((bytes.length - HEADER_BYTES - TAG_BYTES) / 16);
    for (let block = 0, at = firstBlock[i]! * 16; block < blocks; block++, at += 16) {
      for (let j = 0; j < NONCE_BYTES; j++) into[at + j] = bytes[1 + KEY_ID_BYTES + j]!;
      into.writeUInt32BE(block + 1, at + PLACE_OF_COUNTER);
    }
  }
  for (const [work, blocks] of counters) work.stream = work.blocks.update(blocks);

  const texts = Buffer.allocUnsafe(textBytes);
  const opened: Buffer[] = new Array(count);
  const state = new Int32Array(4);
  let aad = Buffer.allocUnsafe(256);
  let textAt = 0;
  for (let i = 0; i < count; i++) {
    const bytes = sealed[i]!;
    const { hash, stream } = workOf[i]!;
    const streamAt = firstBlock[i]! * 16;
    const end = bytes.length - TAG_BYTES;
    const context = contexts[i]!;
    // UTF-8 takes at most 3 bytes per UTF-16 unit: room enough that write() never cuts.
    if (context.length * 3 > aad.length) aad = Buffer.allocUnsafe(context.length * 3);
    const aadBytes = aad.write(context, 'utf8');
    state.fill(0);
    ghashUpdate(hash, state, aad, 0, aadBytes);
    ghashUpdate(hash, state, bytes, HEADER_BYTES, end);
    ghashLengths(hash, state, aadBytes, end - HEADER_BYTES);
    // The tag is the hash plus the key stream's first block; compared without stopping early.
    let differs = 0;
    for (let w = 0; w < 4; w++) {
      const at = w * 4;
      differs |= state[w]! ^ word(stream, streamAt + at) ^ word(bytes, end + at);
    }
    if (differs !== 0) throw new SealError('sealed data was altered or belongs elsewhere', 'corrupt');
    const text = texts.subarray(textAt, textAt + end - HEADER_BYTES);
    for (let j = 0, from = streamAt + 16; j < text.length; j++)
      text[j] = bytes[HEADER_BYTES + j]! ^ stream[from + j]!;
    opened[i] = text;
    textAt += text.length;
  }
  return opened;
}

/** One key's part of an openMany() batch: its counter blocks' count, then their key stream. */
type KeyWork = BlockKey & { count: number; stream: Buffer };
const EMPTY = Buffer.alloc(0);

export const openText = (keyring: Keyring, sealed: Uint8Array, context: string): string =>
  open(keyring, sealed, context).toString('utf8');

/** Sealed bytes as text for a text column: the prefix, then base64url. */
export function toSealedText(sealed: Buffer): string {
  return SEALED_TEXT_PREFIX + sealed.toString('base64url');
}

/** The sealed bytes of a sealed text, or null when the text is clear. */
export function fromSealedText(text: string): Buffer | null {
  return text.startsWith(SEALED_TEXT_PREFIX)
    ? Buffer.from(text.slice(SEALED_TEXT_PREFIX.length), 'base64url')
    : null;
}

/** Seals a JSON value (answers, a mail, a webhook body) for a bytea column. */
export const sealJson = (keyring: Keyring, value: unknown, context: string): Buffer =>
  seal(keyring, JSON.stringify(value), context);

export const openJson = <T = unknown>(keyring: Keyring, sealed: Uint8Array, context: string): T =>
  JSON.parse(openText(keyring, sealed, context)) as T;
