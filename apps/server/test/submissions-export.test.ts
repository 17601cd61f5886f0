import { Readable } from 'node:stream';
import { normalizeFields } from '@formsmith/core/forms/read-field';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms, uploads } from '../src/db/schema.ts';
import { saveUpload } from '../src/lib/storage/index.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createTestForm, insertSubmissions, TEST_FIELDS, wireField } from './submissions-fixtures.ts';

const BOM = '\uFEFF';

describe(`submissions export (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stranger: TestUser;
  let formId: number;
  let ids: string[];
  const answers = [
    {
      f_name: 'Zoë "Quotes", Ünïcødé 🚀',
      f_email: 'zoe@example.com',
      f_topics: ['apples', 'bananas'],
      f_notes: 'line one\nline two\r\nline three',
    },
    {
      f_name: '=HYPERLINK("http://evil.example","click")',
      f_email: '+1-555',
      f_topics: [],
      f_notes: '@SUM(A1)',
    },
    { f_name: '-2+3', f_email: '\tTabbed', f_topics: ['bananas'], f_notes: '\rCR' },
    { f_name: 'Old answers', f_email: 'old@example.com', f_removed: 'answer to a deleted field' },
  ];
  const exportUrl = (format: string) => `/api/form-submissions/forms/${formId}/export?format=${format}`;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app);
    stranger = await createTestUser(app);
    formId = await createTestForm(app, owner.id);
    const t0 = Date.UTC(2025, 1, 1, 9, 30);
    ids = await insertSubmissions(
      app,
      formId,
      // The middle rows sealed at rest as stored today; the first and last clear, as stored before
      // encryption at rest (the last with the answer to a field deleted since).
      answers.map((data, i) => ({ data, createdAt: new Date(t0 + i * 60_000), sealed: i === 1 || i === 2 })),
    );
  });
  afterAll(async () => {
    await app.close();
  });

  it('downloads a CSV with a BOM, the header in form order and every answer flattened', async () => {
    const res = await app.inject({ method: 'GET', url: exportUrl('csv'), headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="form_${formId}_submissions.csv"`);
    expect(res.body.startsWith(BOM)).toBe(true);
    const rows: string[][] = parse(res.body, { bom: true });
    expect(rows[0]).toEqual([
      'Reference',
      'Submission ID',
      'Submitted At',
      'Status',
      'Language',
      'Full name',
      'Email',
      'Topics',
      'Notes',
      'f_removed',
    ]);
    expect(rows).toHaveLength(5);
    expect(rows[1]).toEqual([
      '#1',
      ids[0],
      '2025-02-01T09:30:00.000Z',
      'complete',
      'en',
      'Zoë "Quotes", Ünïcødé 🚀',
      'zoe@example.com',
      'Apples, Bananas',
      'line one\nline two\r\nline three',
      '',
    ]);
    expect(rows[4]).toEqual([
      '#4',
      ids[3],
      '2025-02-01T09:33:00.000Z',
      'complete',
      'en',
      'Old answers',
      'old@example.com',
      '',
      '',
      'answer to a deleted field',
    ]);
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const res = await app.inject({ method: 'GET', url: exportUrl('csv'), headers: owner.auth });
    const rows: string[][] = parse(res.body, { bom: true });
    expect(rows[2]!.slice(5)).toEqual([
      `'=HYPERLINK("http://evil.example","click")`,
      "'+1-555",
      '',
      "'@SUM(A1)",
      '',
    ]);
    expect(rows[3]!.slice(5)).toEqual(["'-2+3", "'\tTabbed", 'Bananas', "'\rCR", '']);
  });

  it('neutralises a formula in a field label too', async () => {
    const id = await createTestForm(app, owner.id, {
      fields: normalizeFields([wireField('x', '=cmd|calc', 'text')]),
    });
    await insertSubmissions(app, id, [{ data: { x: 'fine' } }]);
    const res = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${id}/export`,
      headers: owner.auth,
    });
    const rows: string[][] = parse(res.body, { bom: true });
    expect(rows[0]).toEqual([
      'Reference',
      'Submission ID',
      'Submitted At',
      'Status',
      'Language',
      "'=cmd|calc",
    ]);
    expect(rows[1]![5]).toBe('fine');
  });

  it('exports a form without submissions as a header row only', async () => {
    const id = await createTestForm(app, owner.id);
    const res = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${id}/export?format=csv`,
      headers: owner.auth,
    });
    const rows: string[][] = parse(res.body, { bom: true });
    expect(rows).toEqual([
      [
        'Reference',
        'Submission ID',
        'Submitted At',
        'Status',
        'Language',
        'Full name',
        'Email',
        'Topics',
        'Notes',
      ],
    ]);
    const json = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${id}/export?format=json`,
      headers: owner.auth,
    });
    expect(json.json()).toEqual([]);
  });

  it('streams more rows than one cursor batch, oldest first, each exactly once, sealed or clear', async () => {
    const id = await createTestForm(app, owner.id);
    const t0 = Date.UTC(2024, 0, 1);
    const many = await insertSubmissions(
      app,
      id,
      Array.from({ length: 12_000 }, (_, i) => ({
        data: { f_name: `n${i}` },
        createdAt: new Date(t0 + i * 1000),
        sealed: i % 3 !== 0,
      })),
    );
    const res = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${id}/export`,
      headers: owner.auth,
    });
    const rows: string[][] = parse(res.body, { bom: true });
    expect(rows).toHaveLength(12_001);
    expect(rows.slice(1).map((r) => r[1])).toEqual(many);
    expect(rows.slice(1).map((r) => r[0])).toEqual(many.map((_, i) => `#${i + 1}`));
    expect(rows.slice(1).map((r) => r[2])).toEqual(many.map((_, i) => new Date(t0 + i * 1000).toISOString()));
    expect(rows.slice(1).map((r) => r[5])).toEqual(Array.from({ length: 12_000 }, (_, i) => `n${i}`));
  });

  it('frees its database connection when the client stops reading part way', async () => {
    const id = await createTestForm(app, owner.id);
    // On PostgreSQL enough rows that the server is still sending when the client stops (the
    // download outgrows the sockets' buffers); PGlite holds no connection between batches.
    const count = dbKind === 'postgres' ? 20_000 : 2_000;
    await insertSubmissions(
      app,
      id,
      Array.from({ length: count }, (_, i) => ({ data: { f_name: `n${i}` }, sealed: i % 2 === 0 })),
    );
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${base}/api/form-submissions/forms/${id}/export`;
    // More stopped downloads than the pool has connections (20): each must give its own back.
    for (let i = 0; i < 24; i++) {
      const res = await fetch(url, { headers: owner.auth });
      const reader = res.body!.getReader();
      expect((await reader.read()).value!.byteLength).toBeGreaterThan(0);
      await reader.cancel();
    }
    const pool = app.database.pool;
    if (pool) await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 10_000 }).toBe(0);
    const whole = await fetch(url, { headers: owner.auth });
    expect(parse(await whole.text(), { bom: true })).toHaveLength(count + 1);
    app.server.closeAllConnections();
  });

  it('downloads JSON as an array of the stored submissions', async () => {
    const res = await app.inject({ method: 'GET', url: exportUrl('json'), headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="form_${formId}_submissions.json"`);
    const items = res.json();
    expect(items.map((s: { id: string }) => s.id)).toEqual(ids);
    expect(items[0]).toMatchObject({
      form_id: formId,
      data: answers[0],
      created_at: '2025-02-01T09:30:00.000Z',
    });
  });

  it('rejects an unknown format with a 400 that names it', async () => {
    const res = await app.inject({ method: 'GET', url: exportUrl('xls'), headers: owner.auth });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('format');
  });

  it('exports one submission as CSV or JSON', async () => {
    const url = `/api/form-submissions/forms/${formId}/submissions/${ids[0]}/export`;
    const csv = await app.inject({ method: 'GET', url: `${url}?format=csv`, headers: owner.auth });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="form_${formId}_submission_${ids[0]}.csv"`,
    );
    const rows: string[][] = parse(csv.body, { bom: true });
    expect(rows).toEqual([
      [
        'Reference',
        'Submission ID',
        'Submitted At',
        'Status',
        'Language',
        'Full name',
        'Email',
        'Topics',
        'Notes',
      ],
      [
        '#1',
        ids[0],
        '2025-02-01T09:30:00.000Z',
        'complete',
        'en',
        answers[0]!.f_name,
        'zoe@example.com',
        'Apples, Bananas',
        answers[0]!.f_notes,
      ],
    ]);
    const json = await app.inject({ method: 'GET', url: `${url}?format=json`, headers: owner.auth });
    expect(json.json()).toMatchObject({ id: ids[0], data: answers[0] });
    const other = await app.inject({ method: 'GET', url: `${url}?format=json`, headers: stranger.auth });
    expect(other.statusCode).toBe(404);
  });

  it("serves an uploaded file to the form's owner only, as an attachment with its type", async () => {
    const content = Buffer.from('%PDF-1.4 fake pdf bytes');
    const saved = await saveUpload(app, Readable.from([content]), { maxBytes: 1_000_000 });
    const [submissionId] = await insertSubmissions(app, formId, [{ data: { f_name: 'with file' } }]);
    const [upload] = await app.db
      .insert(uploads)
      .values({
        formId,
        submissionId,
        fieldId: 'f_file',
        filename: 'résumé "final".pdf',
        mimeType: 'application/pdf',
        size: content.length,
        storageKey: saved.key,
      })
      .returning();
    const url = `/api/form-submissions/forms/${formId}/submissions/${submissionId}/files/${upload!.id}`;
    const res = await app.inject({ method: 'GET', url, headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment;');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''r%C3%A9sum%C3%A9");
    expect(res.rawPayload.equals(content)).toBe(true);
    expect((await app.inject({ method: 'GET', url, headers: stranger.auth })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    // The file must belong to that very submission.
    const wrong = `/api/form-submissions/forms/${formId}/submissions/${ids[0]}/files/${upload!.id}`;
    expect((await app.inject({ method: 'GET', url: wrong, headers: owner.auth })).statusCode).toBe(404);
  });

  it('keeps the deleted-field column when the form no longer has that field', async () => {
    await app.db
      .update(forms)
      .set({ fields: TEST_FIELDS.slice(0, 1) })
      .where(eq(forms.id, formId));
    const res = await app.inject({ method: 'GET', url: exportUrl('csv'), headers: owner.auth });
    const rows: string[][] = parse(res.body, { bom: true });
    expect(rows[0]).toEqual([
      'Reference',
      'Submission ID',
      'Submitted At',
      'Status',
      'Language',
      'Full name',
      'f_email',
      'f_notes',
      'f_removed',
      'f_topics',
    ]);
    expect(rows[1]![8]).toBe('');
    expect(rows[1]![9]).toBe('apples, bananas');
    await app.db.update(forms).set({ fields: TEST_FIELDS }).where(eq(forms.id, formId));
  });
});
