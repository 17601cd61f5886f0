// The response as a PDF in the owner's notification and the respondent's confirmation, made when
// the mail job runs (the submit only names the submission), by the owner's PDF route's own code.
import { pdfFileName } from '@formsmith/core/submissions/pdf';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { withinAttachmentCap, withMailNote } from '../../mail/attachments.ts';
import type { Mail } from '../../mail/mailer.ts';
import { findFormWithOwner, requireOwnedForm } from '../forms/index.ts';
import { submissionPdfOf } from './pdf/index.ts';

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
  let made: Awaited<ReturnType<typeof submissionPdfOf>>;
  try {
    made = await submissionPdfOf(app, form, ref.submissionId);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 409) return withMailNote(rest, err.message);
    throw err;
  }
  if (!made) return rest;
  const { pdf, number } = made;
  const attachment = {
    // `<form title>-<reference>.pdf`: the reference is the one the submissions table shows (#142).
    filename: pdfFileName(form.title, String(number)),
    contentType: 'application/pdf',
    base64: pdf.toString('base64'),
  };
  return withinAttachmentCap(
    { ...rest, attachments: [...(rest.attachments ?? []), attachment] },
    { maxBytes: app.config.mailAttachmentMaxBytes, link: ref.link },
  );
}
