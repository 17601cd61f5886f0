import { describe, expect, it } from 'vitest';
import { formatAnswer } from './answer-format.ts';
import { makeField } from './test-fields.ts';

describe('formatAnswer', () => {
  const box = makeField('checkbox', { options: [{ id: 'a', label: 'Apple', value: 'apple' }] });

  it('joins lists with commas and shows option labels', () => {
    expect(formatAnswer(box, ['apple', 'kiwi'])).toBe('Apple, kiwi');
  });

  it('shows booleans as Yes or No and missing answers as empty', () => {
    expect(formatAnswer(box, true)).toBe('Yes');
    expect(formatAnswer(undefined, false)).toBe('No');
    expect(formatAnswer(undefined, null)).toBe('');
    expect(formatAnswer(undefined, undefined)).toBe('');
  });

  it('shows numbers, file names and other objects', () => {
    expect(formatAnswer(undefined, 4.5)).toBe('4.5');
    expect(formatAnswer(undefined, { name: 'cv.pdf', id: 'u1' })).toBe('cv.pdf');
    expect(formatAnswer(undefined, { x: 1 })).toBe('{"x":1}');
  });
});
