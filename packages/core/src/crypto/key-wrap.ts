import { fromBase64Url, randomBytes, toBase64Url, utf8, type WebKey } from './encoding.ts';
import { type FormKey, type PassphraseWrap, PBKDF2_ITERATIONS, type RecoveryWrap } from './formats.ts';
import { DecryptError, exportPublicKey, generateKeyPair } from './hybrid.ts';

// A form's private key leaves the owner's browser only wrapped (AES-256-GCM) twice: under a key
// derived from the owner's passphrase with PBKDF2-SHA256, and under a random recovery key shown
// once. What is wrapped is the 32-byte private scalar; the public key is the associated data, so
// a wrap cannot be moved onto another form's key unnoticed.

const subtle = () => globalThis.crypto.subtle;
const RECOVERY_BYTES = 20;
const RECOVERY_INFO = utf8('formsmith recovery key v1');
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** PBKDF2-SHA256 of a passphrase (NFC-normalised, so every device types the same bytes). */
export async function pbkdf2Sha256(input: {
  passphrase: string;
  salt: Uint8Array<ArrayBuffer>;
  iterations: number;
  bytes: number;
}): Promise<Uint8Array<ArrayBuffer>> {
  const base = await subtle().importKey('raw', utf8(input.passphrase.normalize('NFC')), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await subtle().deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: input.salt, iterations: input.iterations },
    base,
    input.bytes * 8,
  );
  return new Uint8Array(bits);
}

async function aesKey(raw: Uint8Array<ArrayBuffer>): Promise<WebKey> {
  return subtle().importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

async function recoveryAesKey(
  recovery: Uint8Array<ArrayBuffer>,
  salt: Uint8Array<ArrayBuffer>,
): Promise<WebKey> {
  const ikm = await subtle().importKey('raw', recovery, 'HKDF', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: RECOVERY_INFO },
    ikm,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** The recovery key as people copy it: Crockford base32 in groups of four. */
export function formatRecoveryKey(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += CROCKFORD[(value << (5 - bits)) & 31];
  return out.match(/.{1,4}/g)?.join('-') ?? '';
}

/** The bytes of a typed recovery key (case, spaces and dashes ignored; O read as 0, I and L as 1); null when it cannot be one. */
export function parseRecoveryKey(text: string): Uint8Array<ArrayBuffer> | null {
  const clean = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (clean.length !== Math.ceil((RECOVERY_BYTES * 8) / 5)) return null;
  const out = new Uint8Array(RECOVERY_BYTES);
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const char of clean) {
    const digit = CROCKFORD.indexOf(char);
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out[at++] = (value >>> (bits - 8)) & 0xff;
      bits -= 8;
    }
  }
  return out;
}

async function seal(key: WebKey, scalar: Uint8Array<ArrayBuffer>, publicKey: Uint8Array<ArrayBuffer>) {
  const iv = randomBytes(12);
  const wrapped = await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: publicKey }, key, scalar);
  return { iv: toBase64Url(iv), wrapped: toBase64Url(new Uint8Array(wrapped)) };
}

async function unseal(
  key: WebKey,
  wrap: { iv: string; wrapped: string },
  publicKey: Uint8Array<ArrayBuffer>,
) {
  try {
    const iv = fromBase64Url(wrap.iv);
    return new Uint8Array(
      await subtle().decrypt(
        { name: 'AES-GCM', iv, additionalData: publicKey },
        key,
        fromBase64Url(wrap.wrapped),
      ),
    );
  } catch {
    throw new DecryptError('Wrong passphrase or recovery key');
  }
}

/** Wraps the private scalar under a passphrase (fresh salt, PBKDF2_ITERATIONS unless told). */
export async function wrapWithPassphrase(input: {
  scalar: Uint8Array<ArrayBuffer>;
  publicKey: Uint8Array<ArrayBuffer>;
  passphrase: string;
  iterations?: number;
}): Promise<PassphraseWrap> {
  const salt = randomBytes(16);
  const iterations = input.iterations ?? PBKDF2_ITERATIONS;
  const key = await aesKey(await pbkdf2Sha256({ passphrase: input.passphrase, salt, iterations, bytes: 32 }));
  return {
    kdf: 'PBKDF2-SHA256',
    iterations,
    salt: toBase64Url(salt),
    ...(await seal(key, input.scalar, input.publicKey)),
  };
}

