// The PDF of one submission, as the owner's route asks for it: refused for answers sealed end to
// end (the server cannot read them), recorded in the audit log like an export. Pictures (the
// logo, uploaded images, option pictures, signatures) are read here and made small before drawing.

import { PICTURE_MAX_PIXELS } from '@formsmith/core/fields/constants';
import { PICTURE_ID, pictureUrl } from '@formsmith/core/fields/picture-choice';
import { LIMITS } from '@formsmith/core/limits';
import { SEALED_PDF } from '@formsmith/core/submissions/pdf';
import { PDF_PICTURE_MAX_SIDE } from '@formsmith/core/submissions/pdf-walk';
import type { FastifyInstance } from 'fastify';
import { conflict } from '../../../lib/app-error.ts';
import { openUpload } from '../../../lib/storage/index.ts';
import { recordAudit } from '../../audit/index.ts';
import { findAnsweredFields, loadSharp, openPicture } from '../../forms/index.ts';
import { findSubmission, findSubmissionUpload, type OwnedForm } from '../repository.ts';
import { withTriage } from '../triage.ts';
import { submissionPdf } from './document.ts';

/** What sharp reads of what respondents upload (a file of another type is listed by name and size). */
const PICTURE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/**
 * A picture as pdfkit draws it (it reads PNG and JPEG only): turned upright, first frame, within
 * PDF_PICTURE_MAX_SIDE; PNG where it is see-through (a signature, most logos), JPEG otherwise.
 * Null when sharp cannot read it or it is past the pixel limit uploads have.
 */
async function drawable(bytes: Buffer): Promise<Buffer | null> {
  const sharp = await loadSharp();
  const open = () => sharp(bytes, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error' });
  try {
    const { hasAlpha } = await open().metadata();
    const image = open().rotate().resize({
      width: PDF_PICTURE_MAX_SIDE,
      height: PDF_PICTURE_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    return await (hasAlpha ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 82 })).toBuffer();
  } catch {
    return null;
  }
}

/**
 * One of the submission's uploads as a picture for the PDF, opened from its seal as the download
 * route opens it; null when it is missing, not a picture, past the upload size or unreadable.
 */
async function uploadPicture(
  app: FastifyInstance,
  where: { formId: number; submissionId: string; uploadId: string },
): Promise<Buffer | null> {
  const upload = await findSubmissionUpload(app.db, where);
  if (!upload || !PICTURE_TYPES.has(upload.mimeType) || upload.size > LIMITS.uploadMaxBytes) return null;
  const stream = await openUpload(app, upload.storageKey).catch((err: unknown) => {
    app.log.warn({ uploadId: upload.id, err }, 'picture left out of a submission PDF');
    return null;
  });
  if (!stream) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > LIMITS.uploadMaxBytes) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return drawable(Buffer.concat(chunks));
}

/** One of the form's own pictures (its logo, an option's picture) for the PDF, or null. */
async function formPicture(app: FastifyInstance, formId: number, path: string): Promise<Buffer | null> {
  // Only a path to this form's pictures: the PDF never fetches from a host the form names.
  const prefix = pictureUrl(String(formId), '');
  const id = path.startsWith(prefix) ? path.slice(prefix.length) : '';
  if (!PICTURE_ID.test(id)) return null;
  const bytes = await openPicture(app, { formId, id }).catch(() => null);
  return bytes ? drawable(bytes) : null;
}

/**
 * One submission of the form as a PDF, with the submission's reference (its number in the form),
 * or null when the form has no such submission.
 */
export async function submissionPdfOf(
  app: FastifyInstance,
  form: OwnedForm,
  submissionId: string,
): Promise<{ pdf: Buffer; number: number } | null> {
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
  const pdf = await submissionPdf({
    form: { title: form.title, themeConfig: form.themeConfig },
    fields: answered.get(row.formVersion) ?? form.fields,
    submission: {
      id: row.id,
      number: row.number,
      createdAt: row.createdAt,
      language: row.language,
      completed: row.completed,
      data: row.data ?? {},
      metadata: row.metadata ?? {},
      triage: withItsTriage!.triage,
    },
    logoUrl: form.logoUrl,
    pictures: {
      upload: (uploadId) => uploadPicture(app, { formId: form.id, submissionId: row.id, uploadId }),
      form: (path) => formPicture(app, form.id, path),
    },
  });
  return { pdf, number: row.number };
}
