import { FORM_DEFAULTS } from '@formsmith/core/fields/constants';
import type { SaveBody } from '@formsmith/core/forms/api';
import type { FormField } from '@formsmith/core/forms/field';
import type { Translations } from '@formsmith/core/i18n/texts';
import { EMPTY_LOGIC, type FormDisplay, type FormLogic } from '@formsmith/core/logic/definition';
import { settleEndings, successMessageOf } from '@formsmith/core/logic/endings';
import { foldFieldConditions } from '@formsmith/core/logic/field-rules';

/** What a save changes; undefined means "keep what is stored". */
export type ContentInput = {
  title?: string;
  description?: string;
  fields?: FormField[];
  logoUrl?: string | null;
  themeConfig?: Record<string, unknown>;
  submitButtonText?: string;
  successMessage?: string;
  logic?: FormLogic;
  display?: FormDisplay;
  language?: string;
  translations?: Translations;
};

/**
 * The content part of a save body, already read and checked at the door (core's
 * formSaveBodySchema), as the columns it changes. A new form gets the default title.
 */
export function readContentInput(body: SaveBody, opts: { creating: boolean }): ContentInput {
  const input: ContentInput = {};
  if (body.title !== undefined) input.title = body.title;
  if (body.description !== undefined) input.description = body.description;
  if (body.fields !== undefined) input.fields = body.fields;
  if (body.logo_url !== undefined) input.logoUrl = body.logo_url;
  if (body.theme_config !== undefined) input.themeConfig = body.theme_config;
  if (body.submit_button_text !== undefined) input.submitButtonText = body.submit_button_text;
  if (body.success_message !== undefined) input.successMessage = body.success_message;
  if (body.logic !== undefined) input.logic = body.logic;
  if (body.display !== undefined) input.display = body.display;
  if (body.language !== undefined) input.language = body.language;
  if (body.translations !== undefined) input.translations = body.translations;
  if (opts.creating) input.title ??= FORM_DEFAULTS.title;
  return input;
}

/**
 * Folds the save's success message into the form's endings (core logic/endings.ts): the logic the
 * form will have, and the success message older clients read, which is its plain ending's. Only
 * when the save changes either, or creates the form (`stored` null).
 */
export function settleContentEndings(
  content: ContentInput,
  stored: { logic: FormLogic; successMessage: string } | null,
): void {
  if (stored && content.logic === undefined && content.successMessage === undefined) return;
  const logic = settleEndings({
    logic: content.logic ?? stored?.logic ?? EMPTY_LOGIC,
    successMessage: content.successMessage,
    logicSent: content.logic !== undefined,
    fallbackMessage: stored?.successMessage ?? FORM_DEFAULTS.successMessage,
  });
  content.logic = logic;
  content.successMessage = successMessageOf(logic);
}

/**
 * A question sent with its own "show when" condition (`conditional_logic`, as clients of the
 * first release write it) is read in with that condition as a rule of the form's logic, after its
 * rules (core logic/field-rules.ts): stored forms carry rules only, and the editor writes rules.
 * Call after the endings are settled, so that the logic the condition joins is the one the save
 * keeps.
 */
export function foldContentConditions(content: ContentInput, stored: { logic: FormLogic } | null): void {
  if (!content.fields?.some((field) => field.conditionalLogic != null)) return;
  const folded = foldFieldConditions(content.fields, content.logic ?? stored?.logic ?? EMPTY_LOGIC);
  content.fields = folded.fields;
  content.logic = folded.logic;
}
