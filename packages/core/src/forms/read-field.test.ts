import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldSchema, optionsOf } from './field.ts';
import { normalizeField, normalizeFields } from './read-field.ts';

describe('normalizeField', () => {
  it('prefers field_type over type and falls back to text for unknown types', () => {
    expect(normalizeField({ field_type: 'email', type: 'text' }, 0).type).toBe('email');
    expect(normalizeField({ type: 'number' }, 0).type).toBe('number');
    expect(normalizeField({ type: 'hologram' }, 0).type).toBe('text');
    expect(normalizeField({ field_type: 'nope', type: 'date' }, 0).type).toBe('date');
    expect(normalizeField({ type: 'Dropdown' }, 0).type).toBe('select');
  });

  it('gives default labels and ids from the position', () => {
    const field = normalizeField({ type: 'text', label: '  ' }, 2);
    expect(field).toMatchObject({ id: 'field_3', label: 'Field 3', position: 2 });
    expect(normalizeField({ id: 12, label: 'x' }, 0).id).toBe('12');
  });

  it('turns a plain string into a text field with that label', () => {
    expect(normalizeField('Your name', 0)).toMatchObject({ type: 'text', label: 'Your name' });
  });

  it.each([
    ['options list', { options: [{ label: 'A', value: 'a' }] }],
    ['validation_rules.options', { validation_rules: { options: [{ label: 'A', value: 'a' }] } }],
    ['enum', { enum: [{ label: 'A', value: 'a' }] }],
    ['choices', { choices: [{ text: 'A', value: 'a' }] }],
  ])('reads options from %s', (_name, raw) => {
    expect(optionsOf(normalizeField({ type: 'radio', ...raw }, 0))).toEqual([
      { id: 'option_1', label: 'A', value: 'a' },
    ]);
  });

  it('reads plain-string options with the string as label and value', () => {
    expect(optionsOf(normalizeField({ type: 'select', options: ['Red', 'Blue'] }, 0))).toEqual([
      { id: 'option_1', label: 'Red', value: 'Red' },
      { id: 'option_2', label: 'Blue', value: 'Blue' },
    ]);
  });

  it.each(['select', 'radio', 'checkbox'])('gives a %s field without options one option "Option"', (type) => {
    expect(optionsOf(normalizeField({ type }, 0))).toEqual([
      { id: 'option1', label: 'Option', value: 'option1' },
    ]);
  });

  it('drops what the type does not carry: options of a text field, the image of a date field', () => {
    expect(normalizeField({ type: 'text', options: ['a'] }, 0)).not.toHaveProperty('options');
    expect(normalizeField({ type: 'date', image_url: 'http://img' }, 0)).not.toHaveProperty('imageUrl');
  });

  it('reads required from is_required, required or validation.required', () => {
    expect(normalizeField({ is_required: true }, 0).validation.required).toBe(true);
    expect(normalizeField({ required: 'true' }, 0).validation.required).toBe(true);
    expect(normalizeField({ validation: { required: true } }, 0).validation.required).toBe(true);
    expect(normalizeField({ validation_rules: { required: true } }, 0).validation.required).toBe(true);
    expect(normalizeField({}, 0).validation.required).toBe(false);
  });

  it('reads validation rules in either case and keeps only usable numbers', () => {
    const rules = { min_length: 2, maxLength: 'lots', pattern: '^a', custom_error: 'Bad', step: 0.5 };
    const number = normalizeField({ type: 'number', min: '1', max: 10, validation_rules: rules }, 0);
    expect(number.validation).toEqual({ required: false, min: 1, max: 10, step: 0.5 });
    const text = normalizeField({ type: 'text', min: '1', validation_rules: rules }, 0);
    expect(text.validation).toEqual({ required: false, minLength: 2, pattern: '^a', customError: 'Bad' });
  });

  it('reads the remaining snake_case properties', () => {
    const field = normalizeField(
      {
        type: 'image',
        help_text: 'help',
        default_value: 5,
        is_hidden: true,
        is_read_only: true,
        parent_id: 'p',
        image_url: 'http://img',
        conditional_logic: {
          action: 'hide',
          match: 'any',
          conditions: [{ field_id: 'a', operator: 'equals', value: 1 }],
        },
      },
      0,
    );
    expect(field).toMatchObject({
      helpText: 'help',
      defaultValue: '5',
      isHidden: true,
      isReadOnly: true,
      parentId: 'p',
      imageUrl: 'http://img',
      conditionalLogic: {
        action: 'hide',
        match: 'any',
        conditions: [{ fieldId: 'a', operator: 'equals', value: '1' }],
      },
    });
  });

  it('drops unusable conditional logic', () => {
    expect(
      normalizeField({ conditional_logic: { conditions: [{ operator: 'resembles' }] } }, 0).conditionalLogic,
    ).toBeUndefined();
  });
});

describe('normalizeFields', () => {
  it('orders fields by position, renumbers them and makes ids unique', () => {
    const fields = normalizeFields([
      { id: 'a', label: 'Second', type: 'text', position: 5 },
      { id: 'a', label: 'First', type: 'text', position: 1 },
      { label: 'Third', type: 'text' },
    ]);
    expect(fields.map((f) => [f.id, f.label, f.position])).toEqual([
      ['a', 'First', 0],
      ['field_3', 'Third', 1],
      ['a_2', 'Second', 2],
    ]);
  });

  it('gives no fields for anything but a list', () => {
    expect(normalizeFields({ fields: [] })).toEqual([]);
  });
});

const fieldArb = fc.dictionary(
  fc.constantFrom(
    'id',
    'type',
    'field_type',
    'label',
    'options',
    'validation_rules',
    'validation',
    'min',
    'max',
    'is_required',
    'conditional_logic',
    'position',
    'enum',
    'choices',
    'image_url',
  ),
  fc.anything(),
);

describe('reading properties', () => {
  it('never throws and always yields canonical fields', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withObjectString: true }), (raw) => {
        for (const field of normalizeFields(raw)) fieldSchema.parse(field);
        for (const field of normalizeFields([raw])) fieldSchema.parse(field);
      }),
      { numRuns: 300 },
    );
  });

  it('yields canonical fields for field-shaped input with arbitrary values', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fieldArb, fc.anything())), (raw) => {
        for (const field of normalizeFields(raw)) expect(fieldSchema.parse(field)).toEqual(field);
      }),
      { numRuns: 300 },
    );
  });

  it('reads a canonical field back unchanged', () => {
    fc.assert(
      fc.property(fc.array(fieldArb, { maxLength: 6 }), (raw) => {
        const fields = normalizeFields(raw);
        expect(normalizeFields(fields)).toEqual(fields);
      }),
      { numRuns: 300 },
    );
  });
});
