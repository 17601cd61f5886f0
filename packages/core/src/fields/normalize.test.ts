import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_FORM_TITLE, normalizeField, normalizeForm } from './normalize.ts';
import { toSavePayload } from './save-payload.ts';
import { formSchema } from './types.ts';
import type { WireForm } from './wire.ts';

const wireForm: WireForm = {
  id: 7,
  title: 'Contact',
  description: 'Reach us',
  fields: [
    {
      id: 'f_a',
      label: 'Name',
      field_type: 'text',
      type: 'text',
      is_required: true,
      position: 0,
      validation_rules: { required: true, minLength: 2 },
    },
    {
      id: 'f_b',
      label: 'Colour',
      field_type: 'select',
      type: 'select',
      is_required: false,
      position: 1,
      validation_rules: {},
      options: [{ id: 'o1', label: 'Red', value: 'red' }],
    },
  ],
  logo_url: null,
  theme_config: { theme: 'dark' },
  is_published: true,
  submit_button_text: 'Send',
  success_message: 'Thanks',
  submissions: 3,
  last_edited: '2025-05-05T10:00:00.000Z',
  created_at: '2025-05-01T10:00:00.000Z',
  sharing: {
    slug: 'contact-us',
    access_restriction: 'password',
    has_access_code: true,
    expiration_date: null,
    share_url: 'http://x/form/contact-us',
    published_at: '2025-05-02T10:00:00.000Z',
    share_count: 4,
  },
  version: 3,
  published_version: 2,
  has_unpublished_changes: true,
};

