/** A form in one of its languages, and how far each language's translation has come. */
import { type FormField, hasEndLabels } from '../forms/field.ts';
import type { Ending } from '../logic/definition.ts';
import { plainMessageKey } from '../logic/endings.ts';
import {
  TEXT_MAX_LENGTH,
  type TextKey,
  type TextKind,
  type TranslatableSource,
  type Translations,
  textKinds,
  translatableTexts,
  translatedText,
} from './texts.ts';

type Localizable = TranslatableSource & { language: string; translations: Translations };

function localizeField(field: FormField, text: (key: TextKey, fallback: string) => string): FormField {
  const key = (property: string) => `field.${field.id}.${property}`;
  const optional = (property: string, value: string | undefined) =>
    value === undefined ? {} : { [property]: text(key(property), value) };
  const localized = {
    ...field,
    label: text(key('label'), field.label),
    ...optional('helpText', field.helpText),
    ...optional('placeholder', field.placeholder),
  } as FormField;
  if ('customError' in localized.validation && localized.validation.customError !== undefined) {
    const customError = text(key('customError'), localized.validation.customError);
    Object.assign(localized, { validation: { ...localized.validation, customError } });
  }
  if (hasEndLabels(localized)) {
    Object.assign(
      localized,
      optional('lowLabel', localized.lowLabel),
      optional('highLabel', localized.highLabel),
    );
  }
  if (localized.type === 'date_range') {
    Object.assign(
      localized,
      optional('startLabel', localized.startLabel),
      optional('endLabel', localized.endLabel),
    );
  }
  if (localized.type === 'matrix') {
    // Labels only, as options: answers are keyed by row value and hold column values.
    const rows = localized.rows.map((row) => ({ ...row, label: text(key(`row.${row.id}`), row.label) }));
    const columns = localized.columns.map((column) => ({
      ...column,
      label: text(key(`column.${column.id}`), column.label),
    }));
    Object.assign(localized, { rows, columns });
  }
  if ('options' in localized) {
    // Only the label changes: the value (what answers store) is the same in every language.
    const options = localized.options.map((option) => ({
      ...option,
      label: text(key(`option.${option.id}`), option.label),
    }));
    Object.assign(localized, { options });
  }
  if (localized.type === 'picture_choice') {
    const options = localized.options.map((option) =>
      option.alt === undefined
        ? option
        : { ...option, alt: text(key(`option.${option.id}.alt`), option.alt) },
    );
    Object.assign(localized, { options });
  }
  return localized;
}

function localizeEnding(ending: Ending, text: (key: TextKey, fallback: string) => string): Ending {
  return {
    ...ending,
    title: text(`ending.${ending.id}.title`, ending.title),
    message: text(`ending.${ending.id}.message`, ending.message),
  };
}

/**
 * The form in language `tag`: each text translated into it, or the default language's text where
 * that item has no translation. Option values, ids and everything else stay as they are.
 */
export function localizeForm<T extends Localizable>(form: T, tag: string): T {
  if (tag === form.language || !form.translations[tag]) return form;
  const text = (key: TextKey, fallback: string) =>
    fallback.trim() === '' ? fallback : (translatedText(form.translations, tag, key) ?? fallback);
  const endings = form.logic.endings.map((ending) => localizeEnding(ending, text));
  const localized: T = {
    ...form,
    title: text('title', form.title),
    description: text('description', form.description),
    submitButtonText: text('submitButtonText', form.submitButtonText),
    // The success message is the plain ending's (endings.ts), in this language too.
    successMessage: text(plainMessageKey(form.logic), form.successMessage),
    fields: form.fields.map((field) => localizeField(field, text)),
    logic: { ...form.logic, endings },
  };
  if (form.closedMessage) localized.closedMessage = text('closedMessage', form.closedMessage);
  if (form.confirmation) {
    localized.confirmation = {
      ...form.confirmation,
      subject: text('confirmation.subject', form.confirmation.subject),
      message: text('confirmation.message', form.confirmation.message),
    };
  }
  return localized;
}

export type TranslationStatus = { total: number; translated: number; missing: TextKey[] };

/** How many of the texts a respondent sees have a translation into `tag`, and which do not. */
export function translationStatus(form: Localizable, tag: string): TranslationStatus {
  const texts = translatableTexts(form);
  if (tag === form.language) return { total: texts.length, translated: texts.length, missing: [] };
  const missing = texts
    .filter((item) => translatedText(form.translations, tag, item.key) === undefined)
    .map((item) => item.key);
  return { total: texts.length, translated: texts.length - missing.length, missing };
}

export type TranslationProblem = { path: string; message: string };

/**
 * The translations a save keeps: those of a text the form has a place for, not blank. Keys of
 * fields, options or endings that are gone are dropped with them; a blank text is a missing one.
 */
export function pruneTranslations(form: TranslatableSource, translations: Translations): Translations {
  const kinds = textKinds(form);
  const kept: Translations = {};
  for (const [tag, texts] of Object.entries(translations)) {
    kept[tag] = Object.fromEntries(
      Object.entries(texts).filter(([key, text]) => kinds.has(key) && text.trim() !== ''),
    );
  }
  return kept;
}

/**
 * What is wrong with a form's translations, by `<tag>` or `<tag>.<key>`: a translation into the
 * default language itself (its texts are the form's own), or a text longer than its kind allows
 * (the limits of the default language's texts).
 */
export function checkTranslations(form: Localizable): TranslationProblem[] {
  const kinds = textKinds(form);
  const problems: TranslationProblem[] = [];
  for (const [tag, texts] of Object.entries(form.translations)) {
    if (tag === form.language) {
      problems.push({
        path: tag,
        message: `${tag} is the form's default language: its texts are the form's own, not a translation`,
      });
    }
    for (const [key, text] of Object.entries(texts)) {
      const kind: TextKind | undefined = kinds.get(key);
      if (kind === undefined) continue;
      const max = TEXT_MAX_LENGTH[kind];
      if (text.length > max) {
        problems.push({
          path: `${tag}.${key}`,
          message: `A translated text must be at most ${max} characters`,
        });
      }
    }
  }
  return problems;
}
