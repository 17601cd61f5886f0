import { describe, expect, it } from 'vitest';
import { createField } from '../fields/editor-rules.ts';
import { formLogicSchema } from '../logic/definition.ts';
import { type FormField, fieldSchema } from './field.ts';
import { formProblems, NO_FIELDS_MESSAGE } from './problems.ts';

const field = (raw: Record<string, unknown>): FormField =>
  fieldSchema.parse({ validation: { required: false }, position: 0, ...raw });

const price = field({ id: 'price', type: 'number', label: 'Price' });
const total = field({ id: 'total', type: 'calculated', label: 'Total', expression: 'price * (1 +' });
const notes = field({ id: 'notes', type: 'text', label: 'Notes' });

describe('formProblems', () => {
  it('names a calculation that does not parse by its field id and label', () => {
    const problems = formProblems({ fields: [price, total], logic: formLogicSchema.parse({}) });
    expect(problems).toEqual([
      {
        path: 'fields.1.expression',
        fieldId: 'total',
        label: 'Total',
        ruleId: null,
        message: "The calculation of 'Total': The expression ends too early (at character 13)",
      },
    ]);
  });

  it('names an empty calculation as empty', () => {
    const empty = createField({ type: 'calculated', index: 1, id: 'sum' });
    const problems = formProblems({
      fields: [price, { ...empty, label: 'Sum' }],
      logic: formLogicSchema.parse({}),
    });
    expect(problems.map((p) => p.message)).toEqual(["The calculation of 'Sum' is empty"]);
  });

  it('keeps half-made logic as stored and names each unfinished part with its rule and question', () => {
    // Each of these would once have refused the whole draft.
    const logic = formLogicSchema.parse({
      variables: [{ id: 'v1', name: 'my total' }],
      rules: [
        { id: 'r1', name: 'Empty', actions: [] },
        {
          id: 'r2',
          conditions: [{ ref: '', operator: 'is_not_empty' }],
          actions: [{ type: 'require', field: 'notes' }],
        },
        { id: 'r3', page: 'page_1', actions: [{ type: 'end', ending: '' }] },
      ],
    });
    const problems = formProblems({ fields: [price, notes], logic });
    expect(problems).toEqual([
      {
        path: 'logic.variables.0.name',
        fieldId: null,
        label: null,
        ruleId: null,
        message: "Variable 'my total': use letters, digits and underscores, starting with a letter",
      },
      {
        path: 'logic.rules.0',
        fieldId: null,
        label: null,
        ruleId: 'r1',
        message: "Rule 'Empty' does nothing yet: add an action",
      },
      {
        path: 'logic.rules.1.conditions.0',
        fieldId: null,
        label: null,
        ruleId: 'r2',
        message: 'Rule 2 reads a question that does not exist',
      },
      {
        path: 'logic.rules.2.actions.0',
        fieldId: null,
        label: null,
        ruleId: 'r3',
        message: 'Rule 3 ends with an ending that does not exist',
      },
    ]);
  });

  it('names a rule reading a later question by the question it acts on', () => {
    const logic = formLogicSchema.parse({
      rules: [
        {
          id: 'late',
          conditions: [{ ref: 'notes', operator: 'is_not_empty' }],
          actions: [{ type: 'show', field: 'price' }],
        },
      ],
    });
    const [problem] = formProblems({ fields: [price, notes], logic });
    expect(problem).toMatchObject({ fieldId: 'notes', label: 'Notes', ruleId: 'late' });
  });

  it('names labels left blank or as the editor made them, bounds the wrong way round and broken patterns', () => {
    const fields = [
      field({ id: 'a', type: 'text', label: '' }),
      createField({ type: 'text', index: 1, id: 'b' }),
      field({ id: 'c', type: 'number', label: 'Age', validation: { required: false, min: 9, max: 1 } }),
      field({ id: 'd', type: 'text', label: 'Code', validation: { required: false, pattern: '[a-' } }),
      field({ id: 'p', type: 'page_break', label: '' }),
    ];
    const problems = formProblems({ fields, logic: formLogicSchema.parse({}) });
    expect(problems.map((p) => [p.path, p.fieldId])).toEqual([
      ['fields.0.label', 'a'],
      ['fields.1.label', 'b'],
      ['fields.2.min', 'c'],
      ['fields.3.pattern', 'd'],
    ]);
  });

  it('asks for a field in an empty form', () => {
    expect(formProblems({ fields: [], logic: formLogicSchema.parse({}) })).toEqual([
      { path: 'fields', fieldId: null, label: null, ruleId: null, message: NO_FIELDS_MESSAGE },
    ]);
  });

  it('finds nothing in a finished form', () => {
    const fine = { ...total, expression: 'price * 1.2' };
    expect(formProblems({ fields: [price, fine, notes], logic: formLogicSchema.parse({}) })).toEqual([]);
  });
});
