// The PDF of one submission, as the owner's route asks for it: refused for answers sealed end to
// end (the server cannot read them), recorded in the audit log like an export.
import { isPng } from '@formsmith/core/fields/signature';
import { SEALED_PDF } from '@formsmith/core/submissions/pdf';
import type { FastifyInstance } from 'fastify';
import { conflict } from '../../../lib/app-error.ts';
import { openUpload } from '../../../lib/storage/index.ts';
import { recordAudit } from '../../audit/index.ts';
import { findAnsweredFields } from '../../forms/index.ts';
import { findSubmission, findSubmissionUpload, type OwnedForm } from '../repository.ts';
import { withTriage } from '../triage.ts';
import { submissionPdf } from './document.ts';

/** The largest signature picture read into the PDF (the pad makes a few tens of kB). */
const SIGNATURE_MAX_BYTES = 2 * 1024 * 1024;

/** The PNG of one of the submission's uploads, or null when it is missing, too large or not a PNG. */
async function uploadPng(
  app: FastifyInstance,
  where: { formId: number; submissionId: string; uploadId: string },
): Promise<Buffer | null> {
  const upload = await findSubmissionUpload(app.db, where);
  if (!upload || upload.size > SIGNATURE_MAX_BYTES) return null;
  const stream = await openUpload(app, upload.storageKey).catch((err: unknown) => {
    app.log.warn({ uploadId: upload.id, err }, 'signature picture left out of a submission PDF');
    return null;
  });
  if (!stream) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > SIGNATURE_MAX_BYTES) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  const png = Buffer.concat(chunks);
  return isPng(png) ? png : null;
}

/** One submission of the form as a PDF, or null when the form has no such submission. */
export async function submissionPdfOf(
  app: FastifyInstance,
  form: OwnedForm,
  submissionId: string,
): Promise<Buffer | null> {
  const row = await findSubmission(app.db, app.keyring, { formId: form.id, submissionId });
  if (!row) return null;
  if (row.envelope) throw conflict(SEALED_PDF);
  const answered = await findAnsweredFields(app.db, form.id, [row.formVersion]);
  const [withItsTriage] = await withTriage(app.db, [{ id: row.id }]);
  await recordAudit(app.db, {
    action: 'submissions.exported',
    where: { formId: form.id },
    details: { format: 'pdf', submission: row.id },
  });
  return submissionPdf({
    form: { title: form.title, themeConfig: form.themeConfig },
    fields: answered.get(row.formVersion) ?? form.fields,
    submission: {
      id: row.id,
      createdAt: row.createdAt,
      language: row.language,
      completed: row.completed,
      data: row.data ?? {},
      metadata: row.metadata ?? {},
      triage: withItsTriage!.triage,
    },
    signaturePng: (uploadId) => uploadPng(app, { formId: form.id, submissionId: row.id, uploadId }),
  });
}
