// What we ask a model for an edit: the form (ids, labels, types, rules, options) and the
// instruction in; a patch of operations out, checked against the form before it is proposed.

import { FIELD_TYPES } from '@formsmith/core/fields/constants';
import { applyEditPatch } from '@formsmith/core/forms/apply-edit-patch';
import {
  type EditableForm,
  type EditPatch,
  EditPatchError,
  editPatchSchema,
} from '@formsmith/core/forms/edit-patch';
import { optionsOf, rulesOf } from '@formsmith/core/forms/field';
import { askProvider, type ProviderConfig, ProviderError, readAnswer, UNUSABLE } from '../provider.ts';

const EDIT_PROMPT = `You edit web forms. You get a form as JSON and an instruction from its owner.
Answer with JSON only: {"summary": one sentence saying what changes, "operations": [...]}.
Operations (use the fields' ids as given):
- {"op":"add_field","field":{"label","type","required","options"?,"min"?,"max"?,"placeholder"?,"helpText"?},"after": id of the field it follows, null for first; leave out for last}
- {"op":"update_field","id","changes":{"label"?,"type"?,"required"?,"options"? (all option labels, in order),"min"?,"max"?,"placeholder"?,"helpText"?}}
- {"op":"remove_field","id"}
- {"op":"move_field","id","after": id or null}
- {"op":"update_form","title"?,"description"?}
Types: ${FIELD_TYPES.join(', ')}. A 0-10 'how likely to recommend' question is a range with min 0 and max 10.
Change only what the instruction asks; keep the owner's language unless asked to translate.`;

const nullable = (type: string) => ({ type: [type, 'null'] });

/** A loose JSON schema (operations differ in shape); the answer is checked by editPatchSchema. */
const EDIT_JSON_SCHEMA = {
  type: 'object',
  required: ['summary', 'operations'],
  properties: {
    summary: { type: 'string' },
    operations: {
      type: 'array',
      items: {
        type: 'object',
        required: ['op'],
        properties: {
          op: {
            type: 'string',
            enum: ['add_field', 'update_field', 'remove_field', 'move_field', 'update_form'],
          },
          id: { type: 'string' },
          after: nullable('string'),
          field: { type: 'object' },
          changes: { type: 'object' },
          title: { type: 'string' },
          description: { type: 'string' },
        },
      },
    },
  },
} as const;

function describeForm(form: EditableForm) {
  return {
    title: form.title,
    description: form.description,
    fields: form.fields.map((field) => ({
      id: field.id,
      label: field.label,
      type: field.type,
      required: field.validation.required,
      ...(optionsOf(field) ? { options: optionsOf(field)?.map((o) => o.label) } : {}),
      ...(rulesOf(field).min !== undefined ? { min: rulesOf(field).min } : {}),
      ...(rulesOf(field).max !== undefined ? { max: rulesOf(field).max } : {}),
    })),
  };
}

// Models write null for keys they do not use; the patch schema wants them left out.
const dropNulls = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).flatMap(([k, v]) => (v === null && k !== 'after' ? [] : [[k, dropNulls(v)]])),
  );
};

/** Asks the model for a patch; throws ProviderError when it is unusable or does not fit the form. */
export async function editWithProvider(
  config: ProviderConfig,
  instruction: string,
  form: EditableForm,
): Promise<EditPatch> {
  const ask = {
    system: EDIT_PROMPT,
    user: JSON.stringify({ form: describeForm(form), instruction }),
    name: 'form_patch',
    schema: EDIT_JSON_SCHEMA,
    strict: false,
  };
  return askProvider(config, ask, (json) => {
    const patch = readAnswer(editPatchSchema, dropNulls(json), 'patch');
    try {
      applyEditPatch(form, patch);
    } catch (err) {
      if (err instanceof EditPatchError)
        throw new ProviderError(`the patch does not fit the form: ${err.message}`, UNUSABLE, true);
      throw err;
    }
    return patch;
  });
}
