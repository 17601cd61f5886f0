import { csvCell, csvLine } from '@formsmith/core/submissions/csv-line';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('CSV line writer', () => {
  it('quotes only cells with a comma, quote, CR or LF, doubling quotes', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('')).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
    expect(csvLine(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
  });

  it('round-trips any cells through a CSV parser', () => {
    const cell = fc.oneof(fc.string(), fc.constantFrom('', '"', ',', '\r\n', '\n', ' x ', "'=1"));
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const width = rows[0]!.length;
          const table = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
          const text = table.map(csvLine).join('');
          expect(parse(text, { relax_column_count: false })).toEqual(table);
        },
      ),
      { numRuns: 300 },
    );
  });
});