async function wrapWithRecovery(input: {
  scalar: Uint8Array<ArrayBuffer>;
  publicKey: Uint8Array<ArrayBuffer>;
  recovery: Uint8Array<ArrayBuffer>;
}): Promise<RecoveryWrap> {
  const salt = randomBytes(16);
  const key = await recoveryAesKey(input.recovery, salt);
  return { kdf: 'HKDF-SHA256', salt: toBase64Url(salt), ...(await seal(key, input.scalar, input.publicKey)) };
}

/** What unlocks a form's key: the owner's passphrase or the recovery key. */
export type UnlockSecret = { passphrase: string } | { recoveryKey: string };

/** The private scalar of a form key; DecryptError for a wrong passphrase or recovery key. */
async function unwrapScalar(formKey: FormKey, secret: UnlockSecret): Promise<Uint8Array<ArrayBuffer>> {
  const publicKey = fromBase64Url(formKey.public_key);
  if ('passphrase' in secret) {
    const wrap = formKey.passphrase;
    const derived = await pbkdf2Sha256({
      passphrase: secret.passphrase,
      salt: fromBase64Url(wrap.salt),
      iterations: wrap.iterations,
      bytes: 32,
    });
    return unseal(await aesKey(derived), wrap, publicKey);
  }
  const recovery = parseRecoveryKey(secret.recoveryKey);
  if (!recovery) throw new DecryptError('Wrong passphrase or recovery key');
  const key = await recoveryAesKey(recovery, fromBase64Url(formKey.recovery.salt));
  return unseal(key, formKey.recovery, publicKey);
}

/** The private key (not extractable) from its scalar and public point. */
async function importPrivateKey(
  scalar: Uint8Array<ArrayBuffer>,
  publicKey: Uint8Array<ArrayBuffer>,
): Promise<WebKey> {
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: toBase64Url(publicKey.subarray(1, 33)),
    y: toBase64Url(publicKey.subarray(33, 65)),
    d: toBase64Url(scalar),
  };
  return subtle().importKey('jwk', jwk, { name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
}

/** An unlocked form key: what the owner's tab keeps in memory. */
export type UnlockedKey = { privateKey: WebKey; publicKey: Uint8Array<ArrayBuffer> };

/**
 * A new form key: the key pair made here, the private key wrapped under the passphrase and a new
 * recovery key. The recovery key is returned to be shown once; nothing keeps it.
 */
export async function createFormKey(input: { passphrase: string; iterations?: number }): Promise<{
  formKey: FormKey;
  recoveryKey: string;
  unlocked: UnlockedKey;
}> {
  const pair = await generateKeyPair();
  const publicKey = await exportPublicKey(pair.publicKey);
  const jwk = await subtle().exportKey('jwk', pair.privateKey);
  const scalar = fromBase64Url(jwk.d ?? '');
  const recovery = randomBytes(RECOVERY_BYTES);
  const formKey: FormKey = {
    v: 1,
    public_key: toBase64Url(publicKey),
    passphrase: await wrapWithPassphrase({
      scalar,
      publicKey,
      passphrase: input.passphrase,
      iterations: input.iterations,
    }),
    recovery: await wrapWithRecovery({ scalar, publicKey, recovery }),
  };
  return {
    formKey,
    recoveryKey: formatRecoveryKey(recovery),
    unlocked: { privateKey: await importPrivateKey(scalar, publicKey), publicKey },
  };
}

/** Unlocks a form key with the passphrase or the recovery key; DecryptError when it is wrong. */
export async function unlockFormKey(formKey: FormKey, secret: UnlockSecret): Promise<UnlockedKey> {
  const publicKey = fromBase64Url(formKey.public_key);
  const scalar = await unwrapScalar(formKey, secret);
  return { privateKey: await importPrivateKey(scalar, publicKey), publicKey };
}

/**
 * The same key under a new passphrase: unwrapped with the current passphrase or the recovery key
 * and wrapped again. The key pair and the recovery wrap stay, so nothing needs re-encrypting.
 */
export async function changePassphrase(input: {
  formKey: FormKey;
  secret: UnlockSecret;
  newPassphrase: string;
}): Promise<FormKey> {
  const scalar = await unwrapScalar(input.formKey, input.secret);
  const publicKey = fromBase64Url(input.formKey.public_key);
  const passphrase = await wrapWithPassphrase({ scalar, publicKey, passphrase: input.newPassphrase });
  return { ...input.formKey, passphrase };
}
