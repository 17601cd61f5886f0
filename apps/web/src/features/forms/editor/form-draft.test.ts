import { type FormField, fieldSchema } from '@formsmith/core/forms/field';
import { blankForm, type Form } from '@formsmith/core/forms/form';
import { formLogicSchema } from '@formsmith/core/logic/definition';
import { describe, expect, it } from 'vitest';
import { type DraftState, draftReducer } from './form-draft.ts';

const field = (raw: Record<string, unknown>): FormField =>
  fieldSchema.parse({ label: raw.id, validation: { required: false }, position: 0, ...raw });

const colors = [
  { id: 'o1', label: 'Red', value: 'red' },
  { id: 'o2', label: 'Blue', value: 'blue' },
];

function draftOf(fields: FormField[], logic: unknown = {}): DraftState {
  const form: Form = { ...blankForm('Survey'), fields, logic: formLogicSchema.parse(logic) };
  return draftReducer({ form: blankForm(), selectedId: null }, { type: 'replace', form });
}

const ids = (state: DraftState) => state.form.fields.map((f) => f.id);
const positions = (state: DraftState) => state.form.fields.map((f) => f.position);

describe('draftReducer', () => {
  it('numbers the fields of a form it takes in by their order, with nothing selected', () => {
    const state = draftOf([field({ id: 'a', type: 'text', position: 7 }), field({ id: 'b', type: 'text' })]);
    expect(positions(state)).toEqual([0, 1]);
    expect(state.selectedId).toBeNull();
  });

  it('adds a field of the chosen type at the end and selects it', () => {
    const state = draftReducer(draftOf([field({ id: 'a', type: 'text' })]), {
      type: 'add',
      fieldType: 'radio',
    });
    const added = state.form.fields[1];
    expect(added?.type).toBe('radio');
    expect(added?.position).toBe(1);
    expect(state.selectedId).toBe(added?.id);
  });

  it('keeps each field at the position of its index after a drag', () => {
    const start = draftOf(['a', 'b', 'c'].map((id) => field({ id, type: 'text' })));
    const state = draftReducer(start, { type: 'reorder', from: 0, to: 2 });
    expect(ids(state)).toEqual(['b', 'c', 'a']);
    expect(positions(state)).toEqual([0, 1, 2]);
  });

  it('moves a field one place by the arrows, and leaves the form as it is past either end', () => {
    const start = draftOf(['a', 'b'].map((id) => field({ id, type: 'text' })));
    expect(ids(draftReducer(start, { type: 'move', id: 'b', by: -1 }))).toEqual(['b', 'a']);
    expect(draftReducer(start, { type: 'move', id: 'a', by: -1 })).toBe(start);
    expect(draftReducer(start, { type: 'move', id: 'b', by: 1 })).toBe(start);
  });

  it("drops a removed question's own rule, and its conditions from other questions' own rules", () => {
    const red = { source: 'field', ref: 'color', operator: 'equals', value: 'red' };
    const start = draftOf(
      [
        field({ id: 'color', type: 'radio', options: colors }),
        field({ id: 'size', type: 'text' }),
        field({ id: 'why', type: 'text' }),
        field({ id: 'more', type: 'text' }),
      ],
      {
        rules: [
          { id: 'field-color', conditions: [], actions: [{ type: 'hide', field: 'color' }] },
          { id: 'field-why', conditions: [red], actions: [{ type: 'show', field: 'why' }] },
          {
            id: 'field-more',
            match: 'any',
            conditions: [red, { source: 'field', ref: 'size', operator: 'is_not_empty' }],
            actions: [{ type: 'hide', field: 'more' }],
          },
          // Written on the Logic tab: kept whole, for the problems list to name what it misses.
          { id: 'r1', conditions: [red], actions: [{ type: 'require', field: 'size' }] },
        ],
      },
    );
    const state = draftReducer(start, { type: 'remove', id: 'color' });
    expect(ids(state)).toEqual(['size', 'why', 'more']);
    expect(positions(state)).toEqual([0, 1, 2]);
    expect(state.form.logic.rules.map((r) => r.id)).toEqual(['field-more', 'r1']);
    expect(state.form.logic.rules[0]?.conditions).toEqual([
      { source: 'field', ref: 'size', operator: 'is_not_empty' },
    ]);
    expect(state.form.logic.rules[1]).toEqual(start.form.logic.rules[3]);
  });

  it('leaves the logic as it is when a removed question is in no own rule', () => {
    const start = draftOf(
      ['a', 'b'].map((id) => field({ id, type: 'text' })),
      {
        rules: [{ id: 'r1', conditions: [], actions: [{ type: 'show', field: 'b' }] }],
      },
    );
    expect(draftReducer(start, { type: 'remove', id: 'a' }).form.logic).toBe(start.form.logic);
  });

  it('forgets the selection when the selected field is removed, and keeps another', () => {
    const start = draftOf(['a', 'b'].map((id) => field({ id, type: 'text' })));
    const selected = draftReducer(start, { type: 'select', id: 'a' });
    expect(draftReducer(selected, { type: 'remove', id: 'a' }).selectedId).toBeNull();
    expect(draftReducer(selected, { type: 'remove', id: 'b' }).selectedId).toBe('a');
  });

  it("carries a renamed option value into other questions' own rules and the form's logic rules", () => {
    const start = draftOf(
      [
        field({ id: 'color', type: 'radio', options: colors, defaultValue: 'red' }),
        field({ id: 'why', type: 'text' }),
      ],
      {
        rules: [
          {
            id: 'field-why',
            conditions: [{ source: 'field', ref: 'color', operator: 'equals', value: 'red' }],
            actions: [{ type: 'show', field: 'why' }],
          },
          {
            id: 'r1',
            conditions: [{ source: 'field', ref: 'color', operator: 'equals', value: 'red' }],
            actions: [{ type: 'require', field: 'why' }],
          },
        ],
      },
    );
    const crimson = [{ id: 'o1', label: 'Crimson', value: 'crimson' }, colors[1]!];
    const state = draftReducer(start, {
      type: 'update',
      id: 'color',
      patch: { options: crimson },
      renamed: { from: 'red', to: 'crimson' },
    });
    expect(state.form.fields[0]?.defaultValue).toBe('crimson');
    expect(state.form.logic.rules.map((r) => r.conditions[0]?.value)).toEqual(['crimson', 'crimson']);
  });

  it('changes only the field an update names, keeping its id and type', () => {
    const start = draftOf(['a', 'b'].map((id) => field({ id, type: 'text' })));
    const state = draftReducer(start, { type: 'update', id: 'b', patch: { label: 'Email me' } });
    expect(state.form.fields[0]).toBe(start.form.fields[0]);
    expect(state.form.fields[1]).toMatchObject({ id: 'b', type: 'text', label: 'Email me' });
  });
});
