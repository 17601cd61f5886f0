import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

// An archive holds the data keys only when asked (`npm run backup -- --with-key`), and then only
// sealed under a passphrase: the archive is copied to other disks and machines, and the key in
// clear beside the data it seals would make the encryption at rest worth nothing there.

/** The sealed key file's name inside the archive. */
export const SEALED_KEY_FILE = 'encryption.key.sealed.json';

/** Shorter passphrases are guessed too fast, even through scrypt. */
export const PASSPHRASE_MIN_LENGTH = 12;

// scrypt at 2^17 x 8 (128 MiB, about half a second): each guess at the passphrase costs as much.
const SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;
const SCRYPT_MAXMEM = 256 * 1024 * 1024;
// Binds the ciphertext to its purpose: these bytes open only as a backup's key file.
const AAD = Buffer.from('formsmith backup data keys v1');

type SealedKeyFile = {
  format: 1;
  kdf: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  cipher: 'aes-256-gcm';
  iv: string;
  tag: string;
  ciphertext: string;
};

export class PassphraseError extends Error {}

/** A problem with a passphrase, or null when it may seal a backup's keys. */
export function passphraseProblem(passphrase: string): string | null {
  if (passphrase.length < PASSPHRASE_MIN_LENGTH)
    return `The passphrase must be at least ${PASSPHRASE_MIN_LENGTH} characters`;
  return null;
}

function derive(passphrase: string, salt: Buffer, params: { N: number; r: number; p: number }): Buffer {
  return scryptSync(passphrase.normalize('NFC'), salt, 32, { ...params, maxmem: SCRYPT_MAXMEM });
}

/** The key file's text sealed under the passphrase (scrypt, then AES-256-GCM), as JSON. */
export function sealKeyText(text: string, passphrase: string): string {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(passphrase, salt, SCRYPT), iv);
  cipher.setAAD(AAD);
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  const sealed: SealedKeyFile = {
    format: 1,
    kdf: 'scrypt',
    ...SCRYPT,
    salt: salt.toString('base64'),
    cipher: 'aes-256-gcm',
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    ciphertext: ciphertext.toString('base64'),
  };
  return `${JSON.stringify(sealed, null, 2)}\n`;
}

/** The key file's text from its sealed JSON; PassphraseError when the passphrase does not open it. */
export function openKeyText(json: string, passphrase: string): string {
  let sealed: SealedKeyFile;
  try {
    sealed = JSON.parse(json) as SealedKeyFile;
  } catch {
    throw new PassphraseError("The archive's sealed key file is damaged");
  }
  if (sealed.format !== 1 || sealed.kdf !== 'scrypt' || sealed.cipher !== 'aes-256-gcm') {
    throw new PassphraseError("The archive's sealed key file is of an unknown format");
  }
  // Only parameters this code writes are accepted: a doctored file must not make scrypt huge.
  if (sealed.N !== SCRYPT.N || sealed.r !== SCRYPT.r || sealed.p !== SCRYPT.p) {
    throw new PassphraseError("The archive's sealed key file has unknown parameters");
  }
  try {
    const key = derive(passphrase, Buffer.from(sealed.salt, 'base64'), sealed);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(AAD);
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([
      decipher.update(Buffer.from(sealed.ciphertext, 'base64')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new PassphraseError("The passphrase does not open the archive's data keys");
  }
}

/** Reads a line from the terminal without echoing it. */
export function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  return new Promise((resolve, reject) => {
    let typed = '';
    process.stdout.write(question);
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const done = (err?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stdout.write('\n');
      if (err) reject(err);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return done();
        if (char === '\u0003') return done(new PassphraseError('Cancelled'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    input.on('data', onData);
  });
}

/**
 * The passphrase: BACKUP_PASSPHRASE when set, else asked at the terminal (twice when it seals).
 * Without either there is no one to ask: PassphraseError says what to set.
 */
export async function readPassphrase(fromEnv: string | undefined, purpose: 'seal' | 'open'): Promise<string> {
  let passphrase = fromEnv;
  if (passphrase === undefined) {
    if (!process.stdin.isTTY) {
      throw new PassphraseError(
        purpose === 'seal'
          ? '--with-key seals the data keys with a passphrase: set BACKUP_PASSPHRASE or run this in a terminal'
          : 'The archive holds the data keys sealed with a passphrase: set BACKUP_PASSPHRASE or run this in a terminal',
      );
    }
    passphrase = await promptHidden('Passphrase for the data keys: ');
    if (purpose === 'seal' && (await promptHidden('The same passphrase again: ')) !== passphrase) {
      throw new PassphraseError('The two passphrases differ');
    }
  }
  const problem = purpose === 'seal' ? passphraseProblem(passphrase) : null;
  if (problem) throw new PassphraseError(problem);
  return passphrase;
}
