import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The server's data keys ('Standard' encryption at rest): answers, uploaded files and anything
 * else that carries them are sealed under the current key; older keys stay to read what was
 * sealed before a rotation, until the rotation command has moved everything to the current one.
 *
 * Keys come from ENCRYPTION_KEY (one or more 32-byte keys, base64 or hex, separated by commas or
 * whitespace; the first is current) or, when it is unset, from DATA_DIR/encryption.key (the same
 * list, one key per line), which the server creates once with mode 0600. A key is named by its
 * fingerprint, so sealed bytes say which key opens them and no secret is ever stored beside them.
 */

export const KEY_BYTES = 32;
/** Bytes of the fingerprint that names a key inside sealed data. */
export const KEY_ID_BYTES = 8;
export const KEY_FILE = 'encryption.key';
/** How often a running server looks at the key file: a rotation takes effect within this long. */
export const KEY_FILE_WATCH_MS = 3000;

export type DataKey = {
  /** Hex fingerprint (first 8 bytes of SHA-256 of the key); stored in clear beside sealed data. */
  id: string;
  key: Buffer;
};

export type Keyring = {
  /** The key everything new is sealed under. */
  current: DataKey;
  /** Every key, current first. */
  keys: readonly DataKey[];
  byId(id: string): DataKey | undefined;
  /** Where the keys came from: the environment variable or the key file's path. */
  source: 'env' | string;
};

export class KeyringError extends Error {}

export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest().subarray(0, KEY_ID_BYTES).toString('hex');
}

/** Parses a key list (base64 or hex, separated by commas or whitespace); throws KeyringError. */
export function parseKeys(text: string, where: string): Buffer[] {
  const parts = text
    .split(/[\s,]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '' && !p.startsWith('#'));
  if (parts.length === 0) throw new KeyringError(`${where} holds no key`);
  return parts.map((part, i) => {
    const key = /^[0-9a-fA-F]{64}$/.test(part) ? Buffer.from(part, 'hex') : decodeBase64(part);
    if (key?.length !== KEY_BYTES) {
      throw new KeyringError(
        `${where}: key ${i + 1} is not ${KEY_BYTES} bytes in base64 or hex (make one with: openssl rand -base64 32)`,
      );
    }
    return key;
  });
}

function decodeBase64(text: string): Buffer | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

export function makeKeyring(keys: readonly Buffer[], source: Keyring['source']): Keyring {
  const seen = new Map<string, DataKey>();
  for (const key of keys) {
    const id = keyId(key);
    if (!seen.has(id)) seen.set(id, { id, key });
  }
  const list = [...seen.values()];
  const current = list[0];
  if (!current) throw new KeyringError('no encryption key');
  return { current, keys: list, byId: (id) => seen.get(id), source };
}

export function newKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

export function formatKey(key: Buffer): string {
  return key.toString('base64');
}

/**
 * Reads the key file, creating it (mode 0600, one new key) when it does not exist. Two processes
 * starting at once on one folder agree: the file is created exclusively and the loser reads it.
 * A file others can read is refused rather than trusted: the key is what the encryption rests on.
 */
export function readKeyFile(file: string): Buffer[] {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${formatKey(newKey())}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const mode = fs.statSync(file).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new KeyringError(
      `${file} can be read by other users (mode ${mode.toString(8)}); run: chmod 600 ${file}`,
    );
  }
  return parseKeys(fs.readFileSync(file, 'utf8'), file);
}

/** Replaces the key file's list atomically (a new file, 0600, renamed over the old one). */
export function writeKeyFile(file: string, keys: readonly Buffer[]): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${keys.map(formatKey).join('\n')}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

type KeyringConfig = { dataDir: string; encryptionKey?: string | undefined };

/** The keys of a configuration: ENCRYPTION_KEY when set, else the key file in DATA_DIR. */
export function loadKeyring(config: KeyringConfig): Keyring {
  if (config.encryptionKey) return makeKeyring(parseKeys(config.encryptionKey, 'ENCRYPTION_KEY'), 'env');
  const file = path.join(config.dataDir, KEY_FILE);
  return makeKeyring(readKeyFile(file), file);
}
