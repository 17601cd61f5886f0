import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { gcm } from '@noble/ciphers/aes.js';
import { describe, expect, it } from 'vitest';
import {
  FILE_HEADER_BYTES,
  fromSealedText,
  KeyringError,
  keyId,
  loadKeyring,
  makeKeyring,
  newKey,
  open,
  openFileStream,
  openJson,
  parseKeys,
  SEGMENT_BYTES,
  SealError,
  seal,
  sealDeterministic,
  sealedFileKeyId,
  sealedFileSize,
  sealedKeyId,
  sealFileStream,
  sealJson,
  toSealedText,
} from './index.ts';

const keyA = Buffer.alloc(32, 1);
const keyB = Buffer.alloc(32, 2);
const ringA = makeKeyring([keyA], 'env');
const ringBA = makeKeyring([keyB, keyA], 'env');

async function sealFile(ring = ringA, plain: Buffer, context = 'uploads/x') {
  const out: Buffer[] = [];
  await pipeline(Readable.from([plain]), sealFileStream(ring, context), async (source) => {
    for await (const chunk of source) out.push(chunk as Buffer);
  });
  return Buffer.concat(out);
}

async function openFile(ring: typeof ringA, sealed: Buffer, context = 'uploads/x', chunk = 10_000) {
  const parts: Buffer[] = [];
  for (let i = 0; i < sealed.length; i += chunk) parts.push(sealed.subarray(i, i + chunk));
  return buffer(Readable.from(parts).pipe(openFileStream(ring, context)));
}

describe('sealed values', () => {
  it('open what was sealed, with the same context', () => {
    const sealed = sealJson(ringA, { q1: 'marker-42' }, 'submission.data:1');
    expect(sealed.includes(Buffer.from('marker-42'))).toBe(false);
    expect(openJson(ringA, sealed, 'submission.data:1')).toEqual({ q1: 'marker-42' });
  });

  it('are standard AES-256-GCM: another implementation opens them', () => {
    const sealed = seal(ringA, 'hello', 'ctx');
    const nonce = sealed.subarray(9, 21);
    const plain = gcm(keyA, nonce, Buffer.from('ctx')).decrypt(sealed.subarray(21));
    expect(Buffer.from(plain).toString()).toBe('hello');
    expect(sealedKeyId(sealed)).toBe(keyId(keyA));
  });

  it('refuse another context, altered bytes and unknown keys', () => {
    const sealed = seal(ringA, 'secret', 'submission.data:1');
    expect(() => open(ringA, sealed, 'submission.data:2')).toThrow(SealError);
    const altered = Buffer.from(sealed);
    altered.writeUInt8(altered.readUInt8(altered.length - 20) ^ 1, altered.length - 20);
    expect(() => open(ringA, altered, 'submission.data:1')).toThrow(/altered/);
    const other = makeKeyring([keyB], 'env');
    expect(() => open(other, sealed, 'submission.data:1')).toThrow(
      expect.objectContaining({ reason: 'unknown-key' }),
    );
    expect(() => open(ringA, Buffer.from('not sealed at all, just text'), 'x')).toThrow(
      expect.objectContaining({ reason: 'corrupt' }),
    );
  });

  it('seal under the current key and still open what older keys sealed', () => {
    const old = seal(ringA, 'before rotation', 'c');
    const fresh = seal(ringBA, 'after rotation', 'c');
    expect(sealedKeyId(fresh)).toBe(keyId(keyB));
    expect(open(ringBA, old, 'c').toString()).toBe('before rotation');
  });

  it('seal deterministically to equal bytes for equal values and context only', () => {
    const a = sealDeterministic(ringA, 'Option A', 'answer:f1');
    expect(sealDeterministic(ringA, 'Option A', 'answer:f1').equals(a)).toBe(true);
    expect(sealDeterministic(ringA, 'Option B', 'answer:f1').equals(a)).toBe(false);
    expect(sealDeterministic(ringA, 'Option A', 'answer:f2').equals(a)).toBe(false);
    expect(open(ringA, a, 'answer:f1').toString()).toBe('Option A');
  });

  it('travel as text with a prefix that tells them from clear text', () => {
    const sealed = seal(ringA, 'x', 'c');
    const text = toSealedText(sealed);
    expect(fromSealedText(text)?.equals(sealed)).toBe(true);
    expect(fromSealedText('Option A')).toBeNull();
  });
});

