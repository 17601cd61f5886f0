import type { FormAnalytics } from '@formsmith/core/analytics/api';
import { EXPORT_META_HEADERS } from '@formsmith/core/submissions/api';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../src/db/schema.ts';
import { createForm, publishForm, uniqueSlug } from './forms-fixtures.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { storedSubmissions } from './helpers/stored.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { findUpload, multipart } from './intake-fixtures.ts';

/** The columns every export row starts with (reference, id, time, status, language). */
const META = EXPORT_META_HEADERS.length;

const FIELDS = [
  { id: 'name', label: 'Name', type: 'text' },
  {
    id: 'docs',
    label: 'Documents',
    type: 'file',
    is_required: true,
    validation_rules: { accept: ['.txt'], maxFiles: 2, maxTotalSize: 30 },
  },
  { id: 'cv', label: 'CV', type: 'file' },
];

type Sent = { upload_id: string; name: string; size: number; type: string };

describe(`file fields taking several files (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let formId: number;

  const upload = async (name: string, content: string, fieldId = 'docs'): Promise<Sent> => {
    const body = multipart([
      { name: 'field_id', value: fieldId },
      { name: 'file', filename: name, type: 'text/plain', content: Buffer.from(content) },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/uploads`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const submit = (data: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { data: { ...data, _honeypot: '', _formLoadTime: Date.now() - 10_000 } },
    });
  const get = (url: string, user: TestUser = owner) => app.inject({ method: 'GET', url, headers: user.auth });

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app);
    const form = await createForm(app, owner, { title: 'Papers', slug: uniqueSlug('files'), fields: FIELDS });
    formId = form.id;
    await publishForm(app, owner, formId);
  }, 60_000);
  afterAll(() => app.close());

  it('saves the count and total size limits with the field', async () => {
    const res = await get(`/api/forms/${formId}`);
    expect(res.json().fields[1]).toMatchObject({
      id: 'docs',
      type: 'file',
      validation_rules: { accept: ['.txt'], maxFiles: 2, maxTotalSize: 30 },
    });
  });

  it('stores two files as a list, each attached like a single upload, beside a single file as before', async () => {
    const a = await upload('a.txt', 'first file');
    const b = await upload('b.txt', 'second file');
    const cv = await upload('cv.txt', 'my cv', 'cv');
    const res = await submit({ name: 'Ada', docs: [a, b], cv });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().submission_id;
    const [stored] = await storedSubmissions(app, eq(submissions.id, id));
    expect(stored!.data.docs).toEqual([
      { upload_id: a.upload_id, name: 'a.txt', size: 10, type: 'text/plain' },
      { upload_id: b.upload_id, name: 'b.txt', size: 11, type: 'text/plain' },
    ]);
    // A field that takes one file keeps answering one file, not a list.
    expect(stored!.data.cv).toEqual({ upload_id: cv.upload_id, name: 'cv.txt', size: 5, type: 'text/plain' });
    for (const file of [a, b, cv]) expect((await findUpload(app, file.upload_id))?.submissionId).toBe(id);
    const download = await get(
      `/api/form-submissions/forms/${formId}/submissions/${id}/files/${b.upload_id}`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('second file');
  });

  it('refuses more files than the field takes, naming the limit', async () => {
    const files = [await upload('1.txt', 'a'), await upload('2.txt', 'b'), await upload('3.txt', 'c')];
    const res = await submit({ name: 'Bo', docs: files });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({ docs: 'Please choose at most 2 files' });
  });

  it('refuses files too large together by what was stored, whatever the page claimed', async () => {
    const a = await upload('big-a.txt', 'x'.repeat(20));
    const b = await upload('big-b.txt', 'y'.repeat(20));
    const res = await submit({
      name: 'Cy',
      docs: [
        { ...a, size: 1 },
        { ...b, size: 1 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({ docs: 'The files are too large together (at most 1 KB in all)' });
    // Nothing was attached: both files can still be sent with a smaller set.
    expect((await findUpload(app, a.upload_id))?.submissionId).toBeNull();
  });

  it('refuses the same upload twice and an empty list for a required field', async () => {
    const a = await upload('twice.txt', 'twice');
    const twice = await submit({ name: 'Di', docs: [a, a] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().fields.docs).toMatch(/upload it again/);
    const none = await submit({ name: 'Di', docs: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().fields).toEqual({ docs: 'This field is required' });
  });

  it('exports each file as its signed link in one cell, to CSV, JSON and Excel, and counts the files', async () => {
    const csv = await get(`/api/form-submissions/forms/${formId}/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    const rows: string[][] = parse(csv.body.replace(/^\uFEFF/, ''));
    expect(rows[0]!.slice(META)).toEqual(['Name', 'Documents', 'CV']);
    // A cell holds the files' links, in the order they were sent; each downloads its own file.
    const [docsCell, cvCell] = rows.find((r) => r[META] === 'Ada')!.slice(META + 1);
    const docLinks = docsCell!.split(', ');
    expect(docLinks).toHaveLength(2);
    const download = async (link: string) =>
      (await app.inject({ method: 'GET', url: link.slice(link.indexOf('/api/')) })).body;
    expect(await Promise.all([...docLinks, cvCell!].map(download))).toEqual([
      'first file',
      'second file',
      'my cv',
    ]);
    const json = await get(`/api/form-submissions/forms/${formId}/export?format=json`);
    expect(json.statusCode).toBe(200);
    const ada = (json.json() as Array<{ data: Record<string, unknown> }>).find((s) => s.data.name === 'Ada');
    expect((ada!.data.docs as Sent[]).map((f) => f.name)).toEqual(['a.txt', 'b.txt']);
    // Its answers list each file with its own signed link beside it, which downloads that file.
    const docsAnswer = (
      ada as unknown as { answers: { label: string; value: { url: string }[] }[] }
    ).answers.find((a) => a.label === 'Documents');
    expect(await Promise.all(docsAnswer!.value.map((f) => download(f.url)))).toEqual([
      'first file',
      'second file',
    ]);
    const xlsx = await get(`/api/form-submissions/forms/${formId}/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values: unknown[] = [];
    workbook.worksheets[0]!.eachRow((row) => values.push(...(row.values as unknown[])));
    // Its own export's links: the same files, signed for that export's expiry.
    const pathsOf = (cell: unknown) =>
      String(cell)
        .split(', ')
        .map((link) => link.split('?')[0]);
    expect(values.map(pathsOf)).toContainEqual(pathsOf(docsCell));
    const analytics = await get(`/api/analytics/forms/${formId}`);
    const docs = (analytics.json() as FormAnalytics).field_analytics.find((f) => f.field_id === 'docs');
    expect(docs).toMatchObject({ response_count: 1, files: { submissions: 1, files: 2 } });
  });

  it('answers a stranger’s export with 404', async () => {
    const stranger = await createTestUser(app);
    const res = await get(`/api/form-submissions/forms/${formId}/export?format=csv`, stranger);
    expect(res.statusCode).toBe(404);
  });
});
