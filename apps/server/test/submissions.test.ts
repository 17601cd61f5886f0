import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms, submissions, uploads } from '../src/db/schema.ts';
import { findOwnedForm } from '../src/modules/forms/repository.ts';
import { deleteAbandonedUploads, deleteExpiredSubmissions } from '../src/modules/submissions/retention.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createTestForm, insertSubmissions } from './submissions-fixtures.ts';

const DAY = 86_400_000;

describe(`submissions review API (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let stranger: TestUser;
  let formId: number;
  let ids: string[];
  const base = () => `/api/form-submissions/forms/${formId}`;
  const get = (url: string, user: TestUser = owner) => app.inject({ method: 'GET', url, headers: user.auth });

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app);
    stranger = await createTestUser(app);
    formId = await createTestForm(app, owner.id);
    const start = Date.UTC(2025, 0, 1);
    // 25 submissions one day apart: #0 on 2025-01-01 ... #24 on 2025-01-25; every 5th incomplete.
    ids = await insertSubmissions(
      app,
      formId,
      Array.from({ length: 25 }, (_, i) => ({
        data: {
          f_name: i === 7 ? 'Zoë Ünicode' : `Person ${i}`,
          f_email: `p${i}@example.com`,
          f_topics: i === 3 ? ['apples', 'bananas'] : [],
          f_notes: i === 11 ? 'needle in 100% haystack' : '',
        },
        createdAt: new Date(start + i * DAY),
        completed: i % 5 !== 0,
      })),
    );
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists newest first, 10 per page by default, with the total', async () => {
    const res = await get(`${base()}/submissions`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 25, page: 1, limit: 10 });
    expect(body.items).toHaveLength(10);
    expect(body.items[0]).toMatchObject({
      id: ids[24],
      form_id: formId,
      data: { f_name: 'Person 24' },
      metadata: { browser: 'test' },
      completed: true,
      created_at: '2025-01-25T00:00:00.000Z',
    });
    expect(body.items.map((s: { id: string }) => s.id)).toEqual(ids.slice(15).reverse());
  });

  it('pages through every submission exactly once, in both sort orders', async () => {
    for (const sort of ['newest', 'oldest'] as const) {
      const seen: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const body = (await get(`${base()}/submissions?page=${page}&limit=7&sort=${sort}`)).json();
        expect(body).toMatchObject({ total: 25, page, limit: 7 });
        seen.push(...body.items.map((s: { id: string }) => s.id));
      }
      expect(seen).toEqual(sort === 'oldest' ? ids : [...ids].reverse());
    }
  });

  it('keeps the order stable for submissions made at the same instant', async () => {
    const same = new Date('2024-06-01T12:00:00Z');
    const tieForm = await createTestForm(app, owner.id);
    const tied = await insertSubmissions(
      app,
      tieForm,
      Array.from({ length: 6 }, (_, i) => ({ data: { f_name: `t${i}` }, createdAt: same })),
    );
    const url = `/api/form-submissions/forms/${tieForm}/submissions?limit=2&sort=oldest`;
    const pages = await Promise.all([1, 2, 3].map((p) => get(`${url}&page=${p}`)));
    const seen = pages.flatMap((r) => r.json().items.map((s: { id: string }) => s.id));
    expect(seen).toEqual([...tied].sort());
  });

  it('pages through every submission exactly once by cursor, in both sort orders', async () => {
    for (const sort of ['newest', 'oldest'] as const) {
      const seen: string[] = [];
      let after: string | null = null;
      for (let page = 1; page <= 4; page++) {
        const cursor: string = after ? `&after=${after}` : '';
        const body: { items: { id: string }[]; next_cursor: string | null } = (
          await get(`${base()}/submissions?page=${page}&limit=7&sort=${sort}${cursor}`)
        ).json();
        expect(body).toMatchObject({ total: 25, page, limit: 7 });
        seen.push(...body.items.map((s: { id: string }) => s.id));
        after = body.next_cursor;
      }
      expect(after).toBeNull();
      expect(seen).toEqual(sort === 'oldest' ? ids : [...ids].reverse());
    }
  });

  it('keeps a cursor exact for submissions made in the same millisecond', async () => {
    const tieForm = await createTestForm(app, owner.id);
    // Microseconds apart: a cursor rounded to the millisecond would skip or repeat some of them.
    const tied = await insertSubmissions(
      app,
      tieForm,
      Array.from({ length: 5 }, (_, i) => ({ data: { f_name: `t${i}` } })),
    );
    await app.db.execute(
      sql`update submissions set created_at = timestamptz '2024-06-01 12:00:00.123' + (random() * interval '900 microseconds') where form_id = ${tieForm}`,
    );
    const url = `/api/form-submissions/forms/${tieForm}/submissions?limit=2&sort=oldest`;
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const body: { items: { id: string }[]; next_cursor: string | null } = (
        await get(after ? `${url}&after=${after}` : url)
      ).json();
      seen.push(...body.items.map((s: { id: string }) => s.id));
      after = body.next_cursor;
    } while (after);
    expect([...seen].sort()).toEqual([...tied].sort());
  });

  it('refuses a cursor it did not make with 400', async () => {
    const res = await get(`${base()}/submissions?after=bm90LWEtY3Vyc29y`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', error: expect.stringContaining('first page') });
  });

  it('answers an empty page past the end', async () => {
    const body = (await get(`${base()}/submissions?page=99`)).json();
    expect(body).toMatchObject({ items: [], total: 25, page: 99 });
  });

  it('caps the page size at 100 and rejects bad paging and sort values with 400', async () => {
    expect((await get(`${base()}/submissions?limit=101`)).statusCode).toBe(400);
    expect((await get(`${base()}/submissions?limit=100`)).json().items).toHaveLength(25);
    expect((await get(`${base()}/submissions?page=0`)).statusCode).toBe(400);
    expect((await get(`${base()}/submissions?sort=sideways`)).statusCode).toBe(400);
    expect((await get(`${base()}/submissions?from=yesterday`)).statusCode).toBe(400);
  });

  it('searches string values case-insensitively, inside lists, and by id', async () => {
    const byName = (await get(`${base()}/submissions?search=zoë ü`)).json();
    expect(byName.items.map((s: { id: string }) => s.id)).toEqual([ids[7]]);
    expect(byName.total).toBe(1);
    const inList = (await get(`${base()}/submissions?search=BANANAS`)).json();
    expect(inList.items.map((s: { id: string }) => s.id)).toEqual([ids[3]]);
    const byId = (await get(`${base()}/submissions?search=${ids[5]!.slice(0, 8)}`)).json();
    expect(byId.items.map((s: { id: string }) => s.id)).toContain(ids[5]);
    // LIKE wildcards are taken literally.
    const percent = (await get(`${base()}/submissions?search=${encodeURIComponent('100%')}`)).json();
    expect(percent.items.map((s: { id: string }) => s.id)).toEqual([ids[11]]);
    const none = (await get(`${base()}/submissions?search=${encodeURIComponent('_%')}`)).json();
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('filters by date range (whole UTC days) and by status', async () => {
    const range = (await get(`${base()}/submissions?from=2025-01-03&to=2025-01-05&sort=oldest`)).json();
    expect(range.total).toBe(3);
    expect(range.items.map((s: { id: string }) => s.id)).toEqual(ids.slice(2, 5));
    const incomplete = (await get(`${base()}/submissions?status=incomplete&limit=100`)).json();
    expect(incomplete.total).toBe(5);
    expect(incomplete.items.every((s: { completed: boolean }) => !s.completed)).toBe(true);
    const complete = (await get(`${base()}/submissions?status=complete&page=2&limit=15`)).json();
    expect(complete).toMatchObject({ total: 20, page: 2 });
    expect(complete.items).toHaveLength(5);
    const combined = (
      await get(`${base()}/submissions?status=incomplete&from=2025-01-06T00:00:00Z&search=person`)
    ).json();
    expect(combined.items.map((s: { id: string }) => s.id)).toEqual([ids[20], ids[15], ids[10], ids[5]]);
  });

  it('answers one submission, and 404 for a wrong, foreign or malformed id', async () => {
    const res = await get(`${base()}/submissions/${ids[3]}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids[3], data: { f_topics: ['apples', 'bananas'] } });
    const otherForm = await createTestForm(app, owner.id);
    expect((await get(`/api/form-submissions/forms/${otherForm}/submissions/${ids[3]}`)).statusCode).toBe(
      404,
    );
    expect((await get(`${base()}/submissions/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
    expect((await get(`${base()}/submissions/not-a-uuid`)).statusCode).toBe(404);
  });

  it('answers a form id that cannot name a form like a missing form: 404 NOT_FOUND', async () => {
    for (const bad of ['abc', '1.5', '-3', '0', '99999999999', '2147483648']) {
      const res = await get(`/api/form-submissions/forms/${bad}/submissions`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Form not found', code: 'NOT_FOUND' });
    }
  });

  it('answers 401 without a token', async () => {
    const res = await app.inject({ method: 'GET', url: `${base()}/submissions` });
    expect(res.statusCode).toBe(401);
  });

  it("answers 404 on every call for another user's form, like a missing form", async () => {
    const urls = [
      `${base()}/submissions`,
      `${base()}/submissions/${ids[0]}`,
      `${base()}/export?format=csv`,
      `${base()}/export?format=json`,
      `${base()}/submissions/${ids[0]}/export?format=csv`,
      `${base()}/submissions/${ids[0]}/files/00000000-0000-4000-8000-000000000000`,
      `${base()}/settings`,
    ];
    for (const url of urls) {
      const res = await get(url, stranger);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const put = await app.inject({
      method: 'PUT',
      url: `${base()}/settings`,
      headers: stranger.auth,
      payload: { email_notifications: false },
    });
    expect(put.statusCode).toBe(404);
    const missing = await get('/api/form-submissions/forms/2147483000/submissions');
    expect(missing.statusCode).toBe(404);
    const [row] = await app.db.select().from(forms).where(eq(forms.id, formId));
    expect(row!.notifyOnSubmission).toBeNull();
  });

  it('saves per-form settings and reads them back', async () => {
    const id = await createTestForm(app, owner.id);
    const url = `/api/form-submissions/forms/${id}/settings`;
    expect((await get(url)).json()).toEqual({
      email_notifications: null,
      retention_days: null,
      attach_pdf: false,
    });
    const put = await app.inject({
      method: 'PUT',
      url,
      headers: owner.auth,
      payload: { email_notifications: false, retention_days: 30 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ email_notifications: false, retention_days: 30, attach_pdf: false });
    const camel = await app.inject({
      method: 'PUT',
      url,
      headers: owner.auth,
      payload: { retentionDays: null },
    });
    expect(camel.json()).toEqual({ email_notifications: false, retention_days: null, attach_pdf: false });
    expect((await get(url)).json()).toEqual({
      email_notifications: false,
      retention_days: null,
      attach_pdf: false,
    });
    const bad = await app.inject({
      method: 'PUT',
      url,
      headers: owner.auth,
      payload: { retention_days: 12 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('retention removes uploads no submission claimed after a day, and keeps newer ones', async () => {
    const now = new Date('2025-03-01T00:00:00Z');
    const formId = await createTestForm(app, owner.id);
    const upload = (key: string, createdAt: Date) => ({
      formId,
      fieldId: 'f_file',
      filename: 'photo.png',
      mimeType: 'image/png',
      size: 3,
      storageKey: key,
      createdAt,
    });
    await app.db
      .insert(uploads)
      .values([
        upload('cd/cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd', new Date(now.getTime() - 2 * DAY)),
        upload('cd/cececececececececececececececececececece', new Date(now.getTime() - 60_000)),
      ]);
    const removed = await deleteAbandonedUploads(app.db, now);
    expect(removed).toContain('cd/cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd');
    expect(removed).not.toContain('cd/cececececececececececececececececececece');
    const left = await app.db
      .select({ key: uploads.storageKey })
      .from(uploads)
      .where(eq(uploads.formId, formId));
    expect(left).toEqual([{ key: 'cd/cececececececececececececececececececece' }]);
  });

  it('retention deletes only submissions older than the form keeps, and fixes the count', async () => {
    const now = new Date('2025-03-01T00:00:00Z');
    const kept7 = await createTestForm(app, owner.id);
    const forever = await createTestForm(app, owner.id);
    await app.db.update(forms).set({ retentionDays: 7 }).where(eq(forms.id, kept7));
    const [oldId, , freshId] = await insertSubmissions(app, kept7, [
      { data: { f_name: 'old' }, createdAt: new Date(now.getTime() - 8 * DAY) },
      { data: { f_name: 'older' }, createdAt: new Date(now.getTime() - 30 * DAY) },
      { data: { f_name: 'fresh' }, createdAt: new Date(now.getTime() - 6 * DAY) },
    ]);
    await insertSubmissions(app, forever, [
      { data: { f_name: 'ancient' }, createdAt: new Date(now.getTime() - 900 * DAY) },
    ]);
    // An uploaded file of an expired submission is reported for removal with it.
    await app.db.insert(uploads).values({
      formId: kept7,
      submissionId: oldId!,
      fieldId: 'f_file',
      filename: 'cv.pdf',
      mimeType: 'application/pdf',
      size: 3,
      storageKey: 'ab/abababababababababababababababababababab',
    });
    const { deleted, storageKeys } = await deleteExpiredSubmissions(app.db, app.keyring, now);
    expect(deleted).toBeGreaterThanOrEqual(2);
    expect(storageKeys).toContain('ab/abababababababababababababababababababab');
    expect(await app.db.select().from(uploads).where(eq(uploads.submissionId, oldId!))).toEqual([]);
    const left = await app.db
      .select({ id: submissions.id })
      .from(submissions)
      .where(eq(submissions.formId, kept7));
    expect(left.map((r) => r.id)).toEqual([freshId]);
    expect(left.map((r) => r.id)).not.toContain(oldId);
    const form = await findOwnedForm(app.db, { formId: kept7, ownerId: owner.id });
    expect(form!.submissionCount).toBe(1);
    const foreverRows = await app.db.select().from(submissions).where(eq(submissions.formId, forever));
    expect(foreverRows).toHaveLength(1);
    // The list total follows the counter.
    expect((await get(`/api/form-submissions/forms/${kept7}/submissions`)).json().total).toBe(1);
  });

  it('runs retention as a job that schedules its next run a day later', async () => {
    const { enqueueJob } = await import('../src/jobs/queue.ts');
    await enqueueJob(app.db, { kind: 'submissions.retention', payload: {} });
    await app.jobs.drain();
    const { sql } = await import('drizzle-orm');
    const result = await app.db.execute(
      sql`select run_at from jobs where kind = 'submissions.retention' and done_at is null`,
    );
    const rows = (result as unknown as { rows: { run_at: string | Date }[] }).rows;
    expect(rows).toHaveLength(1);
    const inHours = (new Date(rows[0]!.run_at).getTime() - Date.now()) / 3_600_000;
    expect(inHours).toBeGreaterThan(23);
    expect(inHours).toBeLessThan(25);
  });
});
