import { applyEditPatch } from '@formsmith/core/forms/apply-edit-patch';
import type { EditableForm } from '@formsmith/core/forms/edit-patch';
import { fieldSchema } from '@formsmith/core/forms/field';
import { EMPTY_LOGIC } from '@formsmith/core/logic/definition';
import { describe, expect, it } from 'vitest';
import { diffForms } from './edit-diff.ts';

const FORM: EditableForm = {
  title: 'RSVP',
  description: '',
  language: 'en',
  translations: {},
  logic: EMPTY_LOGIC,
  fields: [
    fieldSchema.parse({
      id: 'f1',
      type: 'yes_no',
      label: 'Attending?',
      position: 0,
      validation: { required: true },
    }),
    fieldSchema.parse({
      id: 'f2',
      type: 'radio',
      label: 'Meal',
      position: 1,
      validation: { required: false },
      options: [
        { id: 'o1', label: 'Fish', value: 'fish' },
        { id: 'o2', label: 'Meat', value: 'meat' },
        { id: 'o3', label: 'Other', value: 'other' },
      ],
    }),
    fieldSchema.parse({
      id: 'f3',
      type: 'textarea',
      label: 'Notes',
      position: 2,
      validation: { required: false },
    }),
  ],
};

describe('the diff of a proposed edit', () => {
  it('names rules, option changes, limits, page breaks and translated labels in words', () => {
    const proposed = applyEditPatch(FORM, {
      summary: 'x',
      operations: [
        {
          op: 'add_rule',
          rule: {
            match: 'all',
            conditions: [{ field: 'f1', operator: 'equals', value: 'no' }],
            actions: [{ type: 'hide', field: 'f2' }],
          },
        },
        { op: 'remove_options', id: 'f2', options: ['Other'] },
        { op: 'rename_option', id: 'f2', from: 'Fish', to: 'Fish of the day' },
        { op: 'update_field', id: 'f3', changes: { maxLength: 300 } },
        { op: 'add_field', after: 'f1', field: { label: 'Your meal', type: 'page_break', required: false } },
        { op: 'translate_label', id: 'f1', language: 'fr', text: 'Présent ?' },
      ],
    });
    expect(diffForms(FORM, proposed)).toEqual([
      { kind: 'added', text: "Page break: a new page 'Your meal' at position 2" },
      { kind: 'changed', text: "Meal: options removed: Other; options renamed: 'Fish' → 'Fish of the day'" },
      { kind: 'changed', text: 'Notes: length 0–300 characters' },
      { kind: 'added', text: "Rule: hide 'Meal' when Attending? equals No" },
      { kind: 'added', text: "French label of 'Attending?': 'Présent ?'" },
    ]);
  });

  it('names the answers of a new calculation as the editor writes them, with @names', () => {
    const after = applyEditPatch(FORM, {
      summary: 'Add a calculation.',
      operations: [
        {
          op: 'add_field',
          after: 'f3',
          field: {
            id: 'total',
            label: 'Total',
            type: 'calculated',
            required: false,
            expression: 'f1 + max(f1, 2)',
          },
        },
      ],
    });
    expect(diffForms(FORM, after)).toContainEqual({
      kind: 'added',
      text: 'Total (calculation: @Attending? + max(@Attending?, 2)) at position 4',
    });
  });
});
