// A change to a form proposed from an instruction ('add a phone field after email'): a list of
// operations on fields, checked against the form before anything is applied.
import * as z from 'zod/mini';
import { fallbackOptions, isChoiceType, optionValueFromLabel } from '../fields/options.ts';
import { type FieldOption, type FormField, fieldSchema, fieldTypeSchema, optionsOf } from './field.ts';

const optionalText = z.optional(z.string());

/** A question to add, in the few words a person (or a model) would use. */
export const newFieldSchema = z.object({
  label: z.string().check(z.minLength(1)),
  type: fieldTypeSchema,
  required: z.boolean(),
  options: z.optional(z.array(z.string())),
  min: z.optional(z.number()),
  max: z.optional(z.number()),
  placeholder: optionalText,
  helpText: optionalText,
});
export type NewField = z.infer<typeof newFieldSchema>;

/** What may change on an existing field; null clears a bound. */
export const fieldChangesSchema = z.object({
  label: z.optional(z.string().check(z.minLength(1))),
  type: z.optional(fieldTypeSchema),
  required: z.optional(z.boolean()),
  options: z.optional(z.array(z.string())),
  min: z.optional(z.nullable(z.number())),
  max: z.optional(z.nullable(z.number())),
  placeholder: optionalText,
  helpText: optionalText,
});
export type FieldChanges = z.infer<typeof fieldChangesSchema>;

/** `after`: the id of the field it follows; null puts it first; left out, it goes last. */
export const editOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add_field'), field: newFieldSchema, after: z.optional(z.nullable(z.string())) }),
  z.object({ op: z.literal('update_field'), id: z.string(), changes: fieldChangesSchema }),
  z.object({ op: z.literal('remove_field'), id: z.string() }),
  z.object({ op: z.literal('move_field'), id: z.string(), after: z.nullable(z.string()) }),
  z.object({ op: z.literal('update_form'), title: optionalText, description: optionalText }),
]);
export type EditOperation = z.infer<typeof editOperationSchema>;

/** A proposed change: what it does in one sentence, and its operations (none when nothing needs to change). */
export const editPatchSchema = z.object({
  summary: z.string(),
  operations: z.array(editOperationSchema),
});
export type EditPatch = z.infer<typeof editPatchSchema>;

/** The part of a form an edit reads and changes. */
export type EditableForm = { title: string; description: string; fields: FormField[] };

/** A patch that does not fit the form it was made for (an unknown field id). */
export class EditPatchError extends Error {}

function toOptions(labels: string[], previous: FieldOption[] = []): FieldOption[] {
  const taken = new Set<string>();
  return labels.map((label, index) => {
    // An option that keeps its label keeps its id and value, so stored answers still match.
    const kept = previous.find((option) => option.label === label);
    const value = kept?.value ?? optionValueFromLabel(label, taken);
    taken.add(value);
    return { ...kept, id: kept?.id ?? `option_${index + 1}`, label, value };
  });
}

function nextFieldId(fields: FormField[]): string {
  const used = new Set(fields.map((field) => field.id));
  let n = fields.length + 1;
  while (used.has(`field_${n}`)) n++;
  return `field_${n}`;
}

function insertAfter(fields: FormField[], field: FormField, after: string | null | undefined): FormField[] {
  if (after === undefined) return [...fields, field];
  if (after === null) return [field, ...fields];
  const index = fields.findIndex((f) => f.id === after);
  if (index < 0) throw new EditPatchError(`no field ${after}`);
  return [...fields.slice(0, index + 1), field, ...fields.slice(index + 1)];
}

function bounds(
  min: number | null | undefined,
  max: number | null | undefined,
  rules: Record<string, unknown>,
) {
  const next = { ...rules };
  if (min !== undefined) next.min = min ?? undefined;
  if (max !== undefined) next.max = max ?? undefined;
  return next;
}

function addField(fields: FormField[], spec: NewField, after: string | null | undefined): FormField[] {
  const field = fieldSchema.parse({
    id: nextFieldId(fields),
    type: spec.type,
    label: spec.label,
    position: 0,
    ...(spec.placeholder ? { placeholder: spec.placeholder } : {}),
    ...(spec.helpText ? { helpText: spec.helpText } : {}),
    validation: bounds(spec.min, spec.max, { required: spec.required }),
    ...(isChoiceType(spec.type)
      ? { options: spec.options?.length ? toOptions(spec.options) : fallbackOptions() }
      : {}),
  });
  return insertAfter(fields, field, after);
}

function updateField(field: FormField, changes: FieldChanges): FormField {
  const type = changes.type ?? field.type;
  const previous = optionsOf(field);
  let options: FieldOption[] | undefined;
  if (isChoiceType(type))
    options = changes.options ? toOptions(changes.options, previous) : (previous ?? fallbackOptions());
  const validation = bounds(changes.min, changes.max, {
    ...field.validation,
    ...(changes.required !== undefined ? { required: changes.required } : {}),
  });
  return fieldSchema.parse({
    ...field,
    type,
    ...(changes.label !== undefined ? { label: changes.label } : {}),
    ...(changes.placeholder !== undefined ? { placeholder: changes.placeholder || undefined } : {}),
    ...(changes.helpText !== undefined ? { helpText: changes.helpText || undefined } : {}),
    validation,
    options,
  });
}

function applyOperation(form: EditableForm, operation: EditOperation): EditableForm {
  const { fields } = form;
  const indexOf = (id: string) => {
    const index = fields.findIndex((field) => field.id === id);
    if (index < 0) throw new EditPatchError(`no field ${id}`);
    return index;
  };
  switch (operation.op) {
    case 'add_field':
      return { ...form, fields: addField(fields, operation.field, operation.after) };
    case 'update_field': {
      const index = indexOf(operation.id);
      const next = [...fields];
      next[index] = updateField(fields[index] as FormField, operation.changes);
      return { ...form, fields: next };
    }
    case 'remove_field':
      indexOf(operation.id);
      return { ...form, fields: fields.filter((field) => field.id !== operation.id) };
    case 'move_field': {
      const moving = fields[indexOf(operation.id)] as FormField;
      const rest = fields.filter((field) => field.id !== operation.id);
      return { ...form, fields: insertAfter(rest, moving, operation.after) };
    }
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

/** The form with the patch applied, positions renumbered; throws EditPatchError when it does not fit. */
export function applyEditPatch<F extends EditableForm>(form: F, patch: EditPatch): F {
  const edited = patch.operations.reduce<EditableForm>(applyOperation, form);
  return { ...form, ...edited, fields: edited.fields.map((field, position) => ({ ...field, position })) };
}
