import { describe, expect, it } from 'vitest';
import { EMPTY_LOGIC } from '../logic/definition.ts';
import { questionRuleId } from '../logic/field-rules.ts';
import { applyEditPatch, checkEditPatch } from './apply-edit-patch.ts';
import { type EditableForm, type EditOperation, EditPatchError } from './edit-patch.ts';
import { type FormField, fieldSchema, optionsOf, rulesOf } from './field.ts';

const field = (id: string, type: string, label: string, extra: Record<string, unknown> = {}): FormField =>
  fieldSchema.parse({ id, type, label, position: 0, validation: { required: true }, ...extra });

const FORM: EditableForm = {
  title: 'Salon',
  description: '',
  language: 'en',
  translations: {},
  logic: EMPTY_LOGIC,
  fields: [
    field('field_1', 'text', 'Name'),
    field('field_2', 'email', 'Email'),
    field('field_3', 'radio', 'Service', {
      options: [
        { id: 'option_1', label: 'Cut', value: 'cut' },
        { id: 'option_2', label: 'Colour', value: 'colour' },
        { id: 'option_3', label: 'Other', value: 'other' },
      ],
    }),
    field('field_4', 'yes_no', 'Attending?'),
    field('field_5', 'textarea', 'Notes', { validation: { required: false } }),
  ],
};

const apply = (...operations: EditOperation[]) => applyEditPatch(FORM, { summary: 'test', operations });
const byId = (form: EditableForm, id: string) => form.fields.find((f) => f.id === id) as FormField;

