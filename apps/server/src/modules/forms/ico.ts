// A tab icon sent as a Windows icon (.ico): the image decoder the pictures use does not read ICO,
// so the icon's largest image is taken out of it (decode-ico reads the directory and the PNG or
// BMP images in it) and handed on as a PNG, to be kept like any other tab icon.
import decodeIco from 'decode-ico';
import { loadSharp } from './load-sharp.ts';

/** An ICO file starts with a reserved zero, then type 1 (icon), then how many images it holds. */
export function isIco(bytes: Buffer): boolean {
  return (
    bytes.length >= 6 &&
    bytes.readUInt16LE(0) === 0 &&
    bytes.readUInt16LE(2) === 1 &&
    bytes.readUInt16LE(4) > 0
  );
}

// Real icons hold a handful of sizes; the limit keeps a crafted directory (thousands of entries
// pointing at one image) from making the decoder unpack it thousands of times.
const MAX_IMAGES = 64;
// An ICO image is at most 256 pixels a side; a BMP header claiming more is refused before decoding.
const MAX_SIDE = 256;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Whether the directory is one the decoder can be trusted with: few images, each inside the file and of icon size. */
function plausible(bytes: Buffer): boolean {
  const count = bytes.readUInt16LE(4);
  if (count > MAX_IMAGES || bytes.length < 6 + 16 * count) return false;
  for (let i = 0; i < count; i++) {
    const entry = 6 + 16 * i;
    const size = bytes.readUInt32LE(entry + 8);
    const offset = bytes.readUInt32LE(entry + 12);
    if (size < 40 || offset + size > bytes.length) return false;
    if (bytes.subarray(offset, offset + 8).equals(PNG_SIGNATURE)) continue;
    // A BMP image: its header's width, and its height counting the mask below the picture (twice as tall).
    const width = bytes.readInt32LE(offset + 4);
    const height = bytes.readInt32LE(offset + 8);
    if (width < 0 || width > MAX_SIDE || height < 0 || height > 2 * MAX_SIDE) return false;
  }
  return true;
}

/**
 * The icon's largest image (most pixels, then most colour depth) as PNG bytes, or null when the
 * bytes are no icon this can read (the caller refuses them as not a picture).
 */
export async function largestIconImage(bytes: Buffer): Promise<Buffer | null> {
  if (!isIco(bytes) || !plausible(bytes)) return null;
  let images: ReturnType<typeof decodeIco>;
  try {
    images = decodeIco(bytes);
  } catch {
    return null;
  }
  const [largest] = images.sort((a, b) => b.width * b.height - a.width * a.height || b.bpp - a.bpp);
  if (!largest || largest.width === 0 || largest.height === 0) return null;
  if (largest.type === 'png') return Buffer.from(largest.data);
  // A BMP image comes decoded, as RGBA pixels with its mask applied as transparency.
  const sharp = await loadSharp();
  return sharp(Buffer.from(largest.data.buffer, largest.data.byteOffset, largest.data.byteLength), {
    raw: { width: largest.width, height: largest.height, channels: 4 },
  })
    .png()
    .toBuffer();
}
