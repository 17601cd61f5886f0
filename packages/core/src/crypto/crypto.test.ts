import { gcm } from '@noble/ciphers/aes.js';
import { p256 } from '@noble/curves/nist.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { concatBytes, toBase64Url, utf8, type WebKeyPair } from './encoding.ts';
import { envelopeSchema, formKeySchema } from './formats.ts';
import {
  DecryptError,
  fileAd,
  fromBinary,
  openAnswers,
  openBytes,
  sealAnswers,
  sealBytes,
  submissionAd,
  toBinary,
} from './hybrid.ts';
import {
  changePassphrase,
  createFormKey,
  parseRecoveryKey,
  pbkdf2Sha256,
  unlockFormKey,
} from './key-wrap.ts';

const hex = (bytes: Uint8Array) => bytesToHex(bytes);

/** A WebCrypto P-256 key pair from a fixed private scalar (test vectors only). */
async function fixedPair(scalarHex: string): Promise<WebKeyPair & { point: Uint8Array<ArrayBuffer> }> {
  const d = hexToBytes(scalarHex);
  const point = new Uint8Array(p256.getPublicKey(d, false));
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: toBase64Url(point.subarray(1, 33)),
    y: toBase64Url(point.subarray(33)),
    d: toBase64Url(d),
  };
  const algorithm = { name: 'ECDH', namedCurve: 'P-256' };
  return {
    privateKey: await crypto.subtle.importKey('jwk', jwk, algorithm, false, ['deriveBits']),
    publicKey: await crypto.subtle.importKey('raw', point, algorithm, true, []),
    point,
  };
}

describe('PBKDF2-SHA256 known answers', () => {
  // RFC 7914 section 11, and the widely published SHA-256 counterparts of RFC 6070's vectors.
  it.each([
    [
      'passwd',
      'salt',
      1,
      64,
      '55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783',
    ],
    [
      'Password',
      'NaCl',
      80000,
      64,
      '4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d',
    ],
    ['password', 'salt', 1, 32, '120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b'],
    ['password', 'salt', 4096, 32, 'c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a'],
  ] as const)('%s / %s / %i iterations', async (passphrase, salt, iterations, bytes, expected) => {
    expect(hex(await pbkdf2Sha256({ passphrase, salt: utf8(salt), iterations, bytes }))).toBe(expected);
  });
});

describe('hybrid scheme known answer', () => {
  const recipientScalar = 'c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721';
  const ephemeralScalar = '0f56db78ca460b055c500064824bed999a25aaf48ebb519ac201537b85479813';
  const iv = hexToBytes('000102030405060708090a0b');
  const plaintext = utf8('{"name":"Ada Lovelace"}');
  const ad = submissionAd({ formId: 42, submissionId: '6f1c2d4e-8a9b-4c3d-9e0f-112233445566' });
  // Pinned once both implementations agreed: a change of format or derivation breaks it.
  const expectedCt = '71a6b5fce924f6e4c7af74a32ed7978da85f7e83453300688ebbc9e117c8747c1f432c30356112';

  it('WebCrypto seals exactly what an independent implementation (noble) computes', async () => {
    const recipient = await fixedPair(recipientScalar);
    const ephemeral = await fixedPair(ephemeralScalar);
    const sealed = await sealBytes({ publicKey: recipient.point, plaintext, ad, ephemeral, iv });

    const shared = p256.getSharedSecret(hexToBytes(ephemeralScalar), recipient.point).subarray(1);
    const key = hkdf(
      sha256,
      shared,
      concatBytes(ephemeral.point, recipient.point),
      utf8('formsmith P256-HKDF-SHA256-A256GCM v1'),
      32,
    );
    const independent = gcm(key, iv, ad).encrypt(plaintext);

    expect(hex(sealed.epk)).toBe(hex(ephemeral.point));
    expect(hex(sealed.ct)).toBe(hex(independent));
    expect(hex(sealed.ct)).toBe(expectedCt);
    const opened = await openBytes({
      privateKey: recipient.privateKey,
      publicKey: recipient.point,
      sealed,
      ad,
    });
    expect(new TextDecoder().decode(opened)).toBe('{"name":"Ada Lovelace"}');
  });
});