describe('applyEditPatch on fields', () => {
  it('adds a field after another with a fresh id and renumbers positions', () => {
    const form = apply({
      op: 'add_field',
      after: 'field_2',
      field: { label: 'Phone', type: 'phone', required: false },
    });
    expect(form.fields.map((f) => [f.id, f.label, f.position])).toEqual([
      ['field_1', 'Name', 0],
      ['field_2', 'Email', 1],
      ['field_6', 'Phone', 2],
      ['field_3', 'Service', 3],
      ['field_4', 'Attending?', 4],
      ['field_5', 'Notes', 5],
    ]);
  });

  it('adds a field under the id the patch gives it, so a later operation can name it', () => {
    const form = apply(
      { op: 'add_field', field: { id: 'policy', label: 'Policy number', type: 'text', required: false } },
      { op: 'update_field', id: 'policy', changes: { required: true, maxLength: 20 } },
    );
    expect(byId(form, 'policy').validation).toEqual({ required: true, maxLength: 20 });
  });

  it('keeps the id and value of options whose label stays when a retype gives the options', () => {
    const form = apply({
      op: 'update_field',
      id: 'field_3',
      changes: { type: 'select', options: ['Cut', 'Colour', 'Beard trim'] },
    });
    const service = byId(form, 'field_3');
    expect(service.type).toBe('select');
    expect(optionsOf(service)).toEqual([
      { id: 'option_1', label: 'Cut', value: 'cut' },
      { id: 'option_2', label: 'Colour', value: 'colour' },
      { id: 'option_4', label: 'Beard trim', value: 'beard_trim' },
    ]);
  });

  it('removes, moves and retitles', () => {
    const form = apply(
      { op: 'remove_field', id: 'field_2' },
      { op: 'move_field', id: 'field_3', after: null },
      { op: 'update_form', title: 'Book a visit' },
    );
    expect(form.title).toBe('Book a visit');
    expect(form.fields.map((f) => f.label)).toEqual(['Service', 'Name', 'Attending?', 'Notes']);
  });

  it('sets length limits, a named pattern and help text, and clears them again', () => {
    const limited = apply({
      op: 'update_field',
      id: 'field_1',
      changes: {
        maxLength: 300,
        pattern: 'letters_and_spaces',
        helpText: 'As on your card',
        placeholder: 'Jane',
      },
    });
    const name = byId(limited, 'field_1');
    expect(rulesOf(name)).toMatchObject({
      maxLength: 300,
      customError: 'Please use letters and spaces only',
    });
    expect(name.helpText).toBe('As on your card');
    const cleared = applyEditPatch(limited, {
      summary: 'clear',
      operations: [
        { op: 'update_field', id: 'field_1', changes: { maxLength: null, pattern: null, helpText: '' } },
      ],
    });
    expect(byId(cleared, 'field_1').validation).toEqual({ required: true });
    expect(byId(cleared, 'field_1').helpText).toBeUndefined();
  });

  it('refuses a rule the field type does not carry, and bounds the wrong way round', () => {
    expect(
      checkEditPatch(FORM, {
        summary: 'x',
        operations: [{ op: 'update_field', id: 'field_2', changes: { min: 3 } }],
      }),
    ).toBe("'Email' is a email question: it takes no lowest value.");
    expect(
      checkEditPatch(FORM, {
        summary: 'x',
        operations: [{ op: 'update_field', id: 'field_1', changes: { minLength: 10, maxLength: 5 } }],
      }),
    ).toMatch(/shortest length is above the longest/);
  });

  it('sets the accepted file types and size of a file field', () => {
    const form = apply({
      op: 'add_field',
      field: { label: 'CV', type: 'file', required: true, accept: ['.pdf'], maxFileSize: 5 * 1024 * 1024 },
    });
    expect(form.fields.at(-1)?.validation).toEqual({
      required: true,
      accept: ['.pdf'],
      maxFileSize: 5242880,
    });
  });

  it('lets a file field take several files within a total, and refuses a count past the limit', () => {
    const form = apply({
      op: 'add_field',
      field: { label: 'Photos', type: 'file', required: false, maxFiles: 4, maxTotalSize: 8 * 1024 * 1024 },
    });
    expect(form.fields.at(-1)?.validation).toEqual({ required: false, maxFiles: 4, maxTotalSize: 8388608 });
    expect(() =>
      apply({ op: 'add_field', field: { label: 'Photos', type: 'file', required: false, maxFiles: 500 } }),
    ).toThrow(/1 to 10 files/);
  });

  it('gives a ranking and a picture choice their options, and refuses a grid it cannot set up', () => {
    const ranked = apply({
      op: 'add_field',
      field: { label: 'Order these', type: 'ranking', required: false, options: ['A', 'B'] },
    });
    expect(optionsOf(ranked.fields.at(-1)!)?.map((o) => o.label)).toEqual(['A', 'B']);
    const pictured = apply({
      op: 'add_field',
      field: { label: 'Pick one', type: 'picture_choice', required: false },
    });
    expect(optionsOf(pictured.fields.at(-1)!)?.length).toBeGreaterThan(0);
    expect(() =>
      apply({ op: 'add_field', field: { label: 'Grid', type: 'matrix', required: false } }),
    ).toThrow(EditPatchError);
    expect(() => apply({ op: 'update_field', id: 'field_1', changes: { type: 'matrix' } })).toThrow(
      /add a matrix in the editor/,
    );
  });

  it('refuses a patch naming a field the form does not have, and applies nothing of it', () => {
    expect(() =>
      apply(
        { op: 'update_field', id: 'field_1', changes: { required: false } },
        { op: 'remove_field', id: 'field_9' },
      ),
    ).toThrow(EditPatchError);
  });

  it('adds a page break with its page title', () => {
    const form = apply({
      op: 'add_field',
      after: 'field_2',
      field: { label: 'Your visit', type: 'page_break', required: true },
    });
    expect(form.fields[2]).toMatchObject({
      type: 'page_break',
      label: 'Your visit',
      validation: { required: false },
    });
  });
});

