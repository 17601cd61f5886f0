import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
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

/** The key whose header sealed bytes start with (compared in place: this runs once per row read). */
function keyOf(keyring: Keyring, bytes: Buffer): DataKey | undefined {
  return keyring.keys.find((key) => headerOf(key).compare(bytes, 0, 1 + KEY_ID_BYTES) === 0);
}

export function open(keyring: Keyring, sealed: Uint8Array, context: string): Buffer {
  const bytes = Buffer.isBuffer(sealed)
    ? sealed
    : Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  if (!looksSealed(bytes)) throw new SealError('not sealed data', 'corrupt');
  const key = keyOf(keyring, bytes);
  if (!key) {
    throw new SealError(
      `sealed under key ${sealedKeyId(bytes)}, which this server does not hold`,
      'unknown-key',
    );
  }
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
