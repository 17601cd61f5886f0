import { fieldSchema } from '@formsmith/core/forms/field';
import { blankForm, type Form } from '@formsmith/core/forms/form';
import { formLogicSchema } from '@formsmith/core/logic/definition';
import { describe, expect, it } from 'vitest';
import { createHistory, type EditorHistory, type HistoryAction, historyReducer } from './editor-history.ts';
import type { DraftAction } from './form-draft.ts';

const name = fieldSchema.parse({
  id: 'name',
  type: 'text',
  label: 'Name',
  validation: { required: false },
  position: 0,
});
const start = (): EditorHistory => createHistory({ ...blankForm('Survey'), fields: [name] });

const apply = (history: EditorHistory, ...actions: HistoryAction[]) =>
  actions.reduce(historyReducer, history);
const edit = (action: DraftAction): HistoryAction => ({ type: 'edit', action });
const typeTitle = (title: string) => edit({ type: 'setMeta', patch: { title } });
const typeLabel = (label: string) => edit({ type: 'update', id: 'name', patch: { label } });
const title = (history: EditorHistory) => history.present.form.title;

describe('historyReducer', () => {
  it('folds typing in one input into one step, so one undo takes back the whole word', () => {
    const typed = apply(start(), typeTitle('C'), typeTitle('Ca'), typeTitle('Cat'));
    expect(typed.past).toHaveLength(1);
    expect(title(apply(typed, { type: 'undo' }))).toBe('Survey');
  });

  it('starts a new step when another property or another field is edited', () => {
    const typed = apply(start(), typeTitle('Cat'), typeLabel('Your name'), typeTitle('Cats'));
    expect(typed.past).toHaveLength(3);
    const undone = apply(typed, { type: 'undo' });
    expect(title(undone)).toBe('Cat');
    expect(undone.present.form.fields[0]?.label).toBe('Your name');
  });

  it('does not record selecting a field as a step', () => {
    const selected = apply(start(), edit({ type: 'select', id: 'name' }));
    expect(selected.past).toHaveLength(0);
    expect(selected.present.selectedId).toBe('name');
  });

  it('redoes what undo took back, and a new edit drops what was left to redo', () => {
    const typed = apply(start(), typeTitle('Cat'), typeLabel('Your name'));
    const undone = apply(typed, { type: 'undo' }, { type: 'undo' });
    expect(title(undone)).toBe('Survey');
    expect(undone.future).toHaveLength(2);
    const redone = apply(undone, { type: 'redo' });
    expect(title(redone)).toBe('Cat');
    const edited = apply(redone, typeTitle('Dog'));
    expect(edited.future).toEqual([]);
    expect(apply(edited, { type: 'redo' })).toBe(edited);
  });

  it('changes nothing when there is nothing to undo or redo', () => {
    const history = start();
    expect(apply(history, { type: 'undo' })).toBe(history);
    expect(apply(history, { type: 'redo' })).toBe(history);
  });

  it('does not fold an edit made right after an undo into the step before it', () => {
    const typed = apply(start(), typeTitle('Cat'), typeLabel('A'));
    const again = apply(typed, { type: 'undo' }, typeLabel('B'), typeLabel('Bo'));
    expect(again.past).toHaveLength(2);
    expect(apply(again, { type: 'undo' }).present.form.fields[0]?.label).toBe('Name');
  });

  it('keeps the selection across undo only while the selected field exists', () => {
    const added = apply(start(), edit({ type: 'add', fieldType: 'email' }));
    const newId = added.present.selectedId;
    expect(newId).not.toBeNull();
    expect(apply(added, { type: 'undo' }).present.selectedId).toBeNull();
    const onName = apply(added, edit({ type: 'select', id: 'name' }), { type: 'undo' });
    expect(onName.present.selectedId).toBe('name');
  });

  it("takes the server's copy after a conflict as a step that undo takes back", () => {
    const ours = apply(start(), typeTitle('Ours'));
    const theirs: Form = { ...ours.present.form, title: 'Theirs' };
    const loaded = apply(ours, { type: 'load', form: theirs });
    expect(title(loaded)).toBe('Theirs');
    expect(title(apply(loaded, { type: 'undo' }))).toBe('Ours');
  });

  it('tells inputs to take up the draft anew after undo, redo and load, but not after typing', () => {
    const typed = apply(start(), typeTitle('Cat'));
    expect(typed.revision).toBe(0);
    const undone = apply(typed, { type: 'undo' });
    expect(undone.revision).toBe(1);
    expect(apply(undone, { type: 'redo' }).revision).toBe(2);
    expect(apply(typed, { type: 'load', form: typed.present.form }).revision).toBe(1);
  });

  it('folds logic and translation edits only when they name what was typed in', () => {
    const logic = formLogicSchema.parse({ variables: [{ id: 'v', name: 'total' }] });
    const keyed = apply(
      start(),
      edit({ type: 'setLogic', logic, key: 'variable:v:name' }),
      edit({ type: 'setLogic', logic: { ...logic }, key: 'variable:v:name' }),
    );
    expect(keyed.past).toHaveLength(1);
    const unkeyed = apply(
      start(),
      edit({ type: 'setLogic', logic }),
      edit({ type: 'setLogic', logic: { ...logic } }),
    );
    expect(unkeyed.past).toHaveLength(2);
    const translated = apply(
      start(),
      edit({ type: 'setTranslations', translations: { fr: { title: 'E' } }, key: 'fr:title' }),
      edit({ type: 'setTranslations', translations: { fr: { title: 'En' } }, key: 'fr:title' }),
    );
    expect(translated.past).toHaveLength(1);
  });

  it('keeps the 200 most recent steps', () => {
    let history = start();
    for (let i = 0; i < 205; i++) history = apply(history, edit({ type: 'add', fieldType: 'text' }));
    expect(history.past).toHaveLength(200);
    expect(history.past[0]?.fields).toHaveLength(6);
  });
});