describe('form keys and envelopes', async () => {
  // One key for the suite: PBKDF2 at 600,000 iterations is slow on purpose.
  const created = await createFormKey({ passphrase: 'correct horse battery staple' });
  const { formKey, recoveryKey } = created;
  const answers = { name: 'Ada', note: 'MARKER-ĀĒ-✓', files: [{ id: 'x' }] };
  const ids = { formId: 7, submissionId: 'b8a7c5e2-1d3f-4c2b-9a8e-0f1e2d3c4b5a' };

  it('stores only what the schema allows, with at least 600,000 iterations', () => {
    expect(formKeySchema.parse(formKey)).toEqual(formKey);
    expect(formKey.passphrase.iterations).toBeGreaterThanOrEqual(600_000);
    expect(JSON.stringify(formKey)).not.toContain('correct horse');
    expect(recoveryKey).toMatch(/^([0-9A-Z]{4}-){7}[0-9A-Z]{4}$/);
  });

  it('round-trips answers through the passphrase and through the recovery key', async () => {
    const envelope = await sealAnswers({ publicKey: created.unlocked.publicKey, ...ids, answers });
    expect(envelopeSchema.parse(envelope)).toEqual(envelope);
    expect(JSON.stringify(envelope)).not.toContain('MARKER');
    const byPassphrase = await unlockFormKey(formKey, { passphrase: 'correct horse battery staple' });
    expect(await openAnswers({ ...byPassphrase, ...ids, envelope })).toEqual(answers);
    const byRecovery = await unlockFormKey(formKey, {
      recoveryKey: recoveryKey.toLowerCase().replace(/-/g, ' '),
    });
    expect(await openAnswers({ ...byRecovery, ...ids, envelope })).toEqual(answers);
  });

  it('refuses a wrong passphrase and a wrong recovery key', async () => {
    await expect(unlockFormKey(formKey, { passphrase: 'correct horse battery stapler' })).rejects.toThrow(
      DecryptError,
    );
    const other = await createFormKey({ passphrase: 'x' });
    await expect(unlockFormKey(formKey, { recoveryKey: other.recoveryKey })).rejects.toThrow(DecryptError);
    await expect(unlockFormKey(formKey, { recoveryKey: 'not a key' })).rejects.toThrow(DecryptError);
  });

  it('refuses a wrap moved onto another form key', async () => {
    const other = await createFormKey({ passphrase: 'correct horse battery staple' });
    const mixed = { ...other.formKey, passphrase: formKey.passphrase };
    await expect(unlockFormKey(mixed, { passphrase: 'correct horse battery staple' })).rejects.toThrow(
      DecryptError,
    );
  });

  it('refuses tampered ciphertext and answers bound to another submission or form', async () => {
    const envelope = await sealAnswers({ publicKey: created.unlocked.publicKey, ...ids, answers });
    const key = created.unlocked;
    const flipped = envelope.ct.startsWith('A') ? `B${envelope.ct.slice(1)}` : `A${envelope.ct.slice(1)}`;
    await expect(openAnswers({ ...key, ...ids, envelope: { ...envelope, ct: flipped } })).rejects.toThrow(
      DecryptError,
    );
    await expect(
      openAnswers({ ...key, ...ids, submissionId: 'b8a7c5e2-1d3f-4c2b-9a8e-0f1e2d3c4b5b', envelope }),
    ).rejects.toThrow(DecryptError);
    await expect(openAnswers({ ...key, ...ids, formId: 8, envelope })).rejects.toThrow(DecryptError);
    const stranger = await createFormKey({ passphrase: 'y' });
    await expect(openAnswers({ ...stranger.unlocked, ...ids, envelope })).rejects.toThrow(DecryptError);
  });

  it('seals a file as one binary blob bound to its id', async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 31) % 251);
    const ad = fileAd({ ...ids, fileId: 'f1' });
    const blob = toBinary(await sealBytes({ publicKey: created.unlocked.publicKey, plaintext: bytes, ad }));
    expect(blob.length).toBe(bytes.length + 1 + 65 + 12 + 16);
    const opened = await openBytes({ ...created.unlocked, sealed: fromBinary(blob), ad });
    expect(hex(opened)).toBe(hex(bytes));
    const otherAd = fileAd({ ...ids, fileId: 'f2' });
    await expect(openBytes({ ...created.unlocked, sealed: fromBinary(blob), ad: otherAd })).rejects.toThrow(
      DecryptError,
    );
    expect(() => fromBinary(new Uint8Array([2, 3]))).toThrow(DecryptError);
  });

  it('changes the passphrase by re-wrapping the same key: old envelopes still open', async () => {
    const envelope = await sealAnswers({ publicKey: created.unlocked.publicKey, ...ids, answers });
    const next = await changePassphrase({
      formKey,
      secret: { recoveryKey },
      newPassphrase: 'a new passphrase',
    });
    expect(next.public_key).toBe(formKey.public_key);
    expect(next.recovery).toEqual(formKey.recovery);
    await expect(unlockFormKey(next, { passphrase: 'correct horse battery staple' })).rejects.toThrow(
      DecryptError,
    );
    const key = await unlockFormKey(next, { passphrase: 'a new passphrase' });
    expect(await openAnswers({ ...key, ...ids, envelope })).toEqual(answers);
  });

  it('reads recovery keys leniently and refuses what cannot be one', () => {
    const bytes = parseRecoveryKey(recoveryKey);
    expect(bytes).toHaveLength(20);
    expect(parseRecoveryKey(recoveryKey.replace(/0/g, 'o').replace(/1/g, 'l'))).toEqual(bytes);
    expect(parseRecoveryKey('UUUU-UUUU-UUUU-UUUU-UUUU-UUUU-UUUU-UUUU')).toBeNull();
    expect(parseRecoveryKey('ABCD')).toBeNull();
  });
});
