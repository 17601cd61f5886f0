// A picture choice's pictures, a theme's background picture, a form's logo, tab icon and link-preview
// picture: the owner uploads each in the editor; the server turns it into a picture of bounded size
// without its metadata (camera, place, time) and keeps it with the uploads (local folder or S3).
// Most are kept as WebP; the tab icon as PNG and the link preview as JPEG, which every browser and
// link unfurler reads. It serves them itself, publicly and cacheably, from a URL under the form:
// the page's respondents need no other host. A picture is not sealed: anyone who opens the form
// sees it. Its stored bytes start with a header naming its form, so one form's URL never serves
// another form's picture.
import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import {
  BACKGROUND_MAX_SIDE,
  FAVICON_SIDE,
  LOGO_MAX_SIDE,
  PICTURE_MAX_PIXELS,
  PICTURE_MAX_SIDE,
  PICTURE_MAX_UPLOAD_BYTES,
  SOCIAL_IMAGE_HEIGHT,
  SOCIAL_IMAGE_WIDTH,
} from '@formsmith/core/fields/constants';
import {
  PICTURE_ID,
  type PicturePurpose,
  pictureUrl,
  type StoredPicture,
} from '@formsmith/core/fields/picture-choice';
import type { FastifyInstance } from 'fastify';
import type { Sharp } from 'sharp';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { uploadStorage } from '../../lib/storage/index.ts';
import { isIco, largestIconImage } from './ico.ts';
import { loadSharp } from './load-sharp.ts';

/** The formats a picture may arrive in (no SVG: a script-capable format is not drawn here). */
const PICTURE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export const PICTURE_MESSAGES = {
  notPicture: 'This file is not a picture: upload a JPEG, PNG, WebP, GIF or AVIF image.',
  tooLarge: `This picture is larger than ${PICTURE_MAX_UPLOAD_BYTES / (1024 * 1024)} MB: upload a smaller one.`,
  tooManyPixels: `This picture is too large to open (over ${PICTURE_MAX_PIXELS / 1_000_000} million pixels): upload a smaller one.`,
  notIcon: 'This icon file cannot be read: upload a PNG, or an ICO holding PNG or BMP images.',
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
 * How a picture is kept: within a square of `maxSide` as WebP (transparency kept); as a square PNG
 * icon, the picture centred on a transparent ground; or as a JPEG card cropped around its centre
 * to width × height, on white where the picture was see-through. None is ever enlarged.
 */
export type PictureShape =
  | { kind: 'inside'; maxSide: number }
  | { kind: 'icon'; side: number }
  | { kind: 'card'; width: number; height: number };

const SHAPES: Record<PicturePurpose, PictureShape> = {
  option: { kind: 'inside', maxSide: PICTURE_MAX_SIDE },
  background: { kind: 'inside', maxSide: BACKGROUND_MAX_SIDE },
  logo: { kind: 'inside', maxSide: LOGO_MAX_SIDE },
  favicon: { kind: 'icon', side: FAVICON_SIDE },
  social: { kind: 'card', width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT },
};

/** The resize and encoding of `shape` for a picture of `width` × `height` as it stands upright. */
function shaped(image: Sharp, shape: PictureShape, width: number, height: number): Sharp {
  switch (shape.kind) {
    case 'inside':
      return image
        .resize({ width: shape.maxSide, height: shape.maxSide, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 });
    case 'icon': {
      const side = Math.min(shape.side, Math.max(width, height));
      return image
        .resize({ width: side, height: side, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png({ compressionLevel: 9 });
    }
    case 'card': {
      // The card's proportions, at most its size and at most what the picture holds.
      const scale = Math.min(1, width / shape.width, height / shape.height);
      return image
        .resize({
          width: Math.max(1, Math.round(shape.width * scale)),
          height: Math.max(1, Math.round(shape.height * scale)),
          fit: 'cover',
          position: 'centre',
        })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85, mozjpeg: true });
    }
  }
}

/**
 * The picture as it is kept (PictureShape; by default an option's: WebP at most PICTURE_MAX_SIDE
 * on its longest side), turned upright by its orientation tag, first frame only, without
 * metadata. Refuses what is not a picture (415) and pictures whose declared size is past
 * PICTURE_MAX_PIXELS (413, before decoding them).
 */
export async function resizePicture(
  input: Buffer,
  shape: PictureShape = SHAPES.option,
): Promise<{ data: Buffer; width: number; height: number }> {
  const sharp = await loadSharp();
  const open = () => sharp(input, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error' });
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    const meta = await open().metadata();
    format = meta.format;
    // Orientations 5 to 8 turn the picture a quarter: upright, its sides swap.
    const turned = (meta.orientation ?? 1) >= 5;
    width = (turned ? meta.height : meta.width) ?? 0;
    height = (turned ? meta.width : meta.height) ?? 0;
  } catch (err) {
    if (/pixel limit/i.test(String((err as Error).message)))
      throw new AppError('PAYLOAD_TOO_LARGE', 413, PICTURE_MESSAGES.tooManyPixels);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, PICTURE_MESSAGES.notPicture);
  }
  if (!format || !PICTURE_FORMATS.has(format))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, PICTURE_MESSAGES.notPicture);
  if (width * height > PICTURE_MAX_PIXELS)
    throw new AppError('PAYLOAD_TOO_LARGE', 413, PICTURE_MESSAGES.tooManyPixels);
  try {
    const { data, info } = await shaped(open().rotate(), shape, width, height).toBuffer({
      resolveWithObject: true,
    });
    return { data, width: info.width, height: info.height };
  } catch (err) {
    if (/pixel limit/i.test(String((err as Error).message)))
      throw new AppError('PAYLOAD_TOO_LARGE', 413, PICTURE_MESSAGES.tooManyPixels);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, PICTURE_MESSAGES.notPicture);
  }
}

/** Stores an owner's picture for the form (the caller checked the owner's access). */
export async function storePicture(
  app: FastifyInstance,
  input: { formId: number; file: MultipartFile | undefined; purpose: PicturePurpose },
): Promise<StoredPicture> {
  const { file } = input;
  if (!file) throw badRequest('No file was sent');
  let bytes = await readPicture(file);
  // A tab icon is often a Windows icon (.ico): its largest image is the picture kept.
  if (input.purpose === 'favicon' && isIco(bytes)) {
    const image = await largestIconImage(bytes);
    if (!image) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, PICTURE_MESSAGES.notIcon);
    bytes = image;
  }
  const picture = await resizePicture(bytes, SHAPES[input.purpose]);
  const id = randomBytes(20).toString('hex');
  await storePictureBytes(app, { formId: input.formId, id, data: picture.data });
  return { id, url: pictureUrl(String(input.formId), id), width: picture.width, height: picture.height };
}

/** Keeps a picture's bytes as picture `id` of the form (a new upload, or a copy's own). */
export async function storePictureBytes(
  app: FastifyInstance,
  input: { formId: number; id: string; data: Buffer },
): Promise<void> {
  await uploadStorage(app.config).write(
    pictureStorageKey(input.id),
    Buffer.concat([headerOf(input.formId), input.data]),
  );
}

/**
 * A form's picture as its stored bytes (pictureContentType tells their format); 404 when the id is
 * not one of this form's pictures.
 */
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

/**
 * The content type of a picture's stored bytes, read from their first bytes: the tab icon is kept
 * as PNG and the link preview as JPEG; every other picture (and every one kept before those) is WebP.
 */
export function pictureContentType(bytes: Buffer): string {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return 'image/webp';
}
