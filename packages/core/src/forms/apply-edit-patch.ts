// The one function that applies an edit patch: the editor applies a proposal with it, the server
// checks every proposal with it (the built-in interpreter's and a model's), and the tests use it.
import { type EditableForm, type EditOperation, type EditPatch, EditPatchError } from './edit-patch.ts';
import {
  addField,
  addOptions,
  fail,
  fieldOf,
  insertAfter,
  removeOptions,
  renameOption,
  reorderOptions,
  updateField,
} from './edit-patch-fields.ts';
import {
  addEnding,
  addRule,
  checkNewLogic,
  forgetValues,
  removeEnding,
  removeField,
  removeRule,
  translateLabel,
  updateEnding,
} from './edit-patch-logic.ts';
import type { FormField } from './field.ts';

function replaceField(form: EditableForm, field: FormField): EditableForm {
  return { ...form, fields: form.fields.map((f) => (f.id === field.id ? field : f)) };
}

function applyOperation(form: EditableForm, operation: EditOperation): EditableForm {
  switch (operation.op) {
    case 'add_field':
      return { ...form, fields: addField(form, operation.field, operation.after) };
    case 'update_field':
      return replaceField(form, updateField(fieldOf(form, operation.id), operation.changes));
    case 'remove_field':
      return removeField(form, operation.id);
    case 'move_field': {
      const moving = fieldOf(form, operation.id);
      if (operation.after === operation.id) fail(`'${moving.label}' cannot be placed after itself.`);
      const rest = form.fields.filter((field) => field.id !== operation.id);
      return { ...form, fields: insertAfter(rest, moving, operation.after) };
    }
    case 'add_options':
      return replaceField(form, addOptions(fieldOf(form, operation.id), operation.options, operation.after));
    case 'remove_options': {
      const { field, values } = removeOptions(fieldOf(form, operation.id), operation.options);
      return forgetValues(replaceField(form, field), field.id, values);
    }
    case 'rename_option':
      return replaceField(form, renameOption(fieldOf(form, operation.id), operation.from, operation.to));
    case 'reorder_options':
      return replaceField(form, reorderOptions(fieldOf(form, operation.id), operation.options));
    case 'add_rule':
      return { ...form, logic: addRule(form, operation.rule) };
    case 'remove_rule':
      return { ...form, logic: removeRule(form.logic, operation.id) };
    case 'add_ending':
      return { ...form, logic: addEnding(form.logic, operation.ending) };
    case 'update_ending':
      return { ...form, logic: updateEnding(form.logic, operation.id, operation) };
    case 'remove_ending':
      return { ...form, logic: removeEnding(form.logic, operation.id) };
    case 'translate_label':
      return translateLabel(form, operation.id, operation.language, operation.text);
    case 'update_form':
      return {
        ...form,
        ...(operation.title !== undefined ? { title: operation.title } : {}),
        ...(operation.description !== undefined ? { description: operation.description } : {}),
      };
    default: {
      const unknown: never = operation;
      return unknown;
    }
  }
}

/**
 * The form with the patch applied, positions renumbered. Throws EditPatchError when an operation
 * does not fit the form (an unknown field, an option it does not have, a rule that reads a later
 * question...): nothing of such a patch is applied.
 */
export function applyEditPatch<F extends EditableForm>(form: F, patch: EditPatch): F {
  const edited = patch.operations.reduce<EditableForm>(applyOperation, form);
  checkNewLogic(form, edited, patch);
  const fields = edited.fields.map((field, position) =>
    field.position === position ? field : { ...field, position },
  );
  return { ...form, ...edited, fields };
}

/** Why the patch does not fit the form, or null when it does. */
export function checkEditPatch(form: EditableForm, patch: EditPatch): string | null {
  try {
    applyEditPatch(form, patch);
    return null;
  } catch (err) {
    if (err instanceof EditPatchError) return err.message;
    throw err;
  }
}
