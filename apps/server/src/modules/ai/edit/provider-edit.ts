// What we ask a model for an edit: the form (ids, labels, types, rules, options, pages, logic)
// and the instruction in, the patch's own JSON schema as the answer's shape; the patch out,
// checked against the form by the same function as the built-in interpreter's.

import { FIELD_TYPES } from '@formsmith/core/fields/constants';
import { PATTERN_NAMES } from '@formsmith/core/fields/named-patterns';
import { checkEditPatch } from '@formsmith/core/forms/apply-edit-patch';
import { type EditableForm, type EditPatch, editPatchSchema } from '@formsmith/core/forms/edit-patch';
import { optionsOf, rulesOf } from '@formsmith/core/forms/field';
import { toJSONSchema } from 'zod/mini';
import { askProvider, type ProviderConfig, ProviderError, readAnswer, UNUSABLE } from '../provider.ts';

const EDIT_PROMPT = `You edit web forms. You get a form as JSON and an instruction from its owner, and answer
with one JSON object that follows the given schema: {"summary": one sentence saying what changes,
"operations": [...]}. Name fields by their ids as given; a field you add may carry an id of its own
so later operations can name it.
- add_field, update_field, remove_field, move_field ("after": the id it follows, null for first).
- Options: add_options, remove_options, rename_option (keeps stored answers), reorder_options (all labels).
- Validation in update_field: min/max (numbers), minLength/maxLength (text), pattern (one of
  ${PATTERN_NAMES.join(', ')}), accept (['.pdf', 'image/*']) and maxFileSize (bytes) for files; null clears.
- A rating (stars) takes stars (a whole number from 1 to 10; 5 when left out) and halfStars (true lets
  people pick half stars), in add_field and update_field.
- A page break is a field of type page_break whose label is the page's title.
- add_rule: conditions compare an answer (field id) with a value (an option's label, yes or no, a
  number); actions show/hide/require a field, jump to a page (a page break's id) or end the form
  (an ending's id; add_ending first if the form has none).
- A calculated field has an expression over field ids ("qty * price").
- translate_label: a field's label in another language (a language tag).
Field types: ${FIELD_TYPES.join(', ')}. Change only what the instruction asks; keep the owner's language
unless asked to translate. If the instruction is unclear, answer {"summary": "", "operations": []}.`;

/** The patch's JSON schema, from the same Zod schema the answer is checked with. */
const EDIT_JSON_SCHEMA = toJSONSchema(editPatchSchema, { target: 'draft-7', io: 'input' });

function describeForm(form: EditableForm) {
  return {
    title: form.title,
    description: form.description,
    language: form.language,
    languages: Object.keys(form.translations),
    fields: form.fields.map((field) => {
      const { required, ...rules } = rulesOf(field);
      return {
        id: field.id,
        label: field.label,
        type: field.type,
        required,
        ...(optionsOf(field) ? { options: optionsOf(field)?.map((o) => o.label) } : {}),
        ...(Object.keys(rules).length ? { rules } : {}),
        ...(field.type === 'calculated' ? { expression: field.expression } : {}),
        ...(field.type === 'rating' ? { stars: field.stars, halfStars: field.halfStars } : {}),
      };
    }),
    rules: form.logic.rules,
    endings: form.logic.endings.map(({ id, title, message }) => ({ id, title, message })),
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
    if (patch.operations.length === 0)
      throw new ProviderError('the model proposed no change', UNUSABLE, false);
    const misfit = checkEditPatch(form, patch);
    if (misfit) throw new ProviderError(`the patch does not fit the form: ${misfit}`, UNUSABLE, true);
    return patch;
  });
}
