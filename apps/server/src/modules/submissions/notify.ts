import { formatAnswer } from '@formsmith/core/fields/answer-format';
import { takesAnswer } from '@formsmith/core/fields/constants';
import type { FormField } from '@formsmith/core/forms/field';
import type { Mail } from '../../mail/mailer.ts';
import { buttonHtml, composeMail, escapeHtml, tableHtml } from '../../mail/templates.ts';

const MAX_LINES = 25;
const MAX_VALUE = 300;

/** The per-form switch wins when set; otherwise the owner's setting (on when never saved). */
export function shouldNotify(perForm: boolean | null, ownerSetting: boolean | null): boolean {
  if (perForm !== null) return perForm;
  return ownerSetting ?? true;
}

function clip(text: string): string {
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

/** Each answer as a label and one clipped line of text, in the form's order (at most 25). */
export function summaryLines(
  formFields: FormField[],
  data: Record<string, unknown>,
  notProvided = 'Not provided',
): { label: string; value: string }[] {
  // The submit path hands over fields it has normalised already: only pick and order them here.
  const fields = formFields.filter((f) => takesAnswer(f.type)).sort((a, b) => a.position - b.position);
  const answers = data;
  return fields.slice(0, MAX_LINES).map((field) => {
    const value = answers[field.id] ?? answers[field.label];
    return { label: field.label, value: clip(formatAnswer(field, value)) || notProvided };
  });
}

/** Answer lines as `<tr>` rows for tableHtml, escaped. */
export function answerRowsHtml(lines: { label: string; value: string }[]): string {
  return lines
    .map(
      (l) =>
        `<tr><th align="left" style="padding: 4px 12px 4px 0; vertical-align: top;">${escapeHtml(l.label)}</th><td style="padding: 4px 0; white-space: pre-wrap;">${escapeHtml(l.value)}</td></tr>`,
    )
    .join('\n');
}

/** What an end-to-end encrypted form's notification says instead of the answers, which the server cannot read. */
export const ENCRYPTED_ANSWERS_NOTE =
  'The answers are encrypted end to end: unlock the form in Formsmith with its passphrase to read them.';

export function submissionMail(input: {
  to: string;
  name: string;
  formTitle: string;
  lines: { label: string; value: string }[];
  link: string;
  /** The answers are encrypted end to end: say so instead of listing them. */
  encrypted?: boolean;
}): Mail {
  const answersText = input.encrypted
    ? [ENCRYPTED_ANSWERS_NOTE]
    : input.lines.map((l) => `${l.label}: ${l.value}`);
  const answersHtml = input.encrypted
    ? `<p>${escapeHtml(ENCRYPTED_ANSWERS_NOTE)}</p>`
    : tableHtml(answerRowsHtml(input.lines));
  return composeMail({
    to: input.to,
    subject: `New submission: ${input.formTitle}`,
    greetingName: input.name,
    textLines: [
      `Your form "${input.formTitle}" received a new submission.`,
      '',
      ...answersText,
      '',
      `See all submissions: ${input.link}`,
    ],
    htmlBody: `<p>Your form <strong>${escapeHtml(input.formTitle)}</strong> received a new submission.</p>
${answersHtml}
<p>${buttonHtml(input.link, 'View submissions')}</p>`,
  });
}

/**
 * The owner's "new submission" mail when notifications are on (per form, else the owner's
 * setting) and the owner's address is verified, or null. Pure: the submit path queues it in the same statement as the submission.
 */
export function submissionNotification(input: {
  formId: number;
  title: string;
  /** The form's fields, normalised. */
  fields: FormField[];
  data: Record<string, unknown>;
  notifyOnSubmission: boolean | null;
  ownerSetting: boolean | null;
  ownerEmail: string;
  ownerName: string;
  /** Mail goes only to a proven address: respondents' text must not reach just anyone. */
  ownerVerified: boolean;
  publicUrl: string;
  /** An end-to-end encrypted submission: the mail carries no answers. */
  encrypted?: boolean;
}): Mail | null {
  if (!input.ownerVerified) return null;
  if (!shouldNotify(input.notifyOnSubmission, input.ownerSetting)) return null;
  return submissionMail({
    to: input.ownerEmail,
    name: input.ownerName,
    formTitle: input.title,
    lines: input.encrypted ? [] : summaryLines(input.fields, input.data),
    link: `${input.publicUrl}/forms/${input.formId}/submissions`,
    encrypted: input.encrypted,
  });
}
