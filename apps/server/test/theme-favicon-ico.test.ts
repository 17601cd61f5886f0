import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_MESSAGES } from '../src/modules/forms/pictures.ts';
import { createForm } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { multipart } from './intake-fixtures.ts';

/** A 32-bit BMP image as an ICO holds it: its header (height counting the mask), BGRA rows bottom up, then the mask. */
function bmpImage(side: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(side, 4);
  header.writeInt32LE(side * 2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  const pixels = Buffer.alloc(side * side * 4);
  for (let i = 0; i < side * side; i++) pixels.set([rgb[2], rgb[1], rgb[0], 255], i * 4);
  // The AND mask: one bit a pixel, rows padded to four bytes; all clear (every pixel shown).
  const mask = Buffer.alloc(Math.ceil(side / 32) * 4 * side);
  return Buffer.concat([header, pixels, mask]);
}

/** An ICO file of the given images, each with its directory entry (side 256 written as 0). */
function ico(images: { side: number; data: Buffer }[]): Buffer {
  const head = Buffer.alloc(6 + 16 * images.length);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(images.length, 4);
  let offset = head.length;
  images.forEach((image, i) => {
    const entry = 6 + 16 * i;
    head.writeUInt8(image.side % 256, entry);
    head.writeUInt8(image.side % 256, entry + 1);
    head.writeUInt16LE(1, entry + 4);
    head.writeUInt16LE(32, entry + 6);
    head.writeUInt32LE(image.data.length, entry + 8);
    head.writeUInt32LE(offset, entry + 12);
    offset += image.data.length;
  });
  return Buffer.concat([head, ...images.map((i) => i.data)]);
}

const pngOf = (side: number, colour: string) =>
  sharp({ create: { width: side, height: side, channels: 4, background: colour } })
    .png()
    .toBuffer();

describe(`a tab icon uploaded as a Windows icon (.ico) (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let formId: number;

  const upload = (purpose: string, content: Buffer, user: TestUser = owner) => {
    const body = multipart([
      { name: 'file', filename: 'favicon.ico', type: 'image/vnd.microsoft.icon', content },
    ]);
    return app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/pictures?purpose=${purpose}`,
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
  };
  /** The stored icon: its size and the colour of its middle pixel. */
  const served = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const middle = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
    return { width: info.width, height: info.height, middle: [...data.subarray(middle, middle + 3)] };
  };

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app);
    formId = (await createForm(app, owner, { title: 'Harbour icons' })).id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('keeps the largest image of the icon, a PNG one, as the square PNG tab icon', async () => {
    const file = ico([
      { side: 16, data: bmpImage(16, [200, 30, 30]) },
      { side: 64, data: await pngOf(64, '#0f766e') },
    ]);
    const res = await upload('favicon', file);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: 64, height: 64 });
    expect(await served(res.json().url)).toEqual({ width: 64, height: 64, middle: [15, 118, 110] });
  });

  it('reads an icon of BMP images only, taking the largest', async () => {
    const file = ico([
      { side: 16, data: bmpImage(16, [200, 30, 30]) },
      { side: 48, data: bmpImage(48, [20, 60, 200]) },
    ]);
    const res = await upload('favicon', file);
    expect(res.statusCode, res.body).toBe(201);
    expect(await served(res.json().url)).toEqual({ width: 48, height: 48, middle: [20, 60, 200] });
  });

  it('refuses an icon it cannot read with 415 and says what to send', async () => {
    const whole = ico([{ side: 32, data: bmpImage(32, [1, 2, 3]) }]);
    // The directory says the image runs past the end of the file.
    const cut = whole.subarray(0, whole.length - 100);
    const res = await upload('favicon', cut);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(PICTURE_MESSAGES.notIcon);
    // A BMP header claiming more than an icon's 256 pixels a side is not decoded.
    const huge = bmpImage(16, [1, 2, 3]);
    huge.writeInt32LE(40_000, 4);
    const claimed = await upload('favicon', ico([{ side: 16, data: huge }]));
    expect(claimed.statusCode).toBe(415);
  });

  it('takes an icon file only as a tab icon', async () => {
    const res = await upload('option', ico([{ side: 32, data: bmpImage(32, [1, 2, 3]) }]));
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(PICTURE_MESSAGES.notPicture);
  });

  it("answers 404 to a stranger's upload", async () => {
    const stranger = await createTestUser(app);
    const res = await upload('favicon', ico([{ side: 32, data: bmpImage(32, [1, 2, 3]) }]), stranger);
    expect(res.statusCode).toBe(404);
  });
});
