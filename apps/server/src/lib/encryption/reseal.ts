import type { Keyring } from './keyring.ts';
import { SEALED_TEXT_PREFIX } from './seal.ts';

/**
 * How many rows the key command moves per transaction: one SELECT … FOR UPDATE SKIP LOCKED and one
 * UPDATE for the whole batch, about 0.1 s on PostgreSQL, so a submit or a save waiting on one of
 * the rows waits no longer than that.
 */
export const RESEAL_BATCH = 2000;

/**
 * One batch of a re-seal: the rows it moved, and the key of the last row it looked at (the next
 * batch starts after it), or null when it reached the end of the table. The batches walk the
 * table in key order, so each reads only the rows after the last one instead of scanning again
 * the rows already moved.
 */
export type ResealBatch<Cursor> = { moved: number; next: Cursor | null };

/**
 * How every sealed text under the current key begins: the prefix, then the base64url of the
 * version byte and the key id (9 bytes: exactly 12 characters), so SQL can find texts sealed
 * under any other key with left(text, 16).
 */
export function currentSealedTextPrefix(keyring: Keyring): string {
  const head = Buffer.concat([Buffer.from([1]), Buffer.from(keyring.current.id, 'hex')]);
  return SEALED_TEXT_PREFIX + head.toString('base64url');
}
