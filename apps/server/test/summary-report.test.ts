import { normalizeFields } from '@formsmith/core/forms/read-field';
import { answerFilterParam } from '@formsmith/core/submissions/answer-filter';
import { SEALED_SUMMARY } from '@formsmith/core/submissions/summary-report';
import { ANSWERS_HIDDEN } from '@formsmith/core/workspaces/viewer-answers';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms } from '../src/db/schema.ts';
import { rebuildFormStats, renderFormSummaryPdf } from '../src/modules/submissions/index.ts';
import { dbKind } from './helpers/app.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { createTeam, placeForm } from './helpers/teams.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';
import { createTestForm, insertSubmissions, wireField } from './submissions-fixtures.ts';

const FIELDS = normalizeFields([
  wireField('f_name', 'Full name', 'text'),
  wireField('f_topics', 'Favourite fruit', 'checkbox', {
    options: [
      { id: 'a', label: 'Apples', value: 'apples' },
      { id: 'b', label: 'Bananas', value: 'bananas' },
    ],
  }),
  wireField('f_ar', 'اسمك بالعربية', 'text'),
  wireField('f_jp', '自己紹介', 'textarea'),
  wireField('f_age', 'Years of experience', 'number'),
]);

const ARABIC = 'مرحبا بالعالم، اسمي أحمد وأنا مهندس';
const JAPANESE = 'こんにちは、東京でエンジニアをしています。';
const day = (d: string) => new Date(`${d}T12:00:00Z`);

const textOf = async (bytes: Uint8Array) => (await pdfText(bytes)).text;
const squash = (text: string) => text.replace(/\s+/g, '');

