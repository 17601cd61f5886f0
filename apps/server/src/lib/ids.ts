import { randomUUID } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a syntactically valid UUID (any version): anything else can never match a row. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A new submission id: a UUIDv7, which starts with the current millisecond. Ids made one after
 * another sort one after another, so the primary key's index grows at its right edge like a
 * sequence: an insert touches the last leaf page, not a random one of thousands, and after each
 * checkpoint the write-ahead log does not copy a fresh page image for every insert (with random
 * UUIDs that was most of the log under submit load). The other 74 bits are random, so an id is no
 * easier to guess than before; the millisecond it shows is the row's creation time, which its
 * owner sees anyway. Spam that is answered as if stored gets one too, so it looks the same.
 *
 * Made from Node's randomUUID (a version 4 UUID from a buffered CSPRNG, the cheapest source of
 * random bits here): its first 48 bits become the time and its version digit 7; the variant and
 * the other random bits stay as they are (RFC 9562, section 5.7).
 */
export function newSubmissionId(now: number = Date.now()): string {
  const random = randomUUID();
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15)}`;
}
