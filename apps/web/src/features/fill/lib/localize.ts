import { FORM_DEFAULTS } from '@formsmith/core/fields/constants';
import type { Chrome } from '@formsmith/core/i18n/chrome';
import { localizeForm } from '@formsmith/core/i18n/localize';
import { translatedText } from '@formsmith/core/i18n/texts';
import type { LoadedForm } from '../api/get-public-form.ts';

/**
 * The form in the language shown: the owner's translations item by item (the default language's
 * text where one is missing). A submit button or success message the owner never changed from
 * the product's default reads in the page's language, not in English.
 */
export function formInLanguage(form: LoadedForm, tag: string, chrome: Chrome): LoadedForm {
  const local = localizeForm(form, tag);
  const untouched = (key: string, text: string, byDefault: string) =>
    text === byDefault && translatedText(form.translations, tag, key) === undefined;
  return {
    ...local,
    submitButtonText: untouched('submitButtonText', local.submitButtonText, FORM_DEFAULTS.submitButtonText)
      ? chrome.t('form.submit')
      : local.submitButtonText,
    successMessage: untouched('successMessage', local.successMessage, FORM_DEFAULTS.successMessage)
      ? chrome.t('status.successMessage')
      : local.successMessage,
  };
}
