import type { FormField } from '../forms/field.ts';

// 'Other, please specify' on a radio, checkbox or dropdown field: an extra choice with a text box.
// The answer keeps the respondent's text where an option's value would be (a checkbox's list holds
// it beside the options ticked), so exports and the submission show what they typed, and readers
// that know the options tell it apart from them.

/** The value of the Other choice on the page while it is picked; sent alone when its text is blank. */
export const OTHER_CHOICE = '__other__';

/** How analytics counts every Other text: one bar, whatever was typed. */
export const OTHER_ANSWER = 'Other';

/** The longest Other text kept. */
export const OTHER_TEXT_MAX_LENGTH = 500;

/** The page's name for the Other box's text: its input's name and its entry among the page's values. */
export function otherTextKey(fieldId: string): string {
  return `${fieldId}.other`;
}

/** Whether the field offers 'Other, please specify'. */
export function allowsOther(field: FormField): boolean {
  return 'allowOther' in field && field.allowOther === true;
}

function isOptionValue(field: FormField, value: string): boolean {
  return 'options' in field && field.options.some((o) => o.value === value || o.label === value);
}

/** Whether one value of an answer is the respondent's Other text (not one of the field's options). */
export function isOtherText(field: FormField, value: unknown): boolean {
  if (!allowsOther(field) || typeof value !== 'string') return false;
  return value.trim() !== '' && value !== OTHER_CHOICE && !isOptionValue(field, value);
}

/**
 * The answer the page sends for what the respondent picked: Other's text in place of the Other
 * choice (trimmed); the Other choice itself when the text is blank, which validation refuses.
 */
export function withOtherText(picked: string | string[], text: string): string | string[] {
  const typed = text.trim() || OTHER_CHOICE;
  if (Array.isArray(picked)) return picked.map((v) => (v === OTHER_CHOICE ? typed : v));
  return picked === OTHER_CHOICE ? typed : picked;
}

/**
 * The page's controls for a stored answer (a saved draft, a link's prefill): the Other choice
 * picked where the answer holds text that is not an option, and that text.
 */
export function splitOtherText(
  field: FormField,
  answer: string | string[],
): { picked: string | string[]; text: string } {
  let text = '';
  const pick = (v: string) => {
    if (!isOtherText(field, v)) return v;
    text = v;
    return OTHER_CHOICE;
  };
  return { picked: Array.isArray(answer) ? answer.map(pick) : pick(answer), text };
}
