import { describe, expect, it } from 'vitest';
import { neutralizeCell } from './csv-line.ts';

describe('neutralizeCell', () => {
  it('finding 4: quotes every cell a spreadsheet would run as a formula', () => {
    for (const cell of [
      '=HYPERLINK("https://evil.example","Reset")',
      '+1+1',
      '-1+1',
      '@SUM(A1)',
      ' =1+1',
      '\n=cmd|calc',
      '\t=1',
      '＝HYPERLINK("x")',
      '＋1',
      '  @SUM(A1)',
      '-',
    ]) {
      expect(neutralizeCell(cell), cell).toBe(`'${cell}`);
    }
  });

  it('finding 4: leaves plain numbers and ordinary text as they are', () => {
    for (const cell of ['-5', '+3', '-2.50', '1e3', '.5', 'Ada', 'a=b', '', 'x@y.com']) {
      expect(neutralizeCell(cell), cell).toBe(cell);
    }
  });
});
