import { describe, expect, it } from 'vitest';
import { normalizeForm } from './normalize.ts';
import { toSavePayload, toWireField } from './save-payload.ts';
import { makeField } from './test-fields.ts';
import { wireFieldSchema } from './wire.ts';

describe('toWireField', () => {
  it('writes the server names, the index as position and options inside validation_rules for choice fields', () => {
    const options = [{ id: 'a', label: 'A', value: 'a' }];
    const wire = toWireField(
      makeField('select', {
        id: 's',
        label: 'Pick',
        position: 9,
        options,
        validation: { required: true, min: 1, max: 3 },
        helpText: 'h',
      }),
      2,
    );
    expect(wire).toEqual({
      id: 's',
      label: 'Pick',
      field_type: 'select',
      type: 'select',
      is_required: true,
      position: 2,
      validation_rules: { required: true, min: 1, max: 3, options },
      options,
      min: 1,
      max: 3,
      help_text: 'h',
    });
    expect(wireFieldSchema.parse(wire)).toEqual(wire);
  });

  it('sends no options for other types', () => {
    const wire = toWireField(makeField('text', { options: [{ id: 'a', label: 'A', value: 'a' }] }), 0);
    expect(wire.options).toBeUndefined();
    expect(wire.validation_rules).toEqual({});
    expect(wire.is_required).toBe(false);
  });
});

describe('toSavePayload', () => {
  const form = normalizeForm({
    title: 'T',
    description: 'D',
    logo_url: 'http://logo',
    submit_button_text: 'Go',
    success_message: 'Yay',
    sharing: {
      slug: 's-1',
      access_restriction: 'password',
      access_code: 'pw',
      expiration_date: '2031-01-01',
    },
  });

  it('writes every save-payload name', () => {
    expect(toSavePayload(form)).toEqual({
      title: 'T',
      description: 'D',
      fields: [],
      logo_url: 'http://logo',
      theme_config: { theme: 'default' },
      slug: 's-1',
      access_code: 'pw',
      expiration_date: '2031-01-01',
      access_restriction: 'password',
      submit_button_text: 'Go',
      success_message: 'Yay',
    });
  });

  it('sends an empty access code unless the restriction is password', () => {
    const open = { ...form, sharing: { ...form.sharing, accessRestriction: 'public' as const } };
    expect(toSavePayload(open).access_code).toBe('');
  });
});
