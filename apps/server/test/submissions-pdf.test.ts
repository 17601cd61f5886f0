import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileSizeText } from '@formsmith/core/fields/files';
import { pictureUrl } from '@formsmith/core/fields/picture-choice';
import { normalizeFields } from '@formsmith/core/forms/read-field';
import {
  PDF_FONT_FAMILIES,
  type PdfFontFamily,
  type PdfFontWeight,
  pdfFontPath,
  SEALED_PDF,
} from '@formsmith/core/submissions/pdf';
import { ANSWERS_HIDDEN } from '@formsmith/core/workspaces/viewer-answers';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms, formVersions, submissions, uploads } from '../src/db/schema.ts';
import { saveUpload } from '../src/lib/storage/index.ts';
import { resizePicture, storePictureBytes } from '../src/modules/forms/pictures.ts';
import { dbKind } from './helpers/app.ts';
import { pdfStructure, pdfText } from './helpers/pdf-text.ts';
import { createTeam, placeForm } from './helpers/teams.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';
import { createTestForm, insertSubmissions, wireField } from './submissions-fixtures.ts';

const FIELDS = normalizeFields([
  wireField('f_name', 'Full name', 'text'),
  wireField('f_topics', 'Topics', 'checkbox', {
    options: [
      { id: 'a', label: 'Apples', value: 'apples' },
      { id: 'b', label: 'Bananas', value: 'bananas' },
    ],
  }),
  wireField('f_break', 'Second part: about you', 'page_break'),
  // No lam-alef in the label: pdf.js (unlike poppler) reads that ligature back reversed.
  wireField('f_ar', 'اسمك بالعربية', 'text'),
  wireField('f_jp', '自己紹介', 'textarea'),
  wireField('f_grid', 'Service', 'matrix', {
    rows: [
      { id: 'r1', label: 'Speed', value: 'speed' },
      { id: 'r2', label: 'Care', value: 'care' },
    ],
    columns: [
      { id: 'c1', label: 'Good', value: 'good' },
      { id: 'c2', label: 'Poor', value: 'poor' },
    ],
  }),
  wireField('f_notes', 'Notes', 'textarea'),
]);

const ARABIC = 'مرحبا بالعالم، اسمي أحمد وأنا مهندس';
const JAPANESE = 'こんにちは、東京でエンジニアをしています。';

/**
 * The image XObjects page `n` draws, as 'width x height': read from the file's object dictionaries
 * (pdfkit writes them uncompressed), since pdf.js on Node 20 cannot decode a JPEG to report it.
 */
function pageImages(body: Buffer, n: number): string[] {
  const file = body.toString('latin1');
  const object = (ref: string | undefined) =>
    file.match(new RegExp(`(?:^|\\n)${ref} 0 obj\\n<<([\\s\\S]*?)\\n>>\\n(?:endobj|stream)`))?.[1] ?? '';
  const kids = file.match(/\/Type \/Pages\n\/Count \d+\n\/Kids \[([^\]]*)\]/)?.[1] ?? '';
  const page = object([...kids.matchAll(/(\d+) 0 R/g)][n - 1]?.[1]);
  const resources = object(page.match(/\/Resources (\d+) 0 R/)?.[1]);
  const xobjects = resources.match(/\/XObject <<([\s\S]*?)>>/)?.[1] ?? '';
  return [...xobjects.matchAll(/\/\w+ (\d+) 0 R/g)].flatMap(([, ref]) => {
    const dict = object(ref);
    if (!dict.includes('/Subtype /Image')) return [];
    return [`${dict.match(/\/Width (\d+)/)?.[1]}x${dict.match(/\/Height (\d+)/)?.[1]}`];
  });
}

/** Text without its spaces: a reader may split or join words differently from how they were typed. */
const squash = (text: string) => text.replace(/\s+/g, '');

