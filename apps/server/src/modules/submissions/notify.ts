import { formatAnswer } from '@formsmith/core/fields/answer-format';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { Mail } from '../../mail/mailer.ts';
import { answerFields } from './csv-columns.ts';

type NotifyRow = {
  title: string;
  fields: unknown;
  notify_on_submission: boolean | null;
  owner_email: string;
  owner_name: string;
  form_submissions: boolean | null;
  data: unknown;
};

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
 * Queues the owner's "new submission" mail in the submit transaction when notifications are on
 * (per form, else the owner's setting). One query: it runs on the submit hot path.
 */
export async function queueSubmissionNotification(
  app: FastifyInstance,
  tx: DbOrTx,
  input: { formId: number; submissionId: string },
): Promise<void> {
  const result = await tx.execute(sql`
    select f.title, f.fields, f.notify_on_submission, u.email as owner_email, u.name as owner_name,
      ns.form_submissions, s.data
    from forms f
    join users u on u.id = f.owner_id
    left join notification_settings ns on ns.user_id = f.owner_id
    left join submissions s on s.id = ${input.submissionId} and s.form_id = f.id
    where f.id = ${input.formId}`);
  const row = (result as unknown as { rows: NotifyRow[] }).rows[0];
  if (!row || !shouldNotify(row.notify_on_submission, row.form_submissions)) return;
  await app.mailer.queue(
    tx,
    submissionMail({
      to: row.owner_email,
      name: row.owner_name,
      formTitle: row.title,
      lines: summaryLines(row.fields, row.data),
      link: `${app.config.publicUrl}/forms/${input.formId}/submissions`,
    }),
  );
}
