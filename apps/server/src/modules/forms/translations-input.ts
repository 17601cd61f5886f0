import { FORM_DEFAULTS } from '@formsmith/core/fields/constants';
import { DEFAULT_LANGUAGE } from '@formsmith/core/i18n/language';
import { checkTranslations, pruneTranslations } from '@formsmith/core/i18n/localize';
import type { TranslatableSource } from '@formsmith/core/i18n/texts';
import { EMPTY_LOGIC } from '@formsmith/core/logic/definition';
import { AppError } from '../../lib/app-error.ts';
import type { ContentInput } from './form-input.ts';
import type { FormRow } from './repository.ts';

/** The settings texts a translation may name (they live on the form row, not in its content). */
function settingsTexts(stored: FormRow | null): Pick<TranslatableSource, 'closedMessage' | 'confirmation'> {
  if (!stored) return {};
  const confirmation = stored.confirmation as TranslatableSource['confirmation'] | null;
  return { closedMessage: stored.closedMessage, confirmation };
}

/**
 * The translations the save stores, settled against the form as it will be: texts of fields,
 * options or endings the save removes go with them; a translation into the default language or
 * past a text's limit is refused (422, each under `translations.<tag>.<key>`). Undefined when the
 * save changes neither the translations nor what they translate.
 */
export function settleTranslations(
  stored: FormRow | null,
  content: ContentInput,
): ContentInput['translations'] {
  const touches =
    content.translations !== undefined ||
    content.language !== undefined ||
    content.fields !== undefined ||
    content.logic !== undefined;
  if (!touches) return undefined;
  const form = {
    title: content.title ?? stored?.title ?? FORM_DEFAULTS.title,
    description: content.description ?? stored?.description ?? '',
    submitButtonText: content.submitButtonText ?? stored?.submitButtonText ?? FORM_DEFAULTS.submitButtonText,
    successMessage: content.successMessage ?? stored?.successMessage ?? FORM_DEFAULTS.successMessage,
    fields: content.fields ?? stored?.fields ?? [],
    logic: content.logic ?? stored?.logic ?? EMPTY_LOGIC,
    language: content.language ?? stored?.language ?? DEFAULT_LANGUAGE,
    translations: content.translations ?? stored?.translations ?? {},
    ...settingsTexts(stored),
  };
  const problems = checkTranslations(form);
  if (problems.length > 0) {
    const fields = Object.fromEntries(problems.map((p) => [`translations.${p.path}`, p.message]));
    throw new AppError('VALIDATION_FAILED', 422, problems[0]?.message ?? 'Invalid translations', fields);
  }
  return pruneTranslations(form, form.translations);
}
