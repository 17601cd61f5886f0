import {
  concatBytes,
  fromBase64Url,
  randomBytes,
  toBase64Url,
  utf8,
  type WebKey,
  type WebKeyPair,
} from './encoding.ts';
import { ENVELOPE_ALG, type Envelope } from './formats.ts';

// Hybrid encryption to a form's public key: a fresh (ephemeral) P-256 key pair per message, ECDH
// with the form's key, HKDF-SHA256 over the shared secret into an AES-256-GCM key. Whoever holds
// the form's private key (the owner's browser, unlocked) can open it; the server cannot.

const subtle = () => globalThis.crypto.subtle;
const P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;
const HKDF_INFO = utf8(`formsmith ${ENVELOPE_ALG} v1`);
/** Version byte of the binary form of an envelope (files): its first byte. */
export const SEALED_FILE_VERSION = 1;
const BINARY_VERSION = SEALED_FILE_VERSION;
const POINT_BYTES = 65;
const IV_BYTES = 12;

/** Raised when a message cannot be opened: wrong key, tampered bytes or wrong associated data. */
export class DecryptError extends Error {
  constructor(message = 'This could not be decrypted: wrong key, or the data was changed') {
    super(message);
    this.name = 'DecryptError';
  }
}

/** The associated data binding answers to their form and submission. */
export function submissionAd(input: { formId: number; submissionId: string }): Uint8Array<ArrayBuffer> {
  return utf8(`formsmith/e2e/v1/form/${input.formId}/submission/${input.submissionId}`);
}

/** The associated data binding an uploaded file to its form, submission and file id. */
export function fileAd(input: {
  formId: number;
  submissionId: string;
  fileId: string;
}): Uint8Array<ArrayBuffer> {
  return utf8(`formsmith/e2e/v1/form/${input.formId}/submission/${input.submissionId}/file/${input.fileId}`);
}

/** A P-256 public key from its uncompressed point (65 bytes). */
export function importPublicKey(raw: Uint8Array<ArrayBuffer>): Promise<WebKey> {
  return subtle().importKey('raw', raw, P256, true, []);
}

/** A new P-256 key pair for ECDH; the private key is extractable only so that it can be wrapped. */
export function generateKeyPair(): Promise<WebKeyPair> {
  return subtle().generateKey(P256, true, ['deriveBits']) as Promise<WebKeyPair>;
}

/** The uncompressed point of a public key. */
export async function exportPublicKey(key: WebKey): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await subtle().exportKey('raw', key));
}

/** The AES-256-GCM key both sides derive: HKDF-SHA256 over the ECDH secret, salted with both public keys. */
async function messageKey(input: {
  privateKey: WebKey;
  peerPublic: WebKey;
  epk: Uint8Array;
  recipient: Uint8Array;
  usage: 'encrypt' | 'decrypt';
}): Promise<WebKey> {
  const shared = await subtle().deriveBits({ name: 'ECDH', public: input.peerPublic }, input.privateKey, 256);
  const ikm = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: concatBytes(input.epk, input.recipient), info: HKDF_INFO },
    ikm,
    { name: 'AES-GCM', length: 256 },
    false,
    [input.usage],
  );
}

export type SealedBytes = {
  epk: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
  ct: Uint8Array<ArrayBuffer>;
};

/**
 * Encrypts bytes to a public key (its uncompressed point) with associated data. `ephemeral` and
 * `iv` exist for known-answer tests only: a real message always takes fresh ones.
 */
export async function sealBytes(input: {
  publicKey: Uint8Array<ArrayBuffer>;
  plaintext: Uint8Array<ArrayBuffer>;
  ad: Uint8Array<ArrayBuffer>;
  ephemeral?: WebKeyPair;
  iv?: Uint8Array<ArrayBuffer>;
}): Promise<SealedBytes> {
  const ephemeral = input.ephemeral ?? (await generateKeyPair());
  const epk = await exportPublicKey(ephemeral.publicKey);
  const key = await messageKey({
    privateKey: ephemeral.privateKey,
    peerPublic: await importPublicKey(input.publicKey),
    epk,
    recipient: input.publicKey,
    usage: 'encrypt',
  });
  const iv = input.iv ?? randomBytes(IV_BYTES);
  const ct = await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: input.ad }, key, input.plaintext);
  return { epk, iv, ct: new Uint8Array(ct) };
}

