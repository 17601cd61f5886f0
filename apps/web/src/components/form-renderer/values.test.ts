import { describe, expect, it } from 'vitest';
import { fileValues, textList } from './values.ts';

const cv = { upload_id: 'u1', name: 'cv.pdf', size: 10, type: 'application/pdf' };
const photo = { upload_id: 'u2', name: 'photo.png', size: 20, type: 'image/png' };

describe('fileValues', () => {
  it('reads a field’s one file, the list of a field that takes several, or none', () => {
    expect(fileValues(cv)).toEqual([cv]);
    expect(fileValues([cv, photo])).toEqual([cv, photo]);
    expect(fileValues(null)).toEqual([]);
    expect(fileValues(undefined)).toEqual([]);
    expect(fileValues([])).toEqual([]);
  });

  it('is empty for values that are not files (text, ticked options, a flag)', () => {
    expect(fileValues('cv.pdf')).toEqual([]);
    expect(fileValues(['a', 'b'])).toEqual([]);
    expect(fileValues(true)).toEqual([]);
    // A matrix whose row is called 'name', or an address, holds texts, not a file.
    expect(fileValues({ name: 'often', price: 'never' })).toEqual([]);
    expect(fileValues({ line1: '1 Main St', city: 'Leeds' })).toEqual([]);
  });
});

describe('textList', () => {
  it('keeps the texts of a list and is empty for anything else', () => {
    expect(textList(['a', 'b'])).toEqual(['a', 'b']);
    expect(textList('a')).toEqual([]);
    expect(textList([cv])).toEqual([]);
    expect(textList(null)).toEqual([]);
  });
});
