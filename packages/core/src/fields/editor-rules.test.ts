import { describe, expect, it } from 'vitest';
import { FIELD_TYPES } from './constants.ts';
import {
  applicableRules,
  createField,
  isDefaultLabel,
  labelError,
  parseNumericInput,
} from './editor-rules.ts';

describe('editor rules', () => {
  it('offers length rules for text, textarea, password, email and url only', () => {
    expect(FIELD_TYPES.filter((t) => applicableRules(t).length)).toEqual([
      'text',
      'textarea',
      'email',
      'password',
      'url',
    ]);
  });

  it('offers value rules for number and range only', () => {
    expect(FIELD_TYPES.filter((t) => applicableRules(t).value)).toEqual(['number', 'range']);
  });

  it('offers a pattern for text, email, password, url and phone only', () => {
    expect(FIELD_TYPES.filter((t) => applicableRules(t).pattern)).toEqual([
      'text',
      'email',
      'phone',
      'password',
      'url',
    ]);
  });

  it('offers options for choice fields only', () => {
    expect(FIELD_TYPES.filter((t) => applicableRules(t).options)).toEqual(['checkbox', 'radio', 'select']);
  });

  it('gives a new choice field three options', () => {
    expect(createField({ type: 'radio', index: 0, id: 'x' })).toEqual({
      id: 'x',
      type: 'radio',
      label: 'Field 1',
      validation: { required: false },
      position: 0,
      options: [
        { id: 'option_1', label: 'Option 1', value: 'option_1' },
        { id: 'option_2', label: 'Option 2', value: 'option_2' },
        { id: 'option_3', label: 'Option 3', value: 'option_3' },
      ],
    });
    expect(createField({ type: 'text', index: 4, id: 'y' })).not.toHaveProperty('options');
  });

  it('creates every type the palette offers, a calculation empty and a page break titled', () => {
    for (const type of FIELD_TYPES) expect(createField({ type, index: 0, id: 'z' }).type).toBe(type);
    expect(createField({ type: 'calculated', index: 2, id: 'c' })).toMatchObject({ expression: '' });
    expect(createField({ type: 'page_break', index: 2, id: 'p' }).label).toBe('New page');
  });

  it('detects default labels and explains label problems', () => {
    expect(isDefaultLabel('Field 12')).toBe(true);
    expect(isDefaultLabel('Field of study')).toBe(false);
    expect(labelError(' ')).toBe('This field must have a label. Please provide one or delete the field.');
    expect(labelError('Field 3')).toBe('Please update the label to a more descriptive title.');
    expect(labelError('Name')).toBeNull();
  });

  it('keeps only parseable numbers from numeric inputs', () => {
    expect(parseNumericInput('12')).toBe(12);
    expect(parseNumericInput('1.5')).toBe(1.5);
    expect(parseNumericInput('abc')).toBeUndefined();
    expect(parseNumericInput('')).toBeUndefined();
  });
});
