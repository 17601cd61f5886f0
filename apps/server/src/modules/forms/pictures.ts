// A picture choice's pictures, a theme's background picture and a form's logo: the owner uploads each in the editor; the server turns it into a
// WebP of bounded size without its metadata (camera, place, time) and keeps it with the uploads
// (local folder or S3). It serves them itself, publicly and cacheably, from a URL under the form:
// the page's respondents need no other host. A picture is not sealed: anyone who opens the form
// sees it. Its stored bytes start with a header naming its form, so one form's URL never serves
// another form's picture.
import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import {
  BACKGROUND_MAX_SIDE,
  LOGO_MAX_SIDE,
  PICTURE_MAX_PIXELS,
  PICTURE_MAX_SIDE,
  PICTURE_MAX_UPLOAD_BYTES,
} from '@formsmith/core/fields/constants';
import {
  PICTURE_ID,
  type PicturePurpose,
  pictureUrl,
  type StoredPicture,
} from '@formsmith/core/fields/picture-choice';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { uploadStorage } from '../../lib/storage/index.ts';

/** The formats a picture may arrive in (no SVG: a script-capable format is not drawn here). */
const PICTURE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export const PICTURE_MESSAGES = {
  notPicture: 'This file is not a picture: upload a JPEG, PNG, WebP, GIF or AVIF image.',
  tooLarge: `This picture is larger than ${PICTURE_MAX_UPLOAD_BYTES / (1024 * 1024)} MB: upload a smaller one.`,
  tooManyPixels: `This picture is too large to open (over ${PICTURE_MAX_PIXELS / 1_000_000} million pixels): upload a smaller one.`,
  notFound: 'No such picture',
} as const;

const headerOf = (formId: number) => Buffer.from(`formsmith-picture:${formId}\n`);
/** Where a picture's bytes are kept in the uploads storage. */
export const pictureStorageKey = (id: string) => `${id.slice(0, 2)}/${id}`;

/** Reads the sent file whole, refusing it past the size limit. */
async function readPicture(file: MultipartFile): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', 413, PICTURE_MESSAGES.tooLarge);
    throw err;
  }
  if (file.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 413, PICTURE_MESSAGES.tooLarge);
  return bytes;
}

/**
 * The picture as it is kept: at most PICTURE_MAX_SIDE on its longest side, turned upright by
 * its orientation tag, first frame only, as WebP without metadata. Refuses what is not a picture
 * (415) and pictures whose declared size is past PICTURE_MAX_PIXELS (413, before decoding them).
 */
export async function resizePicture(
  input: Buffer,
  maxSide: number = PICTURE_MAX_SIDE,
): Promise<{ data: Buffer; width: number; height: number }> {
  const open = () => sharp(input, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error' });
  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await open().metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch (err) {
    if (/pixel limit/i.test(String((err as Error).message)))
      throw new AppError('PAYLOAD_TOO_LARGE', 413, PICTURE_MESSAGES.tooManyPixels);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, PICTURE_MESSAGES.notPicture);
  }
  if (!format || !PICTURE_FORMATS.has(format))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, PICTURE_MESSAGES.notPicture);
  if (pixels > PICTURE_MAX_PIXELS)
    throw new AppError('PAYLOAD_TOO_LARGE', 413, PICTURE_MESSAGES.tooManyPixels);
  try {
    const { data, info } = await open()
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (err) {
    if (/pixel limit/i.test(String((err as Error).message)))
      throw new AppError('PAYLOAD_TOO_LARGE', 413, PICTURE_MESSAGES.tooManyPixels);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, PICTURE_MESSAGES.notPicture);
  }
}

const MAX_SIDE: Record<PicturePurpose, number> = {
  option: PICTURE_MAX_SIDE,
  background: BACKGROUND_MAX_SIDE,
  logo: LOGO_MAX_SIDE,
};

/** Stores an owner's picture for the form (the caller checked the owner's access). */
export async function storePicture(
  app: FastifyInstance,
  input: { formId: number; file: MultipartFile | undefined; purpose: PicturePurpose },
): Promise<StoredPicture> {
  const { file } = input;
  if (!file) throw badRequest('No file was sent');
  const picture = await resizePicture(await readPicture(file), MAX_SIDE[input.purpose]);
  const id = randomBytes(20).toString('hex');
  await storePictureBytes(app, { formId: input.formId, id, data: picture.data });
  return { id, url: pictureUrl(String(input.formId), id), width: picture.width, height: picture.height };
}

/** Keeps a picture's WebP bytes as picture `id` of the form (a new upload, or a copy's own). */
export async function storePictureBytes(
  app: FastifyInstance,
  input: { formId: number; id: string; data: Buffer },
): Promise<void> {
  await uploadStorage(app.config).write(
    pictureStorageKey(input.id),
    Buffer.concat([headerOf(input.formId), input.data]),
  );
}

/** A form's picture as WebP bytes; 404 when the id is not one of this form's pictures. */
export async function openPicture(
  app: FastifyInstance,
  input: { formId: number; id: string },
): Promise<Buffer> {
  if (!PICTURE_ID.test(input.id)) throw notFound(PICTURE_MESSAGES.notFound);
  const stream = await uploadStorage(app.config).open(pictureStorageKey(input.id));
  if (!stream) throw notFound(PICTURE_MESSAGES.notFound);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const stored = Buffer.concat(chunks);
  const header = headerOf(input.formId);
  if (!stored.subarray(0, header.length).equals(header)) throw notFound(PICTURE_MESSAGES.notFound);
  return stored.subarray(header.length);
}
