import { describe, expect, it } from 'vitest';
import {
  CopyFormatError,
  CopyRowSplitter,
  copyFields,
  copyTimestampReader,
  copyUuid,
  int32,
} from './copy-binary.ts';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** A binary COPY stream as PostgreSQL writes it: header (with an extension area), rows, trailer. */
function copyStream(rows: (Buffer | null)[][], extension = Buffer.alloc(0)): Buffer {
  const parts: Buffer[] = [SIGNATURE, int32be(0), int32be(extension.length), extension];
  for (const row of rows) parts.push(encodeRow(row));
  parts.push(Buffer.from([0xff, 0xff]));
  return Buffer.concat(parts);
}

function encodeRow(row: (Buffer | null)[]): Buffer {
  const count = Buffer.alloc(2);
  count.writeInt16BE(row.length);
  return Buffer.concat([
    count,
    ...row.flatMap((field) => (field ? [int32be(field.length), field] : [int32be(-1)])),
  ]);
}

function int32be(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
}

/** Rows of three fields: text, null or empty, and bytes that look like framing. */
const ROWS = Array.from({ length: 40 }, (_, i) => [
  Buffer.from(`row ${i} ✓`),
  i % 3 === 0 ? null : Buffer.alloc(i % 3 === 1 ? 0 : 7, 0xff),
  Buffer.from([0, 3, 0xff, 0xff, 0xff, 0xff, i]),
]);

function readRows(runs: Uint8Array[]): string[][] {
  return runs.flatMap((run) => {
    const fields = copyFields(run, 3);
    const rows: string[][] = [];
    for (let at = 0; at < fields.length; at += 6) {
      rows.push(
        [0, 1, 2].map((f) => {
          const start = fields[at + f * 2]!;
          const length = fields[at + f * 2 + 1]!;
          return length < 0 ? 'null' : Buffer.from(run.subarray(start, start + length)).toString('hex');
        }),
      );
    }
    return rows;
  });
}

const expected = ROWS.map((row) => row.map((field) => (field ? field.toString('hex') : 'null')));

describe('reading a binary COPY stream', () => {
  it('cuts the stream into whole rows wherever its chunks end, header and trailer left out', () => {
    const stream = copyStream(ROWS, Buffer.from('ext!'));
    for (const size of [1, 2, 3, 5, 19, 23, 64, 1000, stream.length]) {
      const splitter = new CopyRowSplitter();
      const runs: Uint8Array[] = [];
      for (let at = 0; at < stream.length; at += size) {
        const run = splitter.push(stream.subarray(at, at + size));
        if (run) runs.push(run);
      }
      splitter.end();
      expect(readRows(runs)).toEqual(expected);
      // Each run owns its bytes: handing it to another thread takes nothing else with it.
      for (const run of runs) expect(run.byteLength).toBe(run.buffer.byteLength);
    }
  });

  it('refuses a stream that is not binary COPY, or that stops before its trailer', () => {
    expect(() => new CopyRowSplitter().push(Buffer.from('id,name\n1,Ada\n2,Grace\n and more'))).toThrow(
      CopyFormatError,
    );
    const stream = copyStream(ROWS);
    const cut = new CopyRowSplitter();
    cut.push(stream.subarray(0, stream.length - 10));
    expect(() => cut.end()).toThrow('stopped before its end');
    expect(() => copyFields(encodeRow([Buffer.from('a')]), 3)).toThrow(CopyFormatError);
  });

  it('reads uuids, 32-bit integers and timestamps as PostgreSQL sent them', () => {
    const uuid = '0b9f5a3c-1d2e-4f60-8a7b-9c8d7e6f5a4b';
    expect(copyUuid(Buffer.from(uuid.replaceAll('-', ''), 'hex'), 0)).toBe(uuid);
    expect(int32(int32be(-42), 0)).toBe(-42);
    expect(int32(int32be(2_000_000_000), 0)).toBe(2_000_000_000);
    const read = copyTimestampReader();
    const field = Buffer.alloc(8);
    // Microseconds since 2000-01-01, before and after it, in order and out of it, and leap days.
    for (const iso of [
      '2026-12-02T17:39:07.123Z',
      '2026-12-02T17:39:07.999Z',
      '2026-12-02T00:00:00.000Z',
      '2024-02-29T23:59:59.001Z',
      '1999-12-31T23:59:59.999Z',
      '1969-07-20T20:17:40.050Z',
      '2026-12-03T09:05:03.040Z',
    ]) {
      field.writeBigInt64BE((BigInt(Date.parse(iso)) - 946_684_800_000n) * 1000n + 999n);
      expect(read(field, 0)).toBe(iso);
    }
  });
});
