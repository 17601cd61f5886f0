import type { Keyring } from './keyring.ts';
import { SEALED_TEXT_PREFIX } from './seal.ts';

/** How many rows the key command moves per transaction. */
export const RESEAL_BATCH = 500;

/**
 * How every sealed text under the current key begins: the prefix, then the base64url of the
 * version byte and the key id (9 bytes: exactly 12 characters), so SQL can find texts sealed
 * under any other key with left(text, 16).
 */
export function currentSealedTextPrefix(keyring: Keyring): string {
  const head = Buffer.concat([Buffer.from([1]), Buffer.from(keyring.current.id, 'hex')]);
  return SEALED_TEXT_PREFIX + head.toString('base64url');
}
