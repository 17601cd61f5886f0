import { builtinTheme } from '@formsmith/core/themes/builtin';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadStorage } from '../src/lib/storage/index.ts';
import { pictureStorageKey } from '../src/modules/forms/pictures.ts';
import { createForm, uniqueSlug } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { multipart } from './intake-fixtures.ts';

const ocean = builtinTheme('ocean')!.theme;

const picture = (background: string) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background } })
    .png()
    .toBuffer();

const idOf = (url: string) => /([a-f0-9]{40})$/.exec(url)![1]!;

/** A copy of a form shows copies of its pictures; a form deleted for good takes along the unused ones. */
describe(`a form's pictures when it is copied or deleted (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    user = owner,
  ) => app.inject({ method, url, headers: user.auth, ...(payload === undefined ? {} : { payload }) });
  const upload = async (formId: number, colour: string, purpose = 'option') => {
    const body = multipart([
      { name: 'file', filename: 'p', type: 'image/png', content: await picture(colour) },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/pictures?purpose=${purpose}`,
      headers: { ...owner.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().url as string;
  };
  const stored = async (url: string) =>
    (await uploadStorage(app.config).open(pictureStorageKey(idOf(url)))) !== null;

  /** A form showing one option picture and one background picture. */
  async function formWithPictures() {
    const form = await createForm(app, owner, { title: 'Trips', slug: uniqueSlug('trips'), fields: [] });
    const option = await upload(form.id, '#c0392b');
    const background = await upload(form.id, '#1d6f8a', 'background');
    const saved = await call('PUT', `/api/forms/${form.id}`, {
      fields: [
        {
          id: 'view',
          label: 'Favourite view',
          type: 'picture_choice',
          options: [
            { id: 'a', label: 'Lighthouse', value: 'lighthouse', image: option, alt: 'A red lighthouse' },
            { id: 'b', label: 'Harbour', value: 'harbour' },
          ],
        },
      ],
      theme_config: {
        customTheme: { ...ocean, background: { image: background, focusX: 50, focusY: 50, dim: 0 } },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { id: form.id as number, option, background };
  }

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app);
  }, 300_000);
  afterAll(() => app?.close());

  it('gives a duplicate its own copies of the pictures, which outlive the original', async () => {
    const source = await formWithPictures();
    const res = await call('POST', `/api/forms/${source.id}/duplicate`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json();
    const option: string = copy.fields[0].options[0].image;
    const background: string = copy.theme_config.customTheme.background.image;
    for (const url of [option, background]) {
      expect(url).toMatch(new RegExp(`^/api/form-submissions/forms/${copy.id}/pictures/[a-f0-9]{40}$`));
    }
    expect(idOf(option)).not.toBe(idOf(source.option));
    const original = await app.inject({ method: 'GET', url: source.option });
    const copied = await app.inject({ method: 'GET', url: option });
    expect(copied.statusCode).toBe(200);
    expect(copied.rawPayload.equals(original.rawPayload)).toBe(true);

    expect((await call('DELETE', `/api/forms/${source.id}?permanent=true`)).statusCode).toBe(204);
    expect(await stored(source.option)).toBe(false);
    expect(await stored(source.background)).toBe(false);
    expect((await app.inject({ method: 'GET', url: option })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: background })).statusCode).toBe(200);
  });

  it('keeps a deleted form’s picture that a saved theme still shows, and removes the rest', async () => {
    const form = await formWithPictures();
    const theme = await call('POST', '/api/themes', {
      name: `Harbour ${form.id}`,
      theme: { ...ocean, background: { image: form.background, focusX: 50, focusY: 50, dim: 0 } },
    });
    expect(theme.statusCode, theme.body).toBe(201);
    // To the Trash first: the pictures stay while the form can come back.
    expect((await call('DELETE', `/api/forms/${form.id}`)).statusCode).toBe(204);
    expect(await stored(form.option)).toBe(true);
    expect((await call('DELETE', `/api/forms/${form.id}?permanent=true`)).statusCode).toBe(204);
    expect(await stored(form.option)).toBe(false);
    expect(await stored(form.background)).toBe(true);
  });

  it('refuses a stranger’s duplicate with 404 and copies nothing', async () => {
    const form = await formWithPictures();
    const stranger = await createTestUser(app);
    const res = await call('POST', `/api/forms/${form.id}/duplicate`, undefined, stranger);
    expect(res.statusCode).toBe(404);
    const mine = await call('GET', '/api/forms?limit=100', undefined, stranger);
    expect(mine.json().forms).toEqual([]);
  });

  it('removes the pictures of the forms of an account deleted on request', async () => {
    const person = await createTestUser(app);
    const previous = owner;
    owner = person;
    try {
      const form = await formWithPictures();
      const res = await call('POST', '/api/security/data-protection/requests', {
        request_type: 'delete',
        confirm_email: person.email,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await stored(form.option)).toBe(false);
      expect(await stored(form.background)).toBe(false);
    } finally {
      owner = previous;
    }
  });
});
