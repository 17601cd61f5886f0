import { describe, expect, it } from 'vitest';
import { applyEditPatch, EditPatchError } from './edit-patch.ts';
import { type FormField, fieldSchema, optionsOf } from './field.ts';

const field = (id: string, type: string, label: string, extra: Record<string, unknown> = {}): FormField =>
  fieldSchema.parse({ id, type, label, position: 0, validation: { required: true }, ...extra });

const FORM = {
  title: 'Salon',
  description: '',
  fields: [
    field('field_1', 'text', 'Name'),
    field('field_2', 'email', 'Email'),
    field('field_3', 'radio', 'Service', {
      options: [
        { id: 'option_1', label: 'Cut', value: 'cut' },
        { id: 'option_2', label: 'Colour', value: 'colour' },
      ],
    }),
  ],
};

describe('applyEditPatch', () => {
  it('adds a field after another with a fresh id and renumbers positions', () => {
    const form = applyEditPatch(FORM, {
      summary: 'Add phone',
      operations: [
        { op: 'add_field', after: 'field_2', field: { label: 'Phone', type: 'phone', required: false } },
      ],
    });
    expect(form.fields.map((f) => [f.id, f.label, f.position])).toEqual([
      ['field_1', 'Name', 0],
      ['field_2', 'Email', 1],
      ['field_4', 'Phone', 2],
      ['field_3', 'Service', 3],
    ]);
  });

  it('keeps the id and value of options whose label stays when the options change', () => {
    const form = applyEditPatch(FORM, {
      summary: 'Add an option and make it a dropdown',
      operations: [
        {
          op: 'update_field',
          id: 'field_3',
          changes: { type: 'select', options: ['Cut', 'Colour', 'Beard trim'] },
        },
      ],
    });
    const service = form.fields[2] as FormField;
    expect(service.type).toBe('select');
    expect(optionsOf(service)).toEqual([
      { id: 'option_1', label: 'Cut', value: 'cut' },
      { id: 'option_2', label: 'Colour', value: 'colour' },
      { id: 'option_3', label: 'Beard trim', value: 'beard_trim' },
    ]);
  });

  it('removes, moves and retitles', () => {
    const form = applyEditPatch(FORM, {
      summary: 'Tidy up',
      operations: [
        { op: 'remove_field', id: 'field_2' },
        { op: 'move_field', id: 'field_3', after: null },
        { op: 'update_form', title: 'Book a visit' },
      ],
    });
    expect(form.title).toBe('Book a visit');
    expect(form.fields.map((f) => f.label)).toEqual(['Service', 'Name']);
  });

  it('refuses a patch naming a field the form does not have', () => {
    expect(() =>
      applyEditPatch(FORM, { summary: 'x', operations: [{ op: 'remove_field', id: 'field_9' }] }),
    ).toThrow(EditPatchError);
  });
});