/** Decrypts what sealBytes made, with the recipient's private key; DecryptError when it cannot. */
export async function openBytes(input: {
  privateKey: WebKey;
  publicKey: Uint8Array<ArrayBuffer>;
  sealed: SealedBytes;
  ad: Uint8Array<ArrayBuffer>;
}): Promise<Uint8Array<ArrayBuffer>> {
  const { epk, iv, ct } = input.sealed;
  try {
    const key = await messageKey({
      privateKey: input.privateKey,
      peerPublic: await importPublicKey(epk),
      epk,
      recipient: input.publicKey,
      usage: 'decrypt',
    });
    return new Uint8Array(await subtle().decrypt({ name: 'AES-GCM', iv, additionalData: input.ad }, key, ct));
  } catch {
    throw new DecryptError();
  }
}

/** Sealed bytes as the JSON envelope submissions carry. */
export function toEnvelope(sealed: SealedBytes): Envelope {
  return {
    v: 1,
    alg: ENVELOPE_ALG,
    epk: toBase64Url(sealed.epk),
    iv: toBase64Url(sealed.iv),
    ct: toBase64Url(sealed.ct),
  };
}

/** The sealed bytes of a JSON envelope. */
export function fromEnvelope(envelope: Envelope): SealedBytes {
  return { epk: fromBase64Url(envelope.epk), iv: fromBase64Url(envelope.iv), ct: fromBase64Url(envelope.ct) };
}

/** Sealed bytes in one binary blob (for files: no base64 growth): version, epk, iv, ciphertext. */
export function toBinary(sealed: SealedBytes): Uint8Array<ArrayBuffer> {
  return concatBytes(new Uint8Array([BINARY_VERSION]), sealed.epk, sealed.iv, sealed.ct);
}

/** The sealed bytes of a binary blob; DecryptError when it is not one. */
export function fromBinary(blob: Uint8Array<ArrayBuffer>): SealedBytes {
  if (blob.length < 1 + POINT_BYTES + IV_BYTES + 16 || blob[0] !== BINARY_VERSION) {
    throw new DecryptError('This is not an encrypted file Formsmith made');
  }
  return {
    epk: blob.slice(1, 1 + POINT_BYTES),
    iv: blob.slice(1 + POINT_BYTES, 1 + POINT_BYTES + IV_BYTES),
    ct: blob.slice(1 + POINT_BYTES + IV_BYTES),
  };
}

/** The least size of a sealed file's blob beyond its plaintext. */
export const BINARY_OVERHEAD = 1 + POINT_BYTES + IV_BYTES + 16;

/** Encrypts a submission's answers (any JSON value) into an envelope bound to form and submission. */
export async function sealAnswers(input: {
  publicKey: Uint8Array<ArrayBuffer>;
  formId: number;
  submissionId: string;
  answers: unknown;
}): Promise<Envelope> {
  const sealed = await sealBytes({
    publicKey: input.publicKey,
    plaintext: utf8(JSON.stringify(input.answers)),
    ad: submissionAd(input),
  });
  return toEnvelope(sealed);
}

/** The answers of an envelope; DecryptError when the key, form or submission does not match. */
export async function openAnswers(input: {
  privateKey: WebKey;
  publicKey: Uint8Array<ArrayBuffer>;
  formId: number;
  submissionId: string;
  envelope: Envelope;
}): Promise<unknown> {
  const bytes = await openBytes({
    privateKey: input.privateKey,
    publicKey: input.publicKey,
    sealed: fromEnvelope(input.envelope),
    ad: submissionAd(input),
  });
  return JSON.parse(new TextDecoder().decode(bytes));
}
