import type { FastifyInstance, FastifyReply } from 'fastify';
import type { uploads } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { openUpload } from '../../lib/storage/index.ts';
import { resizePicture } from '../forms/index.ts';

type Upload = typeof uploads.$inferSelect;

/** The longest side of a thumbnail in the submission detail: sharp at twice its 160 px box. */
export const THUMBNAIL_MAX_SIDE = 320;
/** Pictures the server turns into thumbnails (what sharp reads of what respondents send). */
const PICTURE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);
export const NO_THUMBNAIL = 'Only a picture (JPEG, PNG, WebP, GIF or AVIF) has a thumbnail.';

/**
 * A small WebP of an uploaded picture for the owner's detail view, made from the stored file
 * (opened from its seal) on each request and kept by the owner's browser for an hour: the file
 * under an upload id never changes. Anything but a picture is 415 with the reason, as is a file
 * that does not read as one.
 */
export async function sendThumbnail(app: FastifyInstance, reply: FastifyReply, upload: Upload) {
  if (!PICTURE_TYPES.has(upload.mimeType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, NO_THUMBNAIL);
  const stream = await openUpload(app, upload.storageKey);
  if (!stream) throw notFound('File not found');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const { data } = await resizePicture(Buffer.concat(chunks), {
    kind: 'inside',
    maxSide: THUMBNAIL_MAX_SIDE,
  });
  return reply
    .header('content-type', 'image/webp')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=3600')
    .send(data);
}