describe('applyEditPatch on options', () => {
  it('adds options after a given one, removes, renames keeping the value, and reorders', () => {
    const form = apply(
      { op: 'add_options', id: 'field_3', options: ['Perm', 'Wash'], after: 'Cut' },
      { op: 'remove_options', id: 'field_3', options: ['other'] },
      { op: 'rename_option', id: 'field_3', from: 'Colour', to: 'Colouring' },
      { op: 'reorder_options', id: 'field_3', options: ['Colouring', 'Cut', 'Perm', 'Wash'] },
    );
    expect(optionsOf(byId(form, 'field_3'))?.map((o) => [o.label, o.value])).toEqual([
      ['Colouring', 'colour'],
      ['Cut', 'cut'],
      ['Perm', 'perm'],
      ['Wash', 'wash'],
    ]);
  });

  it('refuses an option that is already there, one that is not, and an order that leaves one out', () => {
    const check = (operation: EditOperation) =>
      checkEditPatch(FORM, { summary: 'x', operations: [operation] });
    expect(check({ op: 'add_options', id: 'field_3', options: ['cut'] })).toMatch(
      /already has an option 'cut'/,
    );
    expect(check({ op: 'remove_options', id: 'field_3', options: ['Perm'] })).toMatch(/has no option 'Perm'/);
    expect(check({ op: 'reorder_options', id: 'field_3', options: ['Cut', 'Colour'] })).toMatch(
      /each of its options once/,
    );
    expect(check({ op: 'remove_options', id: 'field_3', options: ['Cut', 'Colour', 'Other'] })).toMatch(
      /at least one option/,
    );
  });
});

