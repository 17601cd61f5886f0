import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions, uploads } from '../src/db/schema.ts';
import { openUpload } from '../src/lib/storage/index.ts';
import { dbKind } from './helpers/app.ts';
import { storedSubmissions } from './helpers/stored.ts';
import { createOwnerTestApp, type TestUser } from './helpers/users.ts';
import {
  countSubmissions,
  createPublishedForm,
  findUpload,
  multipart,
  validData,
} from './intake-fixtures.ts';

describe(`respondent file uploads (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
  });
  afterAll(() => app.close());

  const upload = (
    formId: number,
    file: { filename: string; type: string; content: Buffer },
    fieldId = 'cv',
  ) => {
    const body = multipart([
      { name: 'field_id', value: fieldId },
      { name: 'file', ...file },
    ]);
    return app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/uploads`,
      headers: body.headers,
      payload: body.payload,
    });
  };
  const submit = (formId: number, data: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/form-submissions/forms/${formId}/submit`, payload: { data } });
  const textFile = (content = 'hello world') => ({
    filename: 'notes.txt',
    type: 'text/plain',
    content: Buffer.from(content),
  });

  it('stores an accepted file privately and attaches it to the submission that names it', async () => {
    const formId = await createPublishedForm(app, owner);
    const res = await upload(formId, textFile());
    expect(res.statusCode).toBe(201);
    const answer = res.json();
    expect(answer).toEqual({
      upload_id: expect.any(String),
      name: 'notes.txt',
      size: 11,
      type: 'text/plain',
    });

    const row = await findUpload(app, answer.upload_id);
    expect(row!.storageKey).not.toContain('notes');
    expect(existsSync(path.join(app.config.dataDir, 'uploads', row!.storageKey))).toBe(true);
    const stream = await openUpload(app, row!.storageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello world');

    const sent = await submit(formId, validData({ cv: { ...answer, name: 'renamed.exe', size: 1 } }));
    expect(sent.statusCode).toBe(201);
    const [stored] = await storedSubmissions(app, eq(submissions.id, sent.json().submission_id));
    // The stored answer is what the server saw, not what the client claims.
    expect(stored!.data.cv).toEqual(answer);
    expect((await findUpload(app, answer.upload_id))!.submissionId).toBe(sent.json().submission_id);
  });

  it('refuses to attach one upload to a second submission', async () => {
    const formId = await createPublishedForm(app, owner);
    const answer = (await upload(formId, textFile())).json();
    expect((await submit(formId, validData({ cv: answer }))).statusCode).toBe(201);
    const again = await submit(formId, validData({ cv: answer }));
    expect(again.statusCode).toBe(422);
    expect(again.json().fields.cv).toBe('The uploaded file was not found. Please upload it again.');
    expect(await countSubmissions(app, formId)).toBe(1);
  });

  it('refuses an upload of another form or another field', async () => {
    const formA = await createPublishedForm(app, owner);
    const formB = await createPublishedForm(app, owner);
    const answer = (await upload(formA, textFile())).json();
    const res = await submit(formB, validData({ cv: answer }));
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.cv).toEqual(expect.any(String));
    const bogus = await submit(formA, validData({ cv: { upload_id: 'not-a-uuid' } }));
    expect(bogus.statusCode).toBe(422);
  });

  it('answers 413 for a file over the field limit and keeps nothing', async () => {
    const formId = await createPublishedForm(app, owner);
    const res = await upload(formId, textFile('x'.repeat(101)));
    expect(res.statusCode).toBe(413);
    expect(res.json().fields.cv).toMatch(/too large/);
    const rows = await app.db.select().from(uploads).where(eq(uploads.formId, formId));
    expect(rows).toEqual([]);
  });

  it('answers 422 for a file type the field does not accept', async () => {
    const formId = await createPublishedForm(app, owner);
    const res = await upload(formId, {
      filename: 'run.exe',
      type: 'application/x-msdownload',
      content: Buffer.from('MZ'),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.cv).toBe('This file type is not accepted');
    const image = await upload(formId, {
      filename: 'pic.png',
      type: 'image/png',
      content: Buffer.from('png'),
    });
    expect(image.statusCode).toBe(201);
  });

  it('words a refused file in the page language the upload names (lang), when the form has it', async () => {
    const formId = await createPublishedForm(app, owner, { translations: { fr: { title: 'Formulaire' } } });
    const body = multipart([
      { name: 'field_id', value: 'cv' },
      { name: 'lang', value: 'fr' },
      { name: 'file', filename: 'run.exe', type: 'application/x-msdownload', content: Buffer.from('MZ') },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/uploads`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.cv).toBe('Ce type de fichier n’est pas accepté');
  });

  it('answers 400 for a field that is not a file field of the form', async () => {
    const formId = await createPublishedForm(app, owner);
    for (const fieldId of ['name', 'nope']) {
      const res = await upload(formId, textFile(), fieldId);
      expect(res.statusCode).toBe(400);
    }
  });

  it('answers 404 for uploads to an unpublished form', async () => {
    const formId = await createPublishedForm(app, owner, { isPublished: false, publishedAt: null });
    const res = await upload(formId, textFile());
    expect(res.statusCode).toBe(404);
  });

  it('answers 400 when the request is not multipart', async () => {
    const formId = await createPublishedForm(app, owner);
    const res = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/uploads`,
      payload: { file: 'x' },
    });
    expect(res.statusCode).toBe(400);
  });
});
