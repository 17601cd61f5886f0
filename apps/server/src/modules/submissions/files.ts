import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { uploads } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { openUpload, UnreadableFileError } from '../../lib/storage/index.ts';
import { findSubmissionUpload } from './repository.ts';

type Upload = typeof uploads.$inferSelect;

/**
 * The file `uploadId` of submission `sid` of the owner's form (the routes' params, as sent): 404
 * when the form has no such submission, or the submission no such file.
 */
export async function requireSubmissionUpload(
  db: DbOrTx,
  form: { id: number },
  params: { sid: string; uploadId: string },
): Promise<Upload> {
  const upload = await findSubmissionUpload(db, {
    formId: form.id,
    submissionId: params.sid,
    uploadId: params.uploadId,
  });
  if (!upload) throw notFound('File not found');
  return upload;
}

/** RFC 6266 header: an ASCII fallback name plus the exact UTF-8 name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Streams a stored upload to its owner as a download (never inline: it is respondent content),
 * opened from its sealed form on the way, with the length the respondent sent.
 */
export async function sendUpload(app: FastifyInstance, reply: FastifyReply, upload: Upload) {
  const stream = await openUpload(app, upload.storageKey).catch((err: unknown) => {
    // The owner reads why; whoever runs the server needs to know which file, and that it is not a bug.
    if (err instanceof UnreadableFileError)
      app.log.error({ uploadId: upload.id, reason: err.reason }, err.message);
    throw err;
  });
  if (!stream) throw notFound('File not found');
  return reply
    .header('content-type', upload.mimeType || 'application/octet-stream')
    .header('content-length', upload.size)
    .header('content-disposition', contentDisposition(upload.filename))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(stream);
}
