import { formatAnswer } from '@formsmith/core/fields/answer-format';
import { takesAnswer } from '@formsmith/core/fields/constants';
import type { FormField } from '@formsmith/core/forms/field';
import { DEFAULT_SUBMISSION_MAIL } from '@formsmith/core/workspaces/notifications';
import type { Mail } from '../../mail/mailer.ts';
import { buttonHtml, composeMail, escapeHtml, tableHtml } from '../../mail/templates.ts';
import type { SubmissionMailMember } from '../workspaces/index.ts';

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

/** What a viewer of a form whose viewers see only counts is told instead of the answers. */
export const COUNTS_ONLY_NOTE =
  'Viewers of this form see how many responses it has, not the answers: open it in Formsmith for the counts.';

export function submissionMail(input: {
  to: string;
  name: string;
  formTitle: string;
  lines: { label: string; value: string }[];
  link: string;
  /** What to say instead of the answers (an encrypted form, a viewer who sees only counts). */
  withheld?: string;
  /** The recipient created the form ("Your form …"). */
  creator?: boolean;
}): Mail {
  const answersText = input.withheld ? [input.withheld] : input.lines.map((l) => `${l.label}: ${l.value}`);
  const answersHtml = input.withheld
    ? `<p>${escapeHtml(input.withheld)}</p>`
    : tableHtml(answerRowsHtml(input.lines));
  const whose = input.creator === false ? 'The form' : 'Your form';
  return composeMail({
    to: input.to,
    subject: `New submission: ${input.formTitle}`,
    greetingName: input.name,
    textLines: [
      `${whose} "${input.formTitle}" received a new submission.`,
      '',
      ...answersText,
      '',
      `See all submissions: ${input.link}`,
    ],
    htmlBody: `<p>${whose} <strong>${escapeHtml(input.formTitle)}</strong> received a new submission.</p>
${answersHtml}
<p>${buttonHtml(input.link, input.withheld === COUNTS_ONLY_NOTE ? 'See the counts' : 'View submissions')}</p>`,
  });
}

/** A member the submit target names as a possible recipient (workspaces' submissionMailMembersQuery). */
type MailMember = SubmissionMailMember;

/**
 * Whether the member gets the new-submission mail: never when the form's own switch is off or
 * they chose none; always for every form when they chose all; for the forms they created when
 * they chose "mine" or never chose, as the form's switch (else their account setting) says.
 */
export function mailsMember(
  member: Pick<MailMember, 'choice' | 'creator'>,
  input: { notifyOnSubmission: boolean | null; creatorSetting: boolean | null },
): boolean {
  if (input.notifyOnSubmission === false) return false;
  switch (member.choice ?? DEFAULT_SUBMISSION_MAIL) {
    case 'none':
      return false;
    case 'all':
      return true;
    case 'mine':
      return member.creator && shouldNotify(input.notifyOnSubmission, input.creatorSetting);
  }
}

/**
 * The "new submission" mails of a submit, one per member who gets it (mailsMember). Pure: the
 * submit path queues them in the same statement as the submission. The answers are left out of
 * an end-to-end encrypted submission's mails, and out of a viewer's when the form shows its
 * viewers only counts.
 */
export function submissionNotifications(input: {
  formId: number;
  title: string;
  /** The form's fields, normalised. */
  fields: FormField[];
  data: Record<string, unknown>;
  notifyOnSubmission: boolean | null;
  /** The creator's account setting for new-submission mail (null: never saved, on). */
  creatorSetting: boolean | null;
  /** Only verified addresses: respondents' text must not reach just anyone. */
  members: MailMember[];
  /** forms.viewer_answers: false when the form's viewers see only counts. */
  viewerAnswers: boolean;
  publicUrl: string;
  /** An end-to-end encrypted submission: the mails carry no answers. */
  encrypted?: boolean;
  /** forms.notify_attach_pdf: the mails carry the response as a PDF (made when each is sent). */
  attachPdf?: boolean;
}): Mail[] {
  const recipients = input.members.filter((m) => mailsMember(m, input));
  if (recipients.length === 0) return [];
  const lines = input.encrypted ? [] : summaryLines(input.fields, input.data);
  const link = `${input.publicUrl}/forms/${input.formId}/submissions`;
  return recipients.map((member) => {
    const withheld = input.encrypted
      ? ENCRYPTED_ANSWERS_NOTE
      : member.role === 'viewer' && !input.viewerAnswers
        ? COUNTS_ONLY_NOTE
        : undefined;
    const mail = submissionMail({
      to: member.email,
      name: member.name,
      formTitle: input.title,
      lines,
      link,
      creator: member.creator,
      withheld,
    });
    // Whoever is not shown the answers gets no PDF of them either.
    return input.attachPdf && !withheld
      ? { ...mail, submissionPdf: { formId: input.formId, submissionId: null, link } }
      : mail;
  });
}
