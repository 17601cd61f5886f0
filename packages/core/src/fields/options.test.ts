import { describe, expect, it } from 'vitest';
import { isGeneratedValue, optionValueFromLabel, relabelOption } from './options.ts';

const options = [
  { id: 'a', label: 'Option 1', value: 'option_1' },
  { id: 'b', label: 'Small', value: 'small' },
  { id: 'c', label: 'Large', value: 'L' },
];

describe('option values from labels', () => {
  it('turns a label into a plain, unique value', () => {
    expect(optionValueFromLabel('Extra large (XL)', new Set())).toBe('extra_large_xl');
    expect(optionValueFromLabel('Crème brûlée', new Set())).toBe('creme_brulee');
    expect(optionValueFromLabel('Small', new Set(['small']))).toBe('small_2');
    expect(optionValueFromLabel('!!!', new Set())).toBe('option');
  });

  it('follows renames of generated values, keeps values typed by hand', () => {
    expect(relabelOption({ options, index: 0, label: 'Medium', keepValues: false })[0]?.value).toBe('medium');
    expect(relabelOption({ options, index: 1, label: 'Tiny', keepValues: false })[1]?.value).toBe('tiny');
    expect(relabelOption({ options, index: 2, label: 'Huge', keepValues: false })[2]).toEqual({
      id: 'c',
      label: 'Huge',
      value: 'L',
    });
  });

  it('stays stable once the form has answers', () => {
    expect(relabelOption({ options, index: 1, label: 'Tiny', keepValues: true })[1]).toEqual({
      id: 'b',
      label: 'Tiny',
      value: 'small',
    });
  });

  it('never gives two options the same value', () => {
    const next = relabelOption({ options, index: 0, label: 'Small', keepValues: false });
    expect(next.map((o) => o.value)).toEqual(['small_2', 'small', 'L']);
    expect(isGeneratedValue('small_2', 'Small')).toBe(true);
  });
});