describe('applyEditPatch on logic and languages', () => {
  it('adds a hide rule comparing with the stored value of the answer named', () => {
    const form = apply({
      op: 'add_rule',
      rule: {
        match: 'all',
        conditions: [{ field: 'field_4', operator: 'equals', value: 'No' }],
        actions: [{ type: 'hide', field: 'field_5' }],
      },
    });
    expect(form.logic.rules).toEqual([
      {
        id: 'rule_1',
        match: 'all',
        conditions: [{ source: 'field', ref: 'field_4', operator: 'equals', value: 'no' }],
        actions: [{ type: 'hide', field: 'field_5' }],
      },
    ]);
  });

  it('refuses a rule that reads a question the respondent has not reached, or an answer it does not offer', () => {
    const rule = (field: string, value: string) =>
      checkEditPatch(FORM, {
        summary: 'x',
        operations: [
          {
            op: 'add_rule',
            rule: {
              match: 'all',
              conditions: [{ field, operator: 'equals', value }],
              actions: [{ type: 'hide', field: 'field_1' }],
            },
          },
        ],
      });
    expect(rule('field_4', 'yes')).toMatch(/has not reached yet/);
    expect(rule('field_3', 'Perm')).toMatch(/has no answer 'Perm'/);
  });

  it("adds an ending and a rule ending the form there, on the page of the rule's condition", () => {
    const form = apply(
      {
        op: 'add_field',
        after: 'field_4',
        field: { id: 'page', label: 'More', type: 'page_break', required: false },
      },
      { op: 'add_ending', ending: { id: 'sorry', title: 'Sorry', message: 'Maybe next time' } },
      {
        op: 'add_rule',
        rule: {
          match: 'all',
          conditions: [{ field: 'field_4', operator: 'equals', value: 'no' }],
          actions: [{ type: 'end', ending: 'sorry' }],
        },
      },
    );
    expect(form.logic.rules[0]).toMatchObject({
      page: 'page_1',
      actions: [{ type: 'end', ending: 'sorry' }],
    });
    expect(form.logic.endings).toEqual([
      { id: 'sorry', title: 'Sorry', message: 'Maybe next time', redirectParams: [] },
    ]);
  });

  it('removing a field takes the rules that read it, its actions and its translations with it', () => {
    const withLogic = applyEditPatch(
      { ...FORM, translations: { fr: { 'field.field_4.label': 'Présent ?', 'field.field_1.label': 'Nom' } } },
      {
        summary: 'rules',
        operations: [
          {
            op: 'add_rule',
            rule: {
              match: 'all',
              conditions: [{ field: 'field_4', operator: 'equals', value: 'no' }],
              actions: [{ type: 'hide', field: 'field_5' }],
            },
          },
          {
            op: 'add_rule',
            rule: {
              match: 'all',
              conditions: [{ field: 'field_1', operator: 'is_empty' }],
              actions: [
                { type: 'require', field: 'field_4' },
                { type: 'hide', field: 'field_5' },
              ],
            },
          },
        ],
      },
    );
    const form = applyEditPatch(withLogic, {
      summary: 'x',
      operations: [{ op: 'remove_field', id: 'field_4' }],
    });
    expect(form.logic.rules.map((r) => [r.id, r.actions])).toEqual([
      ['rule_2', [{ type: 'hide', field: 'field_5' }]],
    ]);
    expect(form.translations).toEqual({ fr: { 'field.field_1.label': 'Nom' } });
  });

  it('removing an option takes the rules that compared with it', () => {
    const withRule = apply({
      op: 'add_rule',
      rule: {
        match: 'all',
        conditions: [{ field: 'field_3', operator: 'equals', value: 'Other' }],
        actions: [{ type: 'require', field: 'field_5' }],
      },
    });
    const form = applyEditPatch(withRule, {
      summary: 'x',
      operations: [{ op: 'remove_options', id: 'field_3', options: ['Other'] }],
    });
    expect(form.logic.rules).toEqual([]);
  });

  it("removing a field or an option takes the questions' own show/hide rules that read it", () => {
    const shown = (target: string, ref: string, value: string) => ({
      id: questionRuleId(target),
      match: 'all' as const,
      conditions: [{ source: 'field' as const, ref, operator: 'equals' as const, value }],
      actions: [{ type: 'show' as const, field: target }],
    });
    const form = {
      ...FORM,
      logic: {
        ...EMPTY_LOGIC,
        rules: [shown('field_5', 'field_3', 'other'), shown('field_2', 'field_4', 'yes')],
      },
    };
    const edit = (operation: EditOperation) =>
      applyEditPatch(form, { summary: 'x', operations: [operation] });
    const withoutOther = edit({ op: 'remove_options', id: 'field_3', options: ['Other'] });
    expect(withoutOther.logic.rules.map((r) => r.id)).toEqual(['field-field_2']);
    expect(byId(withoutOther, 'field_5')).toEqual({ ...byId(form, 'field_5'), position: 4 });
    const withoutAttending = edit({ op: 'remove_field', id: 'field_4' });
    expect(withoutAttending.logic.rules.map((r) => r.id)).toEqual(['field-field_5']);
  });

  it('translates a label into another language, and refuses the form’s own language', () => {
    const form = apply({ op: 'translate_label', id: 'field_1', language: 'FR', text: 'Nom' });
    expect(form.translations).toEqual({ fr: { 'field.field_1.label': 'Nom' } });
    expect(
      checkEditPatch(FORM, {
        summary: 'x',
        operations: [{ op: 'translate_label', id: 'field_1', language: 'en', text: 'N' }],
      }),
    ).toMatch(/form's own language/);
  });

  it('adds a calculation and refuses one that reads a question that does not exist', () => {
    const form = apply(
      { op: 'add_field', field: { id: 'qty', label: 'Quantity', type: 'number', required: true } },
      {
        op: 'add_field',
        field: { label: 'Total', type: 'calculated', required: false, expression: 'qty * 12' },
      },
    );
    expect(form.fields.at(-1)).toMatchObject({ type: 'calculated', expression: 'qty * 12' });
    expect(
      checkEditPatch(FORM, {
        summary: 'x',
        operations: [
          {
            op: 'add_field',
            field: { label: 'Total', type: 'calculated', required: false, expression: 'price * 2' },
          },
        ],
      }),
    ).toMatch(/refers to 'price', which does not exist/);
  });
});
