import { describe, expect, it } from 'vitest';
import { makeField } from '../fields/test-fields.ts';
import { fieldSchema, optionsOf, patchField, rulesOf } from './field.ts';

describe('fieldSchema', () => {
  it('keeps only the rules and properties of the field type', () => {
    const field = fieldSchema.parse({
      id: 'a',
      type: 'number',
      label: 'Age',
      position: 0,
      validation: { required: true, min: 1, pattern: '^x$' },
      options: [{ id: 'o', label: 'O', value: 'o' }],
      imageUrl: 'http://img',
    });
    expect(field).toEqual({
      id: 'a',
      type: 'number',
      label: 'Age',
      position: 0,
      validation: { required: true, min: 1 },
    });
  });

  it('refuses a choice field without its options', () => {
    expect(
      fieldSchema.safeParse({
        id: 'a',
        type: 'radio',
        label: 'A',
        position: 0,
        validation: { required: false },
      }).success,
    ).toBe(false);
  });
});

describe('patchField', () => {
  it('unsets a rule left out of the patched rules and keeps required', () => {
    const field = makeField('text', { validation: { required: true, minLength: 2, maxLength: 9 } });
    const patched = patchField(field, { validation: { minLength: 2 } });
    expect(rulesOf(patched)).toEqual({ required: true, minLength: 2 });
  });

  it('drops what the type does not carry', () => {
    const patched = patchField(makeField('date'), {
      options: [{ id: 'o', label: 'O', value: 'o' }],
      label: 'When',
    });
    expect(patched.label).toBe('When');
    expect(optionsOf(patched)).toBeUndefined();
  });
});
