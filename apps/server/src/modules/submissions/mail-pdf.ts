// The response as a PDF in the owner's notification and the respondent's confirmation, made when
// the mail job runs (the submit only names the submission), by the owner's PDF route's own code.
import { submissionPdfName } from '@formsmith/core/submissions/pdf';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { withinAttachmentCap } from '../../mail/attachments.ts';
import type { Mail } from '../../mail/mailer.ts';
import { escapeHtml } from '../../mail/templates.ts';
import { findFormWithOwner, requireOwnedForm } from '../forms/index.ts';
import { submissionPdfOf } from './pdf/index.ts';
import { findSubmission } from './repository.ts';

/** `<form title>-<reference>.pdf`: the reference is the one the submissions table shows (#142). */
export function mailPdfName(title: string, number: number): string {
  // submissionPdfName makes the title safe as a file name; its id part is replaced by the reference.
  return submissionPdfName(title, '').replace(/-\.pdf$/, `-${number}.pdf`);
}

function withNote(mail: Mail, note: string): Mail {
  const html = mail.html.includes('</body>')
    ? mail.html.replace('</body>', `<p>${escapeHtml(note)}</p>\n</body>`)
    : `${mail.html}\n<p>${escapeHtml(note)}</p>`;
  return { ...mail, text: `${mail.text}\n\n${note}`, html };
}

/**
 * The mail with its submission's PDF attached, when it asks for one (Mail.submissionPdf) and the
 * files stay within the mail's cap (withinAttachmentCap). A form or submission deleted since
 * the submit sends the mail without it; answers the server cannot read (a form made end-to-end
 * encrypted since) send it with the reason instead.
 */
export async function attachSubmissionPdf(app: FastifyInstance, mail: Mail): Promise<Mail> {
  const { submissionPdf: ref, ...rest } = mail;
  if (!ref?.submissionId) return rest;
  const owner = await findFormWithOwner(app.db, ref.formId);
  const form = owner
    ? await requireOwnedForm(app.db, { formId: ref.formId, ownerId: owner.ownerId }).catch(() => null)
    : null;
  if (!form) return rest;
  const row = await findSubmission(app.db, app.keyring, { formId: form.id, submissionId: ref.submissionId });
  if (!row) return rest;
  let pdf: Buffer | null;
  try {
    pdf = await submissionPdfOf(app, form, ref.submissionId);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 409) return withNote(rest, err.message);
    throw err;
  }
  if (!pdf) return rest;
  const attachment = {
    filename: mailPdfName(form.title, row.number),
    contentType: 'application/pdf',
    base64: pdf.toString('base64'),
  };
  return withinAttachmentCap(
    { ...rest, attachments: [...(rest.attachments ?? []), attachment] },
    { maxBytes: app.config.mailAttachmentMaxBytes, link: ref.link },
  );
}
