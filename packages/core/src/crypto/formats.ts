// zod/mini: the public form page parses the form's public key, and full Zod would triple its script.
import * as z from 'zod/mini';

// The formats of end-to-end encryption ('Enhanced' forms): the sealed envelope and the form key with
// its wraps, as sent and stored. Every binary value is base64url. The owner's settings calls are in
// api.ts.

const b64u = (min: number, max: number) =>
  z.string().check(z.minLength(min), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]*$/, 'must be base64url'));

/** The scheme of envelope version 1: ephemeral ECDH on P-256, HKDF-SHA256, AES-256-GCM. */
export const ENVELOPE_ALG = 'P256-HKDF-SHA256-A256GCM';

/** The least PBKDF2-SHA256 iteration count a passphrase-wrapped key may use. */
export const MIN_PBKDF2_ITERATIONS = 600_000;

/** How many PBKDF2-SHA256 iterations new keys use. */
export const PBKDF2_ITERATIONS = 600_000;

/** Answers (or a file) sealed to a form's public key. */
export const envelopeSchema = z.object({
  v: z.literal(1),
  alg: z.literal(ENVELOPE_ALG),
  /** The ephemeral public key, uncompressed P-256 point (65 bytes). */
  epk: b64u(87, 87),
  /** The AES-GCM nonce (12 bytes). */
  iv: b64u(16, 16),
  /** Ciphertext with its 16-byte GCM tag at the end. */
  ct: b64u(22, 2_000_000),
});
export type Envelope = z.infer<typeof envelopeSchema>;

/** The salt and the AES-256-GCM output of wrapping the private key, whatever the wrapping key. */
const wrapParts = {
  salt: b64u(22, 22),
  iv: b64u(16, 16),
  /** The 32-byte private scalar with its 16-byte GCM tag. */
  wrapped: b64u(64, 64),
};

/** The private key encrypted under a passphrase (PBKDF2-SHA256) with AES-256-GCM. */
export const passphraseWrapSchema = z.object({
  kdf: z.literal('PBKDF2-SHA256'),
  iterations: z.number().check(z.int(), z.minimum(MIN_PBKDF2_ITERATIONS), z.maximum(10_000_000)),
  ...wrapParts,
});
export type PassphraseWrap = z.infer<typeof passphraseWrapSchema>;

/** The private key encrypted under the recovery key (HKDF-SHA256: it is random, not chosen). */
export const recoveryWrapSchema = z.object({ kdf: z.literal('HKDF-SHA256'), ...wrapParts });
export type RecoveryWrap = z.infer<typeof recoveryWrapSchema>;

/** A form's key as the server keeps it: the public key and two wraps of the private key. */
export const formKeySchema = z.object({
  v: z.literal(1),
  /** Uncompressed P-256 point (65 bytes). */
  public_key: b64u(87, 87),
  passphrase: passphraseWrapSchema,
  recovery: recoveryWrapSchema,
});
export type FormKey = z.infer<typeof formKeySchema>;
