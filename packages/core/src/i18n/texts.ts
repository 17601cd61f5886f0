/**
 * The texts of a form a respondent reads, each under a stable key: what an owner translates. The
 * default language's texts stay where they are (title, labels, options...); other languages are
 * `translations[tag][key]`.
 */

import { type FormField, hasEndLabels, rulesOf } from '../forms/field.ts';
import { LIMITS } from '../limits.ts';
import type { Ending } from '../logic/definition.ts';

/** What kind of text a key names (the editor groups by it; its length limit follows from it). */
export type TextKind =
  | 'title'
  | 'description'
  | 'button'
  | 'message'
  | 'label'
  | 'help'
  | 'placeholder'
  | 'error'
  | 'scale'
  | 'option'
  | 'ending_title'
  | 'ending_message'
  | 'mail_subject';

/** A key such as `title`, `field.<id>.label`, `field.<id>.option.<optionId>`, `ending.<id>.message`. */
export type TextKey = string;

export type TranslatableText = { key: TextKey; text: string; kind: TextKind; fieldId?: string };

/** Languages other than the default, each a map of key to translated text. */
export type Translations = Record<string, Record<TextKey, string>>;

/** The longest text of each kind: the limits of the default language's texts. */
export const TEXT_MAX_LENGTH: Record<TextKind, number> = {
  title: LIMITS.titleMaxLength,
  description: LIMITS.descriptionMaxLength,
  button: 100,
  message: LIMITS.descriptionMaxLength,
  label: LIMITS.labelMaxLength,
  help: LIMITS.descriptionMaxLength,
  placeholder: LIMITS.labelMaxLength,
  error: LIMITS.labelMaxLength,
  scale: LIMITS.labelMaxLength,
  option: LIMITS.labelMaxLength,
  ending_title: 200,
  ending_message: 5000,
  mail_subject: 200,
};

/**
 * What a form needs to list its texts: the editor's draft, a stored row or a public view once
 * read. The closed message and the confirmation mail are settings; they count when given.
 */
export type TranslatableSource = {
  title: string;
  description: string;
  submitButtonText: string;
  successMessage: string;
  fields: FormField[];
  logic: { endings: Ending[] };
  closedMessage?: string | null;
  confirmation?: { enabled: boolean; subject: string; message: string } | null;
};

/** Types whose rules carry a pattern and the owner's message for it. */
const TYPED_ANSWER_TYPES = new Set<string>(['text', 'textarea', 'email', 'phone', 'password', 'url']);

/** A place a text can be (whether or not the default language has text there now). */
type Slot = TranslatableText;

function fieldSlots(field: FormField): Slot[] {
  // Hidden fields carry a value from the URL; nobody sees their texts.
  if (field.type === 'hidden') return [];
  const at = (property: string, text: string | undefined, kind: TextKind): Slot => ({
    key: `field.${field.id}.${property}`,
    text: text ?? '',
    kind,
    fieldId: field.id,
  });
  const slots = [at('label', field.label, 'label'), at('helpText', field.helpText, 'help')];
  // An address's inputs are labelled by the page's own words, one per part, and hold no
  // placeholder; a date range's two date inputs hold none either, and carry their own labels.
  if (
    field.type !== 'page_break' &&
    field.type !== 'statement' &&
    field.type !== 'image' &&
    field.type !== 'address' &&
    field.type !== 'date_range'
  )
    slots.push(at('placeholder', field.placeholder, 'placeholder'));
  if (TYPED_ANSWER_TYPES.has(field.type)) slots.push(at('customError', rulesOf(field).customError, 'error'));
  if (hasEndLabels(field)) {
    slots.push(at('lowLabel', field.lowLabel, 'scale'), at('highLabel', field.highLabel, 'scale'));
  }
  if (field.type === 'date_range') {
    slots.push(at('startLabel', field.startLabel, 'label'), at('endLabel', field.endLabel, 'label'));
  }
  if ('options' in field) {
    for (const option of field.options) slots.push(at(`option.${option.id}`, option.label, 'option'));
  }
  // A picture's alt text is read by screen readers in the respondent's language.
  if (field.type === 'picture_choice') {
    for (const option of field.options)
      if (option.image !== undefined) slots.push(at(`option.${option.id}.alt`, option.alt, 'option'));
  }
  if (field.type === 'matrix') {
    for (const row of field.rows) slots.push(at(`row.${row.id}`, row.label, 'option'));
    for (const column of field.columns) slots.push(at(`column.${column.id}`, column.label, 'option'));
  }
  return slots;
}

function textSlots(form: TranslatableSource): Slot[] {
  const slots: Slot[] = [
    { key: 'title', text: form.title, kind: 'title' },
    { key: 'description', text: form.description, kind: 'description' },
    ...form.fields.flatMap(fieldSlots),
    { key: 'submitButtonText', text: form.submitButtonText, kind: 'button' },
  ];
  // A form with endings says its success message as its plain ending, translated under that key.
  if (form.logic.endings.length === 0)
    slots.push({ key: 'successMessage', text: form.successMessage, kind: 'message' });
  for (const ending of form.logic.endings) {
    slots.push(
      { key: `ending.${ending.id}.title`, text: ending.title, kind: 'ending_title' },
      { key: `ending.${ending.id}.message`, text: ending.message, kind: 'ending_message' },
    );
  }
  if (form.closedMessage !== undefined) {
    slots.push({ key: 'closedMessage', text: form.closedMessage ?? '', kind: 'message' });
  }
  if (form.confirmation) {
    // A mail that is off is not seen: its texts have a place (translations are kept) but no text.
    const { enabled, subject, message } = form.confirmation;
    slots.push(
      { key: 'confirmation.subject', text: enabled ? subject : '', kind: 'mail_subject' },
      { key: 'confirmation.message', text: enabled ? message : '', kind: 'message' },
    );
  }
  return slots;
}

/**
 * Every text a respondent sees in the default language, in the order they meet it, under its
 * key. Empty texts are left out: nobody has to translate what nobody sees.
 */
export function translatableTexts(form: TranslatableSource): TranslatableText[] {
  return textSlots(form).filter((slot) => slot.text.trim() !== '');
}

/** The kind of every key the form has a place for, empty or not (what a translation may name). */
export function textKinds(form: TranslatableSource): Map<TextKey, TextKind> {
  return new Map(textSlots(form).map((slot) => [slot.key, slot.kind]));
}

/** A translated text, or undefined when it is missing (blank counts as missing). */
export function translatedText(translations: Translations, tag: string, key: TextKey): string | undefined {
  const text = translations[tag]?.[key];
  return text !== undefined && text.trim() !== '' ? text : undefined;
}
