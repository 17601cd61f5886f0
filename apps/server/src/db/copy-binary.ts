/**
 * PostgreSQL's binary COPY format (`COPY … TO STDOUT (FORMAT binary)`), read without a driver:
 * a header, then each row as its field count (16 bits) and each field as its length in bytes
 * (32 bits, -1 for null) and its bytes in the type's binary form, then a count of -1 to end.
 * Nothing in a field is escaped, so a reader only walks lengths: the exports cut the stream into
 * runs of whole rows and read the fields in place (the answers' worker thread reads only each
 * row's id and sealed answers from its copy of the run).
 */

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** Signature, flags (32 bits), header extension length (32 bits). */
const HEADER_BYTES = SIGNATURE.length + 8;

export class CopyFormatError extends Error {}

/** Cuts a binary COPY stream, in the chunks it arrives in, into runs of whole rows. */
export class CopyRowSplitter {
  #rest: Buffer | undefined;
  #inHeader = true;
  #ended = false;

  /**
   * The whole rows this chunk completes, copied into an array of their own (a message to another
   * thread then copies these bytes, not the whole chunk they came in), or undefined when it
   * completes none.
   */
  push(chunk: Buffer): Uint8Array | undefined {
    const bytes = this.#rest ? Buffer.concat([this.#rest, chunk]) : chunk;
    this.#rest = undefined;
    let at = 0;
    if (this.#inHeader) {
      const signed = bytes.subarray(0, SIGNATURE.length);
      if (!SIGNATURE.subarray(0, signed.length).equals(signed)) {
        throw new CopyFormatError('not a binary COPY stream');
      }
      if (bytes.length < HEADER_BYTES || bytes.length < HEADER_BYTES + bytes.readInt32BE(HEADER_BYTES - 4)) {
        this.#rest = bytes;
        return undefined;
      }
      at = HEADER_BYTES + bytes.readInt32BE(HEADER_BYTES - 4);
      this.#inHeader = false;
    }
    const first = at;
    while (!this.#ended && at + 2 <= bytes.length) {
      const fields = bytes.readInt16BE(at);
      if (fields === -1) {
        this.#ended = true;
        break;
      }
      const next = rowEnd(bytes, at, fields);
      if (next === -1) break;
      at = next;
    }
    const rows = at > first ? new Uint8Array(bytes.subarray(first, at)) : undefined;
    if (!this.#ended && at < bytes.length) this.#rest = bytes.subarray(at);
    return rows;
  }

  /** Throws unless the stream ended with its closing count. */
  end(): void {
    if (!this.#ended) throw new CopyFormatError('the binary COPY stream stopped before its end');
  }
}

/** Where the row at `at` ends, or -1 when `bytes` stop before it does. */
function rowEnd(bytes: Uint8Array, at: number, fields: number): number {
  let p = at + 2;
  for (let f = 0; f < fields; f++) {
    if (p + 4 > bytes.length) return -1;
    const length = int32(bytes, p);
    p += 4 + (length > 0 ? length : 0);
  }
  return p <= bytes.length ? p : -1;
}

/**
 * Every field of whole rows (what CopyRowSplitter gives) as its start and length in `bytes`
 * (length -1 for null): row r's field f at [(r·fields + f)·2] and the one after it.
 */
export function copyFields(bytes: Uint8Array, fields: number): Int32Array {
  const found: number[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (at + 2 > bytes.length || ((bytes[at]! << 8) | bytes[at + 1]!) !== fields) {
      throw new CopyFormatError(`a row of the COPY stream does not have ${fields} fields`);
    }
    at += 2;
    for (let f = 0; f < fields; f++) {
      const length = int32(bytes, at);
      found.push(at + 4, length);
      at += 4 + (length > 0 ? length : 0);
    }
  }
  if (at !== bytes.length) throw new CopyFormatError('the COPY rows stop inside a field');
  return Int32Array.from(found);
}

export const int32 = (bytes: Uint8Array, at: number) =>
  (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;

/** PostgreSQL's epoch (2000-01-01) as Unix time in milliseconds. */
const POSTGRES_EPOCH_MS = 946_684_800_000;
const DAY_MS = 86_400_000;

/** A timestamptz field's time in milliseconds since the Unix epoch (microseconds cut off). */
function copyMillis(bytes: Uint8Array, at: number): number {
  const micros = int32(bytes, at) * 0x1_0000_0000 + (int32(bytes, at + 4) >>> 0);
  return Math.floor(micros / 1000) + POSTGRES_EPOCH_MS;
}

/** A timestamptz field as a Date. */
export const copyDate = (bytes: Uint8Array, at: number) => new Date(copyMillis(bytes, at));

/**
 * Reads timestamptz fields (microseconds since 2000 in 64 bits) as ISO text to the millisecond,
 * as Date's toISOString() writes it. Rows read in time order share their day: its text is made
 * once, and the time of day is written with arithmetic (a Date and its text for every row cost
 * about a microsecond, a fifth of an export row's whole way).
 */
export function copyTimestampReader(): (bytes: Uint8Array, at: number) => string {
  let day = Number.NaN;
  let dayText = '';
  return (bytes, at) => {
    const ms = copyMillis(bytes, at);
    const thisDay = Math.floor(ms / DAY_MS);
    if (thisDay !== day) {
      day = thisDay;
      // Years outside 0000-9999 are written by toISOString itself (±YYYYYY).
      dayText = new Date(thisDay * DAY_MS).toISOString().slice(0, -13);
    }
    let rest = ms - thisDay * DAY_MS;
    const milli = rest % 1000;
    rest = (rest - milli) / 1000;
    const second = rest % 60;
    rest = (rest - second) / 60;
    const minute = rest % 60;
    const hour = (rest - minute) / 60;
    return `${dayText}${two(hour)}:${two(minute)}:${two(second)}.${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
  };
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** A text field (UTF-8). */
export const copyText = (bytes: Buffer, at: number, length: number) =>
  bytes.toString('utf8', at, at + length);

/** A jsonb field's JSON text (it follows a version byte), or null for a null field. */
export const copyJsonbText = (bytes: Buffer, at: number, length: number) =>
  length < 0 ? null : bytes.toString('utf8', at + 1, at + length);

/** A uuid field (16 bytes) as its text; `bytes` a Buffer over the rows. */
export function copyUuid(bytes: Buffer, at: number): string {
  const hex = bytes.toString('hex', at, at + 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
