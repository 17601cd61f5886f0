import { describe, expect, it } from 'vitest';
import { referenceInSearch, referenceText } from './reference.ts';
import { moveColumn, resolveColumns, tableColumnsSchema } from './view-state.ts';

describe('table columns', () => {
  const available = ['field:name', 'field:email', 'field:cv', 'meta:submitted', 'meta:stage'];
  const defaults = ['field:name', 'meta:submitted'];

  it('keeps the stored order and leaves out columns the form no longer has', () => {
    const stored = ['meta:stage', 'field:gone', 'field:cv', 'field:name'];
    expect(resolveColumns({ available, stored, defaults })).toEqual(['meta:stage', 'field:cv', 'field:name']);
  });

  it('falls back to the defaults when nothing readable was stored', () => {
    expect(resolveColumns({ available, stored: undefined, defaults })).toEqual(defaults);
    expect(resolveColumns({ available, stored: 'field:name', defaults })).toEqual(defaults);
    expect(resolveColumns({ available, stored: ['field:name', 'field:name'], defaults })).toEqual(defaults);
    expect(resolveColumns({ available, stored: ['nonsense'], defaults })).toEqual(defaults);
  });

  it('keeps an empty choice empty (every column hidden is a choice)', () => {
    expect(resolveColumns({ available, stored: [], defaults })).toEqual([]);
  });

  it('refuses a column listed twice or an unknown kind', () => {
    expect(tableColumnsSchema.safeParse(['field:a', 'field:a']).success).toBe(false);
    expect(tableColumnsSchema.safeParse(['other:a']).success).toBe(false);
    expect(tableColumnsSchema.safeParse(['field:a', 'meta:stage']).success).toBe(true);
  });

  it('moves a column up and down, clamped to the ends', () => {
    expect(moveColumn(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveColumn(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 2, 9)).toEqual(['a', 'b', 'c']);
  });
});

describe('references', () => {
  it('writes a number as #142', () => {
    expect(referenceText(142)).toBe('#142');
  });

  it('reads #142 as exactly that submission and 142 as a number answers may also hold', () => {
    expect(referenceInSearch('#142')).toEqual({ number: 142, exact: true });
    expect(referenceInSearch(' 142 ')).toEqual({ number: 142, exact: false });
    expect(referenceInSearch('14a')).toBeNull();
    expect(referenceInSearch('#')).toBeNull();
    expect(referenceInSearch('1234567890')).toBeNull();
  });
});
