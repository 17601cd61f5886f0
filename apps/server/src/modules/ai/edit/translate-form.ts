import type { EditableForm, EditOperation } from '@formsmith/core/forms/edit-patch';
import { optionsOf } from '@formsmith/core/forms/field';
import { FORM_TEMPLATES } from '../generator/form-templates.ts';
import { DAYS } from '../generator/meaning-choices.ts';
import { type Localized, pickLocalized, YES_NO } from '../generator/template-fields.ts';
import { foldText } from '../generator/text-utils.ts';
import type { Language } from '../generator/types.ts';

// Every text the generator knows in all its languages, looked up by any of its versions.
const PHRASEBOOK = new Map<string, Localized>();
for (const fields of Object.values(FORM_TEMPLATES)) {
  for (const field of fields) {
    for (const texts of [field.labels, ...(field.options ?? [])]) {
      for (const text of texts) if (!PHRASEBOOK.has(foldText(text))) PHRASEBOOK.set(foldText(text), texts);
    }
  }
}
for (const texts of [...DAYS, ...YES_NO])
  for (const text of texts) if (!PHRASEBOOK.has(foldText(text))) PHRASEBOOK.set(foldText(text), texts);

function translate(text: string, language: Language): string | undefined {
  const texts = PHRASEBOOK.get(foldText(text.trim()));
  return texts ? pickLocalized(texts, language) : undefined;
}

/**
 * Operations putting the form's labels and options into `language`, for the texts the built-in
 * generator knows in every language (its templates' questions and choices); others stay as
 * they are, and `missed` counts them so the summary can say so.
 */
export function translateForm(form: EditableForm, language: Language) {
  const operations: EditOperation[] = [];
  let missed = 0;
  for (const field of form.fields) {
    const label = translate(field.label, language);
    if (!label) missed++;
    const options = optionsOf(field)?.map((option) => translate(option.label, language) ?? option.label);
    const optionsChanged = options?.some((text, i) => text !== optionsOf(field)?.[i]?.label);
    if ((label && label !== field.label) || optionsChanged)
      operations.push({
        op: 'update_field',
        id: field.id,
        changes: { ...(label ? { label } : {}), ...(optionsChanged ? { options } : {}) },
      });
  }
  return { operations, missed };
}
