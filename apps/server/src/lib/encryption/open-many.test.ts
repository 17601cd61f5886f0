import { randomBytes } from 'node:crypto';
import { gcm } from '@noble/ciphers/aes.js';
import { describe, expect, it } from 'vitest';
import { makeKeyring, open, openMany, SealError, seal } from './index.ts';

const keyA = randomBytes(32);
const keyB = randomBytes(32);
const ring = makeKeyring([keyA, keyB], 'env');
const ringWithoutB = makeKeyring([keyA], 'env');

/** Values of every length from 0 to 300 bytes and a few long ones, under random contexts. */
function manyValues(): { sealed: Buffer[]; contexts: string[]; plains: Buffer[] } {
  const plains: Buffer[] = [];
  for (let length = 0; length <= 300; length++) plains.push(randomBytes(length));
  // Past 255 blocks the counter's low byte carries over; 70,000 bytes is over 4,096 blocks.
  plains.push(randomBytes(4_200), randomBytes(70_000));
  const contexts = plains.map((_, i) => `submission.data:${crypto.randomUUID()}${'é✓'.repeat(i % 7)}`);
  const sealed = plains.map((plain, i) => seal(ring, plain, contexts[i]!));
  return { sealed, contexts, plains };
}

function thrown(run: () => unknown): SealError {
  try {
    run();
  } catch (err) {
    if (err instanceof SealError) return err;
    throw err;
  }
  throw new Error('nothing was thrown');
}

describe('opening many sealed values at once', () => {
  it('gives the same bytes as opening each, and as an independent AES-GCM', () => {
    const { sealed, contexts, plains } = manyValues();
    const opened = openMany(ring, sealed, contexts);
    expect(opened).toHaveLength(plains.length);
    for (let i = 0; i < plains.length; i++) {
      expect(opened[i]!.equals(plains[i]!)).toBe(true);
      expect(opened[i]!.equals(open(ring, sealed[i]!, contexts[i]!))).toBe(true);
      const nonce = sealed[i]!.subarray(9, 21);
      const noble = gcm(keyA, nonce, Buffer.from(contexts[i]!)).decrypt(sealed[i]!.subarray(21));
      expect(Buffer.from(noble).equals(plains[i]!)).toBe(true);
    }
  });

  it('opens a batch sealed under two keys of the keyring, each row under its own', () => {
    const older = makeKeyring([keyB, keyA], 'env');
    const contexts = Array.from({ length: 40 }, (_, i) => `row:${i}`);
    const sealed = contexts.map((context, i) => seal(i % 3 === 0 ? older : ring, `answer ${i}`, context));
    expect(openMany(ring, sealed, contexts).map((b) => b.toString())).toEqual(
      contexts.map((_, i) => `answer ${i}`),
    );
    expect(openMany(ring, [], [])).toEqual([]);
  });

  it('refuses every change open() refuses: a flipped bit anywhere, another context, a cut tag', () => {
    const { sealed, contexts } = manyValues();
    const sample = [0, 1, 15, 16, 17, 100, 301];
    for (const at of sample) {
      const value = sealed[at]!;
      // Every byte past the header (nonce, ciphertext, tag), one bit at a time in turn.
      for (let byte = 9; byte < value.length; byte++) {
        const changed = Buffer.from(value);
        changed[byte]! ^= 1 << (byte % 8);
        // A good value first: the batch fails as a whole, never with part of it opened.
        const err = thrown(() => openMany(ring, [sealed[2]!, changed], [contexts[2]!, contexts[at]!]));
        expect(err.reason).toBe('corrupt');
        expect(thrown(() => open(ring, changed, contexts[at]!)).reason).toBe('corrupt');
      }
      const moved = contexts.slice();
      moved[at] = `${contexts[at]}x`;
      expect(thrown(() => openMany(ring, sealed, moved)).reason).toBe('corrupt');
      const cut = sealed.slice();
      cut[at] = value.subarray(0, value.length - 1);
      expect(thrown(() => openMany(ring, cut, contexts)).reason).toBe('corrupt');
    }
    // The rows' own sealed bytes swapped between rows: each is bound to its context.
    const swapped = sealed.slice();
    [swapped[3], swapped[4]] = [sealed[4]!, sealed[3]!];
    expect(thrown(() => openMany(ring, swapped, contexts)).reason).toBe('corrupt');
  });

  it('names a key the keyring lacks, and refuses bytes that were never sealed', () => {
    const underB = seal(makeKeyring([keyB], 'env'), 'x', 'c');
    const err = thrown(() => openMany(ringWithoutB, [seal(ring, 'y', 'c'), underB], ['c', 'c']));
    expect(err.reason).toBe('unknown-key');
    expect(err.message).toBe(thrown(() => open(ringWithoutB, underB, 'c')).message);
    expect(thrown(() => openMany(ring, [Buffer.from('not sealed at all, not at all')], ['c'])).reason).toBe(
      'corrupt',
    );
  });
});
