import { formatAnswer } from '@formsmith/core/fields/answer-format';
import type { Mail } from '../../mail/mailer.ts';
import { answerFields } from './csv-columns.ts';

const MAX_LINES = 25;
const MAX_VALUE = 300;

/** The per-form switch wins when set; otherwise the owner's setting (on when never saved). */
export function shouldNotify(perForm: boolean | null, ownerSetting: boolean | null): boolean {
  if (perForm !== null) return perForm;
  return ownerSetting ?? true;
}

function escapeHtml(s: string): string {
  return s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function clip(text: string): string {
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

function summaryLines(rawFields: unknown, data: unknown): { label: string; value: string }[] {
  const answers = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const fields = answerFields(Array.isArray(rawFields) ? rawFields : []);
  return fields.slice(0, MAX_LINES).map((field) => {
    const value = answers[field.id] ?? answers[field.label];
    return { label: field.label, value: clip(formatAnswer(field, value)) || 'Not provided' };
  });
}

export function submissionMail(input: {
  to: string;
  name: string;
  formTitle: string;
  lines: { label: string; value: string }[];
  link: string;
}): Mail {
  const text = [
    `Hi ${input.name},`,
    '',
    `Your form "${input.formTitle}" received a new submission.`,
    '',
    ...input.lines.map((l) => `${l.label}: ${l.value}`),
    '',
    `See all submissions: ${input.link}`,
    '',
    '— Formsmith',
  ].join('\n');
  const rows = input.lines
    .map(
      (l) =>
        `<tr><th align="left" style="padding: 4px 12px 4px 0; vertical-align: top;">${escapeHtml(l.label)}</th><td style="padding: 4px 0; white-space: pre-wrap;">${escapeHtml(l.value)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #0f172a; line-height: 1.5;">
<p>Hi ${escapeHtml(input.name)},</p>
<p>Your form <strong>${escapeHtml(input.formTitle)}</strong> received a new submission.</p>
<table style="border-collapse: collapse; font-size: 14px;">${rows}</table>
<p><a href="${escapeHtml(input.link)}" style="display: inline-block; padding: 10px 18px; background: #4f46e5; color: #ffffff; border-radius: 8px; text-decoration: none;">View submissions</a></p>
<p>— Formsmith</p>
</body></html>`;
  return { to: input.to, subject: `New submission: ${input.formTitle}`, text, html };
}

/**
 * The owner's "new submission" mail when notifications are on (per form, else the owner's
 * setting), or null. Pure: the submit path queues it in the same statement as the submission.
 */
export function submissionNotification(input: {
  formId: number;
  title: string;
  fields: unknown;
  data: Record<string, unknown>;
  notifyOnSubmission: boolean | null;
  ownerSetting: boolean | null;
  ownerEmail: string;
  ownerName: string;
  publicUrl: string;
}): Mail | null {
  if (!shouldNotify(input.notifyOnSubmission, input.ownerSetting)) return null;
  return submissionMail({
    to: input.ownerEmail,
    name: input.ownerName,
    formTitle: input.title,
    lines: summaryLines(input.fields, input.data),
    link: `${input.publicUrl}/forms/${input.formId}/submissions`,
  });
}