describe(`the summary report of a form (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let formId: number;

  const url = (path: string, query: Record<string, string> = {}) => {
    const q = new URLSearchParams(query).toString();
    return `/api/forms/${formId}/${path}${q ? `?${q}` : ''}`;
  };
  const get = (user: TestUser, path: string, query?: Record<string, string>) =>
    app.inject({ method: 'GET', url: url(path, query), headers: user.auth });

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
    viewer = await createTestUser(app, { name: 'Vic Viewer' });
    stranger = await createTestUser(app, { name: 'Stan Stranger' });
    const workspaceId = await createTeam(app, { owner, name: 'Board', members: [[viewer, 'viewer']] });
    formId = await createTestForm(app, owner.id, { title: 'Members survey 2026', fields: FIELDS });
    await placeForm(app, formId, workspaceId);
    await insertSubmissions(app, formId, [
      {
        data: { f_name: 'Ada', f_topics: ['apples', 'bananas'], f_ar: ARABIC, f_jp: JAPANESE, f_age: 12 },
        createdAt: day('2026-03-10'),
        sealed: true,
      },
      { data: { f_name: 'Grace', f_topics: ['apples'], f_age: 30 }, createdAt: day('2026-03-12') },
      { data: { f_name: 'Linus', f_topics: ['bananas'], f_age: 5 }, createdAt: day('2026-04-02') },
      // Saved as the respondent went and never sent: not counted.
      { data: { f_name: 'Half', f_topics: ['apples'] }, createdAt: day('2026-03-11'), completed: false },
    ]);
    // Rows written straight to the table: the daily aggregates a submit keeps are rebuilt from them.
    await rebuildFormStats(app.db, app.keyring, formId);
  });
  afterAll(() => app.close());

  it('gives every question its figures and the newest text answers, from the first submission on', async () => {
    const res = await get(owner, 'report');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({
      title: 'Members survey 2026',
      period_start: '2026-03-10',
      filtered: false,
    });
    expect(report.total_submissions).toBe(3);
    const byId = Object.fromEntries(report.field_analytics.map((f: { field_id: string }) => [f.field_id, f]));
    expect(byId.f_topics.answer_distribution).toEqual({ Apples: 2, Bananas: 2 });
    expect(byId.f_name.sample).toEqual(['Linus', 'Grace', 'Ada']);
    expect(byId.f_ar.sample).toEqual([ARABIC]);
    expect(byId.f_jp).toMatchObject({ response_count: 1, skip_count: 2, sample: [JAPANESE] });
    expect(byId.f_age.summary).toMatchObject({ count: 3, min: 5, max: 30, median: 12 });
    expect(report.accent).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('makes a PDF with the titles, counts and the Arabic and Japanese answers', async () => {
    const res = await get(owner, 'report.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('Members survey 2026-summary-2026-03-10-to-');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = squash(await textOf(res.rawPayload));
    for (const expected of [
      'Members survey 2026',
      'Submissions: 3',
      'Favourite fruit',
      '3 answered · 0 skipped',
      'Apples',
      '2 (67%)',
      'Years of experience',
      'Mean 15.7 · Median 12',
      'اسمك بالعربية',
      ARABIC,
      '自己紹介',
      JAPANESE,
      'Drop-off funnel (all time)',
    ]) {
      expect(text, expected).toContain(squash(expected));
    }
  });

  it('counts only the days of the range', async () => {
    const res = await get(owner, 'report', { from: '2026-03-01', to: '2026-03-31' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total_submissions).toBe(2);
    const text = squash(
      await textOf((await get(owner, 'report.pdf', { from: '2026-04-01', to: '2026-04-30' })).rawPayload),
    );
    expect(text).toContain(squash('Submissions: 1'));
    expect(text).toContain('Linus');
    expect(text).not.toContain('Grace');
  });

  it('counts only the submissions the answer filter matches, and says which', async () => {
    const where = answerFilterParam({
      join: 'and',
      rules: [{ op: 'is', field: 'f_topics', values: ['bananas'] }],
    });
    const res = await get(owner, 'report', { where });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ total_submissions: 2, filtered: true });
    const topics = report.field_analytics.find((f: { field_id: string }) => f.field_id === 'f_topics');
    expect(topics.answer_distribution).toEqual({ Apples: 1, Bananas: 2 });
    const text = squash(await textOf((await get(owner, 'report.pdf', { where })).rawPayload));
    expect(text).toContain(squash('Only submissions where: Favourite fruit is any of bananas'));
    expect(text).toContain(squash('Submissions: 2'));
    expect(text).not.toContain('Grace');
  });

  it('is callable from another module, for its owner only', async () => {
    const pdf = await renderFormSummaryPdf(app, {
      formId,
      ownerUserId: owner.id,
      from: '2026-03-01',
      to: '2026-03-31',
    });
    const text = squash(await textOf(pdf));
    expect(text).toContain(squash('Submissions: 2'));
    expect(text).toContain(squash(JAPANESE));
    await expect(renderFormSummaryPdf(app, { formId, ownerUserId: stranger.id })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('answers a clear 400 for a bad day, a crossed range or an unreadable filter', async () => {
    for (const [query, message] of [
      [{ from: '2026-02-30' }, 'Use a date such as 2026-03-31'],
      [{ from: '2026-04-01', to: '2026-03-01' }, 'The first day is after the last day'],
      [{ where: '{"join":' }, 'The answer filter is not readable JSON'],
      [
        { where: '{"join":"and","rules":[]}' },
        'The answer filter is not valid: A filter needs a rule (at rules)',
      ],
    ] as const) {
      for (const path of ['report', 'report.pdf']) {
        const res = await get(owner, path, query);
        expect(res.statusCode, `${path} ${JSON.stringify(query)}`).toBe(400);
        expect(res.json().error).toBe(message);
      }
    }
  });

  it('is 404 for a stranger and for a missing form', async () => {
    for (const path of ['report', 'report.pdf']) {
      expect((await get(stranger, path)).statusCode).toBe(404);
      const missing = await app.inject({
        method: 'GET',
        url: `/api/forms/999999/${path}`,
        headers: owner.auth,
      });
      expect(missing.statusCode).toBe(404);
    }
  });

  it('gives a counts-only viewer the counts without text answers, and no answer filter', async () => {
    const before = (await get(viewer, 'report')).json();
    expect(before.field_analytics.find((f: { field_id: string }) => f.field_id === 'f_name').sample).toEqual([
      'Linus',
      'Grace',
      'Ada',
    ]);
    const set = await app.inject({
      method: 'PUT',
      url: `/api/forms/${formId}/viewer-access`,
      headers: owner.auth,
      payload: { viewer_answers: false },
    });
    expect(set.statusCode, set.body).toBe(200);
    const res = await get(viewer, 'report');
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.total_submissions).toBe(3);
    for (const f of report.field_analytics) expect(f.sample, f.field_id).toEqual([]);
    const pdf = await get(viewer, 'report.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(squash(await textOf(pdf.rawPayload))).not.toContain(squash(JAPANESE));
    const where = answerFilterParam({
      join: 'and',
      rules: [{ op: 'contains', field: 'f_name', text: 'Ada' }],
    });
    const filtered = await get(viewer, 'report', { where });
    expect(filtered.statusCode).toBe(403);
    expect(filtered.json().code).toBe(ANSWERS_HIDDEN.code);
  });

  it('refuses an end-to-end encrypted form with the reason', async () => {
    const sealedForm = await createTestForm(app, owner.id, { title: 'Sealed', fields: FIELDS });
    await app.db.update(forms).set({ encryptionLevel: 'enhanced' }).where(eq(forms.id, sealedForm));
    for (const path of ['report', 'report.pdf']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/forms/${sealedForm}/${path}`,
        headers: owner.auth,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(SEALED_SUMMARY);
    }
  });
});
