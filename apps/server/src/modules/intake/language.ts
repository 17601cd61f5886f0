import type { Confirmation } from '@formsmith/core/form-settings/api';
import type { FormField } from '@formsmith/core/forms/field';
import type { Chrome } from '@formsmith/core/i18n/chrome';
import { chromeFor } from '@formsmith/core/i18n/chrome-all';
import { pickLanguage } from '@formsmith/core/i18n/language';
import { localizeForm } from '@formsmith/core/i18n/localize';
import type { FormLogic } from '@formsmith/core/logic/definition';
import type { SubmitTarget } from '../forms/index.ts';
import { readConfirmation } from '../submissions/index.ts';

/** The form as one respondent reads it: in their language, with the page's words in it too. */
export type RespondentView = {
  language: string;
  chrome: Chrome;
  title: string;
  fields: FormField[];
  logic: FormLogic;
  confirmation: Confirmation | null;
};

/**
 * The language a submission is in (the `lang` it names when the form has it, else the browser's
 * Accept-Language, else the form's default) and the form's texts in it. Option values, field ids
 * and logic stay the same in every language: only what people read changes.
 */
export function respondentView(
  form: SubmitTarget['form'],
  request: { lang?: string | null; acceptLanguage?: string },
): RespondentView {
  const language = pickLanguage(form, { query: request.lang, acceptLanguage: request.acceptLanguage });
  // The loaded form is one object until it is read again (forms/public-cache.ts), so its views
  // are built once per language instead of on every submit.
  let views = viewsByForm.get(form);
  if (!views) {
    views = new Map();
    viewsByForm.set(form, views);
  }
  let view = views.get(language);
  if (!view) {
    view = buildView(form, language);
    views.set(language, view);
  }
  return view;
}

const viewsByForm = new WeakMap<SubmitTarget['form'], Map<string, RespondentView>>();

function buildView(form: SubmitTarget['form'], language: string): RespondentView {
  const confirmation = readConfirmation(form.confirmation);
  const local = localizeForm(
    {
      title: form.title,
      description: form.description,
      submitButtonText: form.submitButtonText,
      successMessage: form.successMessage,
      fields: form.fields,
      logic: form.logic,
      language: form.language,
      translations: form.translations,
      confirmation,
    },
    language,
  );
  return {
    language,
    chrome: chromeFor(language),
    title: local.title,
    fields: local.fields,
    logic: local.logic,
    confirmation: local.confirmation ?? null,
  };
}
