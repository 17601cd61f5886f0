/**
 * GHASH, the authenticator inside AES-GCM, for openMany() in seal.ts: the polynomial hash of the
 * associated data and the ciphertext under the hash key H (the data key's encryption of a zero
 * block), in GF(2^128) with GCM's bit order (a block's first bit is the coefficient of x^0, and
 * x^128 reduces to x^7 + x^2 + x + 1).
 *
 * A block times H is a sum over the block's 16 bytes, so it is read from tables made once per key:
 * entry (i, b) is H times the block that holds byte b at place i and zeros elsewhere. That is 16
 * lookups a block instead of 128 shifts. The lookups depend on the key and the data, so the time
 * they take in the cache is not constant: fit for opening what this server sealed, not for
 * a service that answers strangers' forgeries as they arrive.
 */

/** The tables of one hash key: 16 places × 256 byte values × 4 words (big-endian halves). */
export type GhashKey = Int32Array;

const BLOCK = 16;

/** The tables for hash key `h` (16 bytes). */
export function ghashKey(h: Uint8Array): GhashKey {
  if (h.length !== BLOCK) throw new Error('a GHASH key is 16 bytes');
  // H·x^k for k = 0…127: x^k is the block whose bit k (from the first) alone is set.
  const powers = new Int32Array(128 * 4);
  let w0 = word(h, 0);
  let w1 = word(h, 4);
  let w2 = word(h, 8);
  let w3 = word(h, 12);
  for (let k = 0; k < 128; k++) {
    powers.set([w0, w1, w2, w3], k * 4);
    // Times x: one bit towards the end; the bit that falls off the end comes back reduced.
    const carry = w3 & 1;
    w3 = (w3 >>> 1) | (w2 << 31);
    w2 = (w2 >>> 1) | (w1 << 31);
    w1 = (w1 >>> 1) | (w0 << 31);
    w0 = (w0 >>> 1) ^ (carry ? 0xe1000000 : 0);
  }
  const tables = new Int32Array(16 * 256 * 4);
  for (let place = 0; place < 16; place++) {
    for (let byte = 0; byte < 256; byte++) {
      let t0 = 0;
      let t1 = 0;
      let t2 = 0;
      let t3 = 0;
      for (let bit = 0; bit < 8; bit++) {
        if ((byte & (0x80 >>> bit)) === 0) continue;
        const at = (place * 8 + bit) * 4;
        t0 ^= powers[at]!;
        t1 ^= powers[at + 1]!;
        t2 ^= powers[at + 2]!;
        t3 ^= powers[at + 3]!;
      }
      tables.set([t0, t1, t2, t3], ((place << 8) | byte) << 2);
    }
  }
  return tables;
}

/** Four bytes big-endian, the bytes at or past `end` read as zeros (a short last block). */
export function word(bytes: Uint8Array, at: number, end = bytes.length): number {
  if (at + 4 <= end)
    return (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
  let value = 0;
  for (let i = 0; i < 4 && at + i < end; i++) value |= bytes[at + i]! << (24 - 8 * i);
  return value;
}

/**
 * Hashes `bytes[from, end)` into `state` (4 words, zeros to start), the last block padded with
 * zeros, as GCM hashes its associated data and then its ciphertext.
 */
export function ghashUpdate(
  key: GhashKey,
  state: Int32Array,
  bytes: Uint8Array,
  from: number,
  end: number,
): void {
  for (let at = from; at < end; at += BLOCK) {
    absorb(
      key,
      state,
      word(bytes, at, end),
      word(bytes, at + 4, end),
      word(bytes, at + 8, end),
      word(bytes, at + 12, end),
    );
  }
}

/** Hashes GCM's closing block: the lengths in bits of the associated data and the ciphertext. */
export function ghashLengths(
  key: GhashKey,
  state: Int32Array,
  aadBytes: number,
  ciphertextBytes: number,
): void {
  const high = (bytes: number) => Math.floor(bytes / 0x20000000);
  const low = (bytes: number) => (bytes * 8) | 0;
  absorb(key, state, high(aadBytes), low(aadBytes), high(ciphertextBytes), low(ciphertextBytes));
}

/** state = (state + x) · H, x given as four words. */
function absorb(key: GhashKey, state: Int32Array, w0: number, w1: number, w2: number, w3: number): void {
  const x0 = w0 ^ state[0]!;
  const x1 = w1 ^ state[1]!;
  const x2 = w2 ^ state[2]!;
  const x3 = w3 ^ state[3]!;
  let y0 = 0;
  let y1 = 0;
  let y2 = 0;
  let y3 = 0;
  // The 16 bytes of x, first to last, each looked up in its place's table and summed.
  for (let word = 0; word < 4; word++) {
    const w = word === 0 ? x0 : word === 1 ? x1 : word === 2 ? x2 : x3;
    const place = word << 10;
    let at = (place | (w >>> 24)) << 2;
    y0 ^= key[at]!;
    y1 ^= key[at + 1]!;
    y2 ^= key[at + 2]!;
    y3 ^= key[at + 3]!;
    at = (place | 256 | ((w >>> 16) & 0xff)) << 2;
    y0 ^= key[at]!;
    y1 ^= key[at + 1]!;
    y2 ^= key[at + 2]!;
    y3 ^= key[at + 3]!;
    at = (place | 512 | ((w >>> 8) & 0xff)) << 2;
    y0 ^= key[at]!;
    y1 ^= key[at + 1]!;
    y2 ^= key[at + 2]!;
    y3 ^= key[at + 3]!;
    at = (place | 768 | (w & 0xff)) << 2;
    y0 ^= key[at]!;
    y1 ^= key[at + 1]!;
    y2 ^= key[at + 2]!;
    y3 ^= key[at + 3]!;
  }
  state[0] = y0;
  state[1] = y1;
  state[2] = y2;
  state[3] = y3;
}