describe(`the PDF of one submission (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let formId: number;
  let id: string;
  let longId: string;
  let sealedId: string;

  const pdfUrl = (submissionId: string) =>
    `/api/form-submissions/forms/${formId}/submissions/${submissionId}/pdf`;
  const get = (user: TestUser, submissionId: string) =>
    app.inject({ method: 'GET', url: pdfUrl(submissionId), headers: user.auth });

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
    viewer = await createTestUser(app, { name: 'Vic Viewer' });
    stranger = await createTestUser(app, { name: 'Stan Stranger' });
    const workspaceId = await createTeam(app, { owner, name: 'Hiring', members: [[viewer, 'viewer']] });
    formId = await createTestForm(app, owner.id, { title: 'Job application: 2026/27', fields: FIELDS });
    await placeForm(app, formId, workspaceId);
    [id, longId, sealedId] = (await insertSubmissions(app, formId, [
      {
        data: {
          f_name: 'Ada Lovelace',
          f_topics: ['apples', 'bananas'],
          f_ar: ARABIC,
          f_jp: JAPANESE,
          f_grid: { speed: 'good', care: 'poor' },
          f_notes: 'First line\nSecond line',
        },
        sealed: true,
      },
      {
        // About 2,000 numbered words: several pages, each word to be found.
        data: {
          f_name: 'Grace Hopper',
          f_notes: Array.from({ length: 2000 }, (_, i) => `word${String(i).padStart(4, '0')}`).join(' '),
        },
      },
      { data: {} },
    ])) as [string, string, string];
    await app.db
      .update(submissions)
      .set({
        language: 'ja',
        metadata: { quiz: { score: 7, max: 10, passed: true } },
        createdAt: new Date(Date.UTC(2026, 2, 14, 9, 30)),
      })
      .where(eq(submissions.id, id));
    // Answers sealed end to end: only the owner's unlocked browser can read them.
    await app.db
      .update(submissions)
      .set({ envelope: { v: 1, alg: 'ECDH-P256+AES-256-GCM', epk: 'a', iv: 'b', ct: 'c' } as never })
      .where(eq(submissions.id, sealedId));
  });
  afterAll(() => app.close());

  it('answers a PDF named after the form with every label and answer in form order', async () => {
    const res = await get(owner, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Job application 2026 27-${id.replace(/-/g, '').slice(0, 8)}.pdf"; ` +
        `filename*=UTF-8''${encodeURIComponent(`Job application 2026 27-${id.replace(/-/g, '').slice(0, 8)}.pdf`)}`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await pdfText(res.rawPayload);
    expect(pages).toBe(1);
    const flat = squash(text);
    const inOrder = [
      'Job application: 2026/27',
      'Language: Japanese (ja)',
      'Quiz score: 7 of 10 points, passed',
      'Reference: #1',
      'Full name',
      'Ada Lovelace',
      'Topics',
      'Apples, Bananas',
      'Second part: about you',
      'اسمك بالعربية',
      ARABIC,
      '自己紹介',
      JAPANESE,
      'Service',
      'Speed: Good',
      'Care: Poor',
      'Notes',
      'First line',
      'Second line',
    ].map(squash);
    let from = 0;
    for (const part of inOrder) {
      const at = flat.indexOf(part, from);
      expect(at, `${part} after place ${from} in ${flat}`).toBeGreaterThanOrEqual(0);
      from = at + part.length;
    }
    // The time written as Japanese writes it.
    expect(flat).toContain(squash('2026年3月14日'));
  });

  it('is tagged: in the language of the submission, titled, its structure in reading order', async () => {
    const res = await get(owner, id);
    expect(res.statusCode).toBe(200);
    const pdf = await pdfStructure(res.rawPayload);
    expect(pdf.marked).toBe(true);
    expect(pdf.language).toBe('ja');
    expect(pdf.title).toBe(`Job application: 2026/27: Submission ${id.replace(/-/g, '').slice(0, 8)}`);
    expect(pdf.displayTitle).toBe(true);
    const question = (answer: string[] = ['P']) => ['H3', ...answer];
    expect(pdf.roles).toEqual([
      'Document',
      ...['H1', 'P', 'P', 'P', 'P', 'P', 'P'].map((role) => `  ${role}`),
      ...question().map((role) => `  ${role}`), // Full name
      ...question().map((role) => `  ${role}`), // Topics: one line, its choices in it
      '  H2', // Second part: about you
      ...question().map((role) => `  ${role}`), // Arabic
      ...question().map((role) => `  ${role}`), // Japanese
      '  H3', // Service: a line per row, a list
      '  L',
      ...['LI', '  LBody', '    P', 'LI', '  LBody', '    P'].map((role) => `    ${role}`),
      ...question().map((role) => `  ${role}`), // Notes: two lines of one paragraph
    ]);
  });

  it('writes Korean, Hebrew (from the right), Thai and emoji answers in fonts that draw them', async () => {
    const answers = {
      f_ko: '안녕하세요, 저는 서울에 삽니다',
      f_he: 'שלום, אני גר בירושלים',
      f_th: 'สวัสดีครับ ผมอยู่กรุงเทพ',
      f_emoji: 'Great service 👍 🎉',
    };
    const scriptsFormId = await createTestForm(app, owner.id, {
      title: 'Scripts',
      fields: normalizeFields(Object.keys(answers).map((key) => wireField(key, key.slice(2), 'text'))),
    });
    const [sentId] = await insertSubmissions(app, scriptsFormId, [{ data: answers }]);
    const res = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${scriptsFormId}/submissions/${sentId}/pdf`,
      headers: owner.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Each in the order it was typed, as a reader copies or searches it.
    const flat = squash((await pdfText(res.rawPayload)).text);
    for (const answer of Object.values(answers)) expect(flat).toContain(squash(answer));
    // Each script's font embedded (subset), not a missing-glyph box in Noto Sans.
    const fonts = res.rawPayload.toString('latin1').match(/\/BaseFont \/[A-Z]{6}\+[\w-]+/g) ?? [];
    const names = fonts.map((font) => font.replace(/.*\+/, ''));
    for (const family of ['NotoSansKR', 'NotoSansHebrew', 'NotoSansThai', 'NotoEmoji']) {
      expect(
        names.some((name) => name.startsWith(family)),
        `${family} in ${names}`,
      ).toBe(true);
    }
  });

  it('flows a very long answer onto further pages and loses none of it', async () => {
    const res = await get(owner, longId);
    expect(res.statusCode).toBe(200);
    const { pages, text } = await pdfText(res.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(3);
    const words = text.match(/word\d{4}/g) ?? [];
    expect(words).toEqual(Array.from({ length: 2000 }, (_, i) => `word${String(i).padStart(4, '0')}`));
    expect(text).toContain('No answer');
  });

  it('shows each question under the label of the version the submission answered', async () => {
    const renamed = FIELDS.map((f) =>
      f.id === 'f_name' ? { ...f, label: 'Your name, as it was asked' } : f,
    );
    await app.db.insert(formVersions).values({
      formId,
      number: 1,
      title: 'Job application',
      description: '',
      fields: renamed,
      themeConfig: {},
      submitButtonText: 'Send',
      successMessage: 'Thanks',
    });
    await app.db.execute(sql`update submissions set form_version = 1 where id = ${longId}`);
    const { text } = await pdfText((await get(owner, longId)).rawPayload);
    expect(text).toContain('Your name, as it was asked');
    expect(text).not.toContain('Full name');
  });

  it('draws a drawn signature as its picture and writes a typed one', async () => {
    const png = new PNG({ width: 120, height: 40 });
    png.data.fill(255);
    for (let x = 10; x < 110; x++) png.data.fill(0, (20 * 120 + x) * 4, (20 * 120 + x) * 4 + 3);
    const bytes = PNG.sync.write(png);
    const signFormId = await createTestForm(app, owner.id, {
      title: 'Consent',
      fields: normalizeFields([
        wireField('f_drawn', 'Drawn signature', 'signature'),
        wireField('f_typed', 'Typed signature', 'signature'),
      ]),
    });
    const uploadId = randomUUID();
    const signedAt = '2026-03-14T09:30:00.000Z';
    const [signedId] = await insertSubmissions(app, signFormId, [
      {
        data: {
          f_drawn: {
            upload_id: uploadId,
            name: 'signature.png',
            size: bytes.length,
            type: 'image/png',
            method: 'drawn',
            signed_at: signedAt,
          },
          f_typed: { method: 'typed', typed_name: 'Ada Lovelace', signed_at: signedAt },
        },
      },
    ]);
    const { key } = await saveUpload(app, Readable.from([bytes]), { maxBytes: 100_000 });
    await app.db.insert(uploads).values({
      id: uploadId,
      formId: signFormId,
      submissionId: signedId!,
      fieldId: 'f_drawn',
      filename: 'signature.png',
      mimeType: 'image/png',
      size: bytes.length,
      storageKey: key,
    });
    const res = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${signFormId}/submissions/${signedId}/pdf`,
      headers: owner.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('Signed (typed): Ada Lovelace');
    expect(text.match(/Signed at 2026-03-14T09:30:00.000Z/g)).toHaveLength(2);
    expect(text).not.toContain('picture not available');
  });

  it('draws the logo, an uploaded picture and a picked option picture; lists other files by name and size', async () => {
    /** A PNG of one colour, as a camera or an editor would send it. */
    const solid = (width: number, height: number, rgb: [number, number, number]) => {
      const png = new PNG({ width, height });
      for (let i = 0; i < width * height; i++) png.data.set([...rgb, 255], i * 4);
      return PNG.sync.write(png);
    };
    const picturesFormId = await createTestForm(app, owner.id, {
      title: 'Portfolio',
      fields: normalizeFields([
        wireField('f_photo', 'Your photo', 'file'),
        wireField('f_cv', 'Your CV', 'file'),
        wireField('f_style', 'Style', 'picture_choice', {
          options: [
            { id: 'o1', label: 'Green', value: 'green' },
            { id: 'o2', label: 'Grey', value: 'grey' },
          ],
        }),
      ]),
    });
    // The logo and the option's picture kept as the editor keeps them (WebP, under the form).
    const keep = async (id: string, bytes: Buffer) => {
      const { data } = await resizePicture(bytes, { kind: 'inside', maxSide: 512 });
      await storePictureBytes(app, { formId: picturesFormId, id, data });
      return pictureUrl(String(picturesFormId), id);
    };
    const logoUrl = await keep('a'.repeat(40), solid(300, 100, [200, 30, 30]));
    const optionUrl = await keep('b'.repeat(40), solid(200, 200, [30, 160, 60]));
    const fields = normalizeFields([
      wireField('f_photo', 'Your photo', 'file'),
      wireField('f_cv', 'Your CV', 'file'),
      wireField('f_style', 'Style', 'picture_choice', {
        options: [
          { id: 'o1', label: 'Green', value: 'green', image: optionUrl, alt: 'A green square' },
          { id: 'o2', label: 'Grey', value: 'grey' },
        ],
      }),
    ]);
    await app.db.update(forms).set({ logoUrl, fields }).where(eq(forms.id, picturesFormId));

    const photo = solid(1600, 1200, [30, 60, 200]);
    const cv = Buffer.from('%PDF-1.4 not really a CV');
    const photoId = randomUUID();
    const cvId = randomUUID();
    const [sentId] = await insertSubmissions(app, picturesFormId, [
      {
        data: {
          f_photo: { upload_id: photoId, name: 'me.png', size: photo.length, type: 'image/png' },
          f_cv: { upload_id: cvId, name: 'cv.pdf', size: 250_000, type: 'application/pdf' },
          f_style: 'green',
        },
      },
    ]);
    for (const [uploadId, fieldId, filename, mimeType, bytes] of [
      [photoId, 'f_photo', 'me.png', 'image/png', photo],
      [cvId, 'f_cv', 'cv.pdf', 'application/pdf', cv],
    ] as const) {
      // Stored as every upload is: sealed at rest.
      const { key } = await saveUpload(app, Readable.from([bytes]), { maxBytes: 1_000_000 });
      await app.db.insert(uploads).values({
        id: uploadId,
        formId: picturesFormId,
        submissionId: sentId!,
        fieldId,
        filename,
        mimeType,
        size: bytes.length,
        storageKey: key,
      });
    }
    const res = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${picturesFormId}/submissions/${sentId}/pdf`,
      headers: owner.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Each picture drawn on page 1, the large photo made small (800 px on its longest side).
    expect(pageImages(res.rawPayload, 1).sort()).toEqual(['200x200', '300x100', '800x600']);
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('me.png');
    expect(text).toContain('cv.pdf (245 KB)');
    expect(text).toContain('Green');
    // The logo is decoration; each other picture a Figure that says what it shows.
    const { roles } = await pdfStructure(res.rawPayload);
    expect(roles.filter((role) => role.includes('Figure'))).toEqual([
      `  Figure "Your photo: me.png (${fileSizeText(photo.length)})"`,
      '  Figure "A green square"',
    ]);
  });

  it('answers an API key with submissions:read and refuses one without', async () => {
    const ownFormId = await createTestForm(app, owner.id, { title: 'Keyed' });
    const [ownId] = await insertSubmissions(app, ownFormId, [{ data: { f_name: 'By key' } }]);
    const keyWith = async (scopes: string[]) => {
      const made = await app.inject({
        method: 'POST',
        url: '/api/account/api-keys',
        headers: owner.auth,
        payload: { name: scopes.join(' '), scopes },
      });
      expect(made.statusCode, made.body).toBe(201);
      return { authorization: `Bearer ${made.json().key}` };
    };
    const url = `/api/form-submissions/forms/${ownFormId}/submissions/${ownId}/pdf`;
    const allowed = await app.inject({ method: 'GET', url, headers: await keyWith(['submissions:read']) });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['content-type']).toBe('application/pdf');
    const refused = await app.inject({ method: 'GET', url, headers: await keyWith(['forms:read']) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('INSUFFICIENT_SCOPE');
  });

  it('refuses answers sealed end to end with the reason, as the server cannot read them', async () => {
    const res = await get(owner, sealedId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(SEALED_PDF);
  });

  it('is 404 for a stranger, a missing submission or a bad id', async () => {
    for (const [user, submissionId] of [
      [stranger, id],
      [owner, '00000000-0000-4000-8000-000000000000'],
      [owner, 'not-an-id'],
    ] as const) {
      const res = await get(user, submissionId);
      expect(res.statusCode, `${user.id} ${submissionId}`).toBe(404);
    }
  });

  it("serves its fonts to the form's people, for the browser's PDF of sealed answers; 404 to a stranger", async () => {
    const fontUrl = (family: string, weight: string) =>
      `/api${pdfFontPath(formId, family as PdfFontFamily, weight as PdfFontWeight)}`;
    for (const family of PDF_FONT_FAMILIES) {
      const res = await app.inject({ method: 'GET', url: fontUrl(family, 'bold'), headers: owner.auth });
      expect(res.statusCode, family).toBe(200);
      expect(res.headers['content-type']).toBe('font/ttf');
      // A TrueType file starts with its version, 0x00010000.
      expect(res.rawPayload.subarray(0, 4).toString('hex'), family).toBe('00010000');
    }
    const latin = await app.inject({ method: 'GET', url: fontUrl('latin', 'regular'), headers: viewer.auth });
    expect(latin.statusCode).toBe(200);
    expect(latin.headers['cache-control']).toContain('max-age=');
    const strangers = await app.inject({
      method: 'GET',
      url: fontUrl('latin', 'regular'),
      headers: stranger.auth,
    });
    expect(strangers.statusCode).toBe(404);
    const unknown = await app.inject({
      method: 'GET',
      url: fontUrl('klingon', 'regular'),
      headers: owner.auth,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('is refused to a viewer of a form that shows its viewers only counts', async () => {
    expect((await get(viewer, id)).statusCode).toBe(200);
    const set = await app.inject({
      method: 'PUT',
      url: `/api/forms/${formId}/viewer-access`,
      headers: owner.auth,
      payload: { viewer_answers: false },
    });
    expect(set.statusCode, set.body).toBe(200);
    const res = await get(viewer, id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: ANSWERS_HIDDEN.message, code: 'ANSWERS_HIDDEN' });
  });
});
