import { createField } from '@formsmith/core/fields/editor-rules';
import { type FieldPatch, type FieldType, type FormField, patchField } from '@formsmith/core/forms/field';
import type { Form } from '@formsmith/core/forms/form';
import { type OptionRename, renameOptionValue } from '@formsmith/core/forms/rename-option';
import type { FormLogic } from '@formsmith/core/logic/definition';
import { questionRuleId, questionRuleOf } from '@formsmith/core/logic/field-rules';

export type DraftState = { form: Form; selectedId: string | null };

export type DraftAction =
  | { type: 'replace'; form: Form }
  | {
      type: 'setMeta';
      patch: Partial<
        Pick<
          Form,
          | 'title'
          | 'description'
          | 'submitButtonText'
          | 'successMessage'
          | 'logoUrl'
          | 'display'
          | 'language'
          | 'themeConfig'
        >
      >;
    }
  /** Languages added, removed or translated; `key` names the text typed in, so typing folds into one undo step. */
  | { type: 'setTranslations'; translations: Form['translations']; key?: string }
  /** Rules, variables, endings and quiz; `key` names what was edited so typing folds into one undo step. */
  | { type: 'setLogic'; logic: FormLogic; key?: string }
  | { type: 'add'; fieldType: FieldType }
  | { type: 'select'; id: string | null }
  /** `renamed`: an option's stored value changed; what compared with the old one follows it. */
  | { type: 'update'; id: string; patch: FieldPatch; renamed?: Omit<OptionRename, 'fieldId'> }
  | { type: 'move'; id: string; by: -1 | 1 }
  | { type: 'reorder'; from: number; to: number }
  | { type: 'remove'; id: string };

function withPositions(fields: FormField[]): FormField[] {
  return fields.map((field, position) => (field.position === position ? field : { ...field, position }));
}

function moveItem<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

function newFieldId(): string {
  return `field_${crypto.randomUUID().slice(0, 8)}`;
}

/** Every change the editor makes to its draft; fields keep position equal to their index. */
export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  const { form } = state;
  switch (action.type) {
    case 'replace':
      return { form: { ...action.form, fields: withPositions(action.form.fields) }, selectedId: null };
    case 'setMeta':
      return { ...state, form: { ...form, ...action.patch } };
    case 'setLogic':
      return { ...state, form: { ...form, logic: action.logic } };
    case 'setTranslations':
      return { ...state, form: { ...form, translations: action.translations } };
    case 'add': {
      const field = createField({ type: action.fieldType, index: form.fields.length, id: newFieldId() });
      return { form: { ...form, fields: [...form.fields, field] }, selectedId: field.id };
    }
    case 'select':
      return { ...state, selectedId: action.id };
    case 'update': {
      const fields = form.fields.map((f) => (f.id === action.id ? patchField(f, action.patch) : f));
      const patched = { ...form, fields };
      const renamed = action.renamed && renameOptionValue(patched, { fieldId: action.id, ...action.renamed });
      return { ...state, form: renamed ?? patched };
    }
    case 'move': {
      const from = form.fields.findIndex((f) => f.id === action.id);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= form.fields.length) return state;
      return { ...state, form: { ...form, fields: withPositions(moveItem(form.fields, from, to)) } };
    }
    case 'reorder':
      return {
        ...state,
        form: { ...form, fields: withPositions(moveItem(form.fields, action.from, action.to)) },
      };
    case 'remove': {
      const fields = form.fields.filter((f) => f.id !== action.id);
      return {
        form: {
          ...form,
          fields: withPositions(fields),
          logic: withoutQuestionInOwnRules(form.logic, form.fields, action.id),
        },
        selectedId: state.selectedId === action.id ? null : state.selectedId,
      };
    }
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}

/**
 * The logic once question `removed` is gone, as far as questions' own rules go (those their
 * properties edit): its own rule goes with it, and conditions of the others' own rules that read
 * its answer would never hold again, so they go too, with a rule they leave empty. Rules written
 * on the Logic tab stay as they are, and the problems list names what they miss.
 */
function withoutQuestionInOwnRules(
  logic: FormLogic,
  fields: readonly FormField[],
  removed: string,
): FormLogic {
  const own = new Set(fields.flatMap((f) => questionRuleOf(logic, f.id)?.rule.id ?? []));
  const rules = logic.rules.flatMap((rule) => {
    if (!own.has(rule.id)) return [rule];
    if (rule.id === questionRuleId(removed)) return [];
    const conditions = rule.conditions.filter((c) => !(c.source === 'field' && c.ref === removed));
    if (conditions.length === rule.conditions.length) return [rule];
    return conditions.length > 0 ? [{ ...rule, conditions }] : [];
  });
  const same = rules.length === logic.rules.length && rules.every((r, i) => r === logic.rules[i]);
  return same ? logic : { ...logic, rules };
}
