import { readMailbox } from '../fields/mailbox.ts';
import type { FormField } from '../forms/field.ts';

/**
 * The confirmation mail goes only to an address the respondent typed. A hidden or read-only email
 * field holds what the form's author put there (a default, a link's prefill) and the respondent
 * never chose: mailing it would copy every respondent's answers to the author's inbox.
 */
export const CONFIRMATION_FIELD_MESSAGE =
  'Choose an email field respondents fill in themselves (not hidden or read-only)';

/** An email field the respondent sees and types into. */
export function isTypedEmailField(field: FormField): boolean {
  return field.type === 'email' && !field.isHidden && !field.isReadOnly;
}

/**
 * The mailbox to send a respondent's confirmation to: their answer in a field they type into, as
 * one address, and not the field's default left as it was (nobody typed that). Null otherwise.
 */
export function typedRecipient(field: FormField | undefined, answer: unknown): string | null {
  if (!field || !isTypedEmailField(field) || typeof answer !== 'string') return null;
  if (field.defaultValue && answer.trim() === field.defaultValue.trim()) return null;
  const read = readMailbox(answer);
  return read.ok ? read.mailbox : null;
}
