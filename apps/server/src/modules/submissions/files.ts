import type { FastifyInstance, FastifyReply } from 'fastify';
import type { uploads } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import { openUpload, UnreadableFileError } from '../../lib/storage/index.ts';

type Upload = typeof uploads.$inferSelect;

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
