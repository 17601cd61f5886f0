import type { Keyring } from './encryption/keyring.ts';
import { loadKeyring } from './encryption/keyring.ts';

export * from './encryption/file-stream.ts';
export * from './encryption/key-registry.ts';
export * from './encryption/keyring.ts';
export * from './encryption/reseal.ts';
export * from './encryption/seal.ts';
export * from './encryption/seal-failure.ts';

type KeyringConfig = { dataDir: string; encryptionKey?: string | undefined };

const keyrings = new Map<string, Keyring>();

/**
 * The data keys of a configuration, read once per process (the server, the admin commands) and
 * kept; reloadKeyring reads them again after a rotation changed the key file.
 */
export function keyringFor(config: KeyringConfig): Keyring {
  const name = `${config.encryptionKey ?? ''}\0${config.dataDir}`;
  let keyring = keyrings.get(name);
  if (!keyring) {
    keyring = loadKeyring(config);
    keyrings.set(name, keyring);
  }
  return keyring;
}

export function reloadKeyring(config: KeyringConfig): Keyring {
  keyrings.delete(`${config.encryptionKey ?? ''}\0${config.dataDir}`);
  return keyringFor(config);
}