describe('sealed files', () => {
  for (const size of [0, 1, SEGMENT_BYTES - 1, SEGMENT_BYTES, SEGMENT_BYTES + 1, 3 * SEGMENT_BYTES + 17]) {
    it(`round-trip ${size} bytes and take the size sealedFileSize says`, async () => {
      const plain = Buffer.alloc(size);
      for (let i = 0; i < size; i++) plain[i] = (i * 31) & 0xff;
      const sealed = await sealFile(ringA, plain);
      expect(sealed.length).toBe(sealedFileSize(size));
      expect(sealedFileKeyId(sealed)).toBe(keyId(keyA));
      expect((await openFile(ringA, sealed)).equals(plain)).toBe(true);
      expect((await openFile(ringA, sealed, 'uploads/x', 7)).equals(plain)).toBe(true);
    });
  }

  it('reveal nothing of the content', async () => {
    const sealed = await sealFile(ringA, Buffer.from('marker-file-content '.repeat(5000)));
    expect(sealed.includes(Buffer.from('marker-file'))).toBe(false);
  });

  it('refuse a file cut at a segment boundary, reordered, altered or moved', async () => {
    const plain = Buffer.alloc(3 * SEGMENT_BYTES + 100, 7);
    const sealed = await sealFile(ringA, plain);
    const segment = SEGMENT_BYTES + 16;
    const cut = sealed.subarray(0, FILE_HEADER_BYTES + 2 * segment);
    await expect(openFile(ringA, cut)).rejects.toThrow(SealError);
    const swapped = Buffer.concat([
      sealed.subarray(0, FILE_HEADER_BYTES),
      sealed.subarray(FILE_HEADER_BYTES + segment, FILE_HEADER_BYTES + 2 * segment),
      sealed.subarray(FILE_HEADER_BYTES, FILE_HEADER_BYTES + segment),
      sealed.subarray(FILE_HEADER_BYTES + 2 * segment),
    ]);
    await expect(openFile(ringA, swapped)).rejects.toThrow(SealError);
    const altered = Buffer.from(sealed);
    altered.writeUInt8(altered.readUInt8(FILE_HEADER_BYTES + 5) ^ 1, FILE_HEADER_BYTES + 5);
    await expect(openFile(ringA, altered)).rejects.toThrow(SealError);
    await expect(openFile(ringA, sealed, 'uploads/y')).rejects.toThrow(SealError);
    await expect(openFile(makeKeyring([keyB], 'env'), sealed)).rejects.toThrow(/does not hold/);
    await expect(openFile(ringA, Buffer.from('plain old file'))).rejects.toThrow(/not a sealed file/);
  });
});

describe('keyring', () => {
  it('reads keys in base64 or hex, current first, and explains a bad one', () => {
    const ring = makeKeyring(
      parseKeys(`${keyB.toString('base64')}, ${keyA.toString('hex')}`, 'ENCRYPTION_KEY'),
      'env',
    );
    expect(ring.current.id).toBe(keyId(keyB));
    expect(ring.byId(keyId(keyA))?.key.equals(keyA)).toBe(true);
    expect(() => parseKeys('too-short', 'ENCRYPTION_KEY')).toThrow(KeyringError);
    expect(() => parseKeys('  ', 'ENCRYPTION_KEY')).toThrow(/holds no key/);
  });

  it('creates the key file once with mode 0600 and refuses one others can read', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keyring-'));
    const first = loadKeyring({ dataDir: dir });
    const file = path.join(dir, 'encryption.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadKeyring({ dataDir: dir }).current.id).toBe(first.current.id);
    fs.chmodSync(file, 0o644);
    expect(() => loadKeyring({ dataDir: dir })).toThrow(/chmod 600/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prefers ENCRYPTION_KEY and then writes no key file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keyring-'));
    const key = newKey();
    expect(loadKeyring({ dataDir: dir, encryptionKey: key.toString('base64') }).current.id).toBe(keyId(key));
    expect(fs.existsSync(path.join(dir, 'encryption.key'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
