import { formatAnswer } from '@formsmith/core/fields/answer-format';
import { type Confirmation, confirmationSchema } from '@formsmith/core/form-settings/api';
import { typedRecipient } from '@formsmith/core/form-settings/confirmation-recipient';
import type { FormField } from '@formsmith/core/forms/field';
import { type Chrome, ENGLISH_CHROME } from '@formsmith/core/i18n/chrome';
import type { Mail } from '../../mail/mailer.ts';
import { escapeHtml, tableHtml } from '../../mail/templates.ts';
import { answerRowsHtml, summaryLines } from './notify.ts';

const RECALL = /\{\{\s*([A-Za-z0-9_-]+)\s*\}\}/g;

/** `{{field_id}}` replaced by that field's answer as text ('' when unanswered or unknown). */
export function recallAnswers(text: string, fields: FormField[], data: Record<string, unknown>): string {
  if (!text.includes('{{')) return text;
  return text.replace(RECALL, (_all, id: string) => {
    const field = fields.find((f) => f.id === id);
    return field && Object.hasOwn(data, id) ? formatAnswer(field, data[id]) : '';
  });
}

/** The stored settings as core reads them, or null when missing or unreadable. */
export function readConfirmation(stored: unknown): Confirmation | null {
  const parsed = confirmationSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/**
 * The address the respondent typed in the chosen email field, as one mailbox: never a hidden or
 * read-only field's value nor a default left as it was (core's typedRecipient says why).
 */
export function confirmationRecipient(
  settings: Confirmation | null,
  fields: FormField[],
  data: Record<string, unknown>,
): string | null {
  if (!settings?.enabled || !settings.email_field_id) return null;
  const field = fields.find((f) => f.id === settings.email_field_id);
  return typedRecipient(field, field ? data[field.id] : undefined);
}

/** The respondent's confirmation: the owner's subject and message (answers recalled), and optionally a copy of the answers. */
export function confirmationMail(input: {
  to: string;
  settings: Confirmation;
  formTitle: string;
  fields: FormField[];
  data: Record<string, unknown>;
  /** The page's words in the respondent's language (the mail is in the language they filled in). */
  chrome?: Chrome;
}): Mail {
  const { settings, fields, data } = input;
  const { t } = input.chrome ?? ENGLISH_CHROME;
  const heading = t('mail.yourAnswers', { title: input.formTitle });
  const subject = recallAnswers(settings.subject, fields, data)
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 200);
  const message = recallAnswers(settings.message, fields, data);
  const lines = settings.include_answers ? summaryLines(fields, data, t('mail.notProvided')) : [];
  const text = [
    message,
    ...(lines.length ? ['', heading, ...lines.map((l) => `${l.label}: ${l.value}`)] : []),
  ].join('\n');
  const paragraphs = message
    .split(/\n{2,}/)
    .map((p) => `<p style="white-space: pre-wrap;">${escapeHtml(p)}</p>`)
    .join('\n');
  const answers = lines.length ? `<p>${escapeHtml(heading)}</p>\n${tableHtml(answerRowsHtml(lines))}` : '';
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #0f172a; line-height: 1.5;">
${paragraphs}
${answers}
</body></html>`;
  return { to: input.to, subject, text, html };
}