describe('normalizeForm', () => {
  it('maps a WireForm to the client model', () => {
    const form = normalizeForm(wireForm);
    expect(form).toMatchObject({
      id: 7,
      title: 'Contact',
      description: 'Reach us',
      lastSaved: '2025-05-05T10:00:00.000Z',
      themeConfig: { theme: 'dark' },
      isPublished: true,
      submissions: 3,
      submitButtonText: 'Send',
      successMessage: 'Thanks',
      sharing: {
        slug: 'contact-us',
        accessRestriction: 'password',
        expirationDate: null,
        shareUrl: 'http://x/form/contact-us',
        publishedAt: '2025-05-02T10:00:00.000Z',
        shareCount: 4,
      },
    });
    expect(form.logoUrl).toBeUndefined();
    expect(form.fields[0]).toMatchObject({
      id: 'f_a',
      type: 'text',
      label: 'Name',
      validation: { required: true, minLength: 2 },
    });
    expect(form.fields[1]?.options).toEqual([{ id: 'o1', label: 'Red', value: 'red' }]);
  });

  it('unwraps {form: ...} and reads camelCase names', () => {
    const form = normalizeForm({
      form: {
        id: '3',
        title: 'T',
        logoUrl: 'http://logo',
        themeConfig: {},
        isPublished: false,
        submitButtonText: 'Go',
      },
    });
    expect(form).toMatchObject({
      id: 3,
      title: 'T',
      logoUrl: 'http://logo',
      isPublished: false,
      submitButtonText: 'Go',
    });
    expect(form.themeConfig).toEqual({ theme: 'default' });
  });

  it('reads a PublicForm with top-level sharing names', () => {
    const form = normalizeForm({
      id: 1,
      title: 'P',
      fields: [],
      is_published: true,
      slug: 'my-form',
      access_restriction: 'public',
      expiration_date: '2030-01-01',
    });
    expect(form.sharing).toEqual({
      slug: 'my-form',
      accessRestriction: 'public',
      expirationDate: '2030-01-01',
    });
  });

  it('applies the SPEC §3 defaults', () => {
    const form = normalizeForm({ fields: [] });
    expect(form).toMatchObject({
      title: 'Untitled Form',
      description: '',
      submitButtonText: 'Submit',
      successMessage: 'Thank you for your submission!',
      submissions: 0,
      themeConfig: { theme: 'default' },
      sharing: { accessRestriction: 'public' },
    });
  });

  it('uses is_public, then is_published, then an explicit public restriction for the publish flag', () => {
    expect(normalizeForm({ title: 'a', is_public: true }).isPublished).toBe(true);
    expect(normalizeForm({ title: 'a', is_published: false, access_restriction: 'public' }).isPublished).toBe(
      false,
    );
    expect(normalizeForm({ title: 'a', accessRestriction: 'public' }).isPublished).toBe(true);
    expect(normalizeForm({ title: 'a', sharing: { accessRestriction: 'private' } }).isPublished).toBe(false);
    expect(normalizeForm({ title: 'a' }).isPublished).toBe(false);
  });

  it.each([null, undefined, 42, 'text', [], [1, 2], { forms: [] }, { form: 'x' }])(
    'answers the Error Loading Form placeholder for %j',
    (raw) => {
      const form = normalizeForm(raw);
      expect(form.title).toBe(ERROR_FORM_TITLE);
      expect(form.fields).toEqual([]);
      expect(form.isPublished).toBe(false);
    },
  );

  it('orders fields by position, renumbers them and makes ids unique', () => {
    const form = normalizeForm({
      title: 'x',
      fields: [
        { id: 'a', label: 'Second', type: 'text', position: 5 },
        { id: 'a', label: 'First', type: 'text', position: 1 },
        { label: 'Third', type: 'text' },
      ],
    });
    expect(form.fields.map((f) => [f.id, f.label, f.position])).toEqual([
      ['a', 'First', 0],
      ['field_3', 'Third', 1],
      ['a_2', 'Second', 2],
    ]);
  });

  it('reads submission counts and last-saved time from several names', () => {
    expect(normalizeForm({ title: 'x', submission_count: '12', updated_at: 'd' })).toMatchObject({
      submissions: 12,
      lastSaved: 'd',
    });
    expect(normalizeForm({ title: 'x', submissions: [{}, {}] }).submissions).toBe(2);
    expect(normalizeForm({ title: 'x', submissions: -3 }).submissions).toBe(0);
  });
});

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
    expect(normalizeField({ type: 'radio', ...raw }, 0).options).toEqual([
      { id: 'option_1', label: 'A', value: 'a' },
    ]);
  });

  it('reads plain-string options with the string as label and value', () => {
    expect(normalizeField({ type: 'select', options: ['Red', 'Blue'] }, 0).options).toEqual([
      { id: 'option_1', label: 'Red', value: 'Red' },
      { id: 'option_2', label: 'Blue', value: 'Blue' },
    ]);
  });

  it.each(['select', 'radio', 'checkbox'])('gives a %s field without options one option "Option"', (type) => {
    expect(normalizeField({ type }, 0).options).toEqual([
      { id: 'option1', label: 'Option', value: 'option1' },
    ]);
  });

  it('drops options from fields that are not choice fields', () => {
    expect(normalizeField({ type: 'text', options: ['a'] }, 0).options).toBeUndefined();
  });

  it('reads required from is_required, required or validation.required', () => {
    expect(normalizeField({ is_required: true }, 0).validation.required).toBe(true);
    expect(normalizeField({ required: 'true' }, 0).validation.required).toBe(true);
    expect(normalizeField({ validation: { required: true } }, 0).validation.required).toBe(true);
    expect(normalizeField({ validation_rules: { required: true } }, 0).validation.required).toBe(true);
    expect(normalizeField({}, 0).validation.required).toBe(false);
  });

  it('reads validation rules in either case and keeps only usable numbers', () => {
    const field = normalizeField(
      {
        type: 'number',
        min: '1',
        max: 10,
        validation_rules: { min_length: 2, maxLength: 'lots', pattern: '^a', custom_error: 'Bad', step: 0.5 },
      },
      0,
    );
    expect(field.validation).toEqual({
      required: false,
      min: 1,
      max: 10,
      minLength: 2,
      pattern: '^a',
      customError: 'Bad',
      step: 0.5,
    });
  });

  it('reads the remaining snake_case properties', () => {
    const field = normalizeField(
      {
        type: 'text',
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

describe('normalisation properties', () => {
  it('never throws and always yields a valid model', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withObjectString: true }), (raw) => {
        formSchema.parse(normalizeForm(raw));
        formSchema.parse(normalizeForm({ form: raw }));
      }),
      { numRuns: 300 },
    );
  });

  it('yields a valid model for form-shaped input with arbitrary values', () => {
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
      ),
      fc.anything(),
    );
    fc.assert(
      fc.property(
        fc.record(
          {
            title: fc.anything(),
            fields: fc.array(fc.oneof(fieldArb, fc.anything())),
            sharing: fc.anything(),
          },
          { requiredKeys: [] },
        ),
        (raw) => {
          formSchema.parse(normalizeForm(raw));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('round-trips a normalised form through the save payload', () => {
    fc.assert(
      fc.property(fc.anything(), fc.array(fc.anything(), { maxLength: 6 }), (title, fields) => {
        const form = normalizeForm({ title, fields, access_restriction: 'password', access_code: 'c0de' });
        const again = normalizeForm(toSavePayload(form));
        expect(again.fields).toEqual(form.fields);
        expect({ ...again, isPublished: form.isPublished }).toEqual(form);
      }),
      { numRuns: 300 },
    );
  });
});
