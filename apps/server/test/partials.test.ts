import { normalizeFields } from '@formsmith/core/forms/read-field';
import { progressRecordSchema } from '@formsmith/core/submissions/progress';
import { eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formFunnelStats,
  type forms,
  resumeLinks,
  submissions,
  uploads,
  webhookDeliveries,
  webhooks,
} from '../src/db/schema.ts';
import { FUNNEL_BUCKETS, histogramMedian, secondsBucket } from '../src/modules/analytics/funnel.ts';
import { readAnswers } from '../src/modules/submissions/answer-sealing.ts';
import { deleteExpiredSubmissions } from '../src/modules/submissions/retention.ts';
import { dbKind } from './helpers/app.ts';
import { createMailTestApp, drainMails } from './helpers/mail-app.ts';
import type { TestSmtpServer } from './helpers/smtp.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createPublishedForm, multipart, submissionCountColumn, wireField } from './intake-fixtures.ts';

const PAGED_FIELDS = normalizeFields([
  wireField({ id: 'name', label: 'Name', type: 'text', required: true, rules: { minLength: 2 } }),
  wireField({ id: 'p2', label: 'Contact', type: 'page_break' }),
  wireField({ id: 'email', label: 'Email', type: 'email', required: true }),
  wireField({ id: 'cv', label: 'CV', type: 'file', rules: { accept: ['.txt'], maxFileSize: 100 } }),
  wireField({ id: 'p3', label: 'About you', type: 'page_break' }),
  wireField({ id: 'age', label: 'Age', type: 'number', required: true, rules: { min: 18 } }),
]);

const LOADED = Date.now() - 60_000;

describe(`partial submissions and resuming (${dbKind})`, () => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let close: () => Promise<void>;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    ({ app, smtp, close } = await createMailTestApp());
    owner = await createTestUser(app);
    stranger = await createTestUser(app);
  });
  afterAll(() => close());

  const createForm = (overrides: Partial<typeof forms.$inferInsert> = {}) =>
    createPublishedForm(app, owner, { fields: PAGED_FIELDS, savePartials: true, ...overrides });
  const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `/api/form-submissions/forms/${url}`, payload, headers });
  const progress = (formId: number, body: Record<string, unknown>) =>
    post(`${formId}/progress`, { ...body, data: { _formLoadTime: LOADED, ...(body.data as object) } });
  const submit = (formId: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    post(`${formId}/submit`, { ...body, data: { _formLoadTime: LOADED, ...(body.data as object) } }, headers);
  // The stored rows, their sealed answers opened (what the owner's API would show).
  const rowsOf = async (formId: number) =>
    (await app.db.select().from(submissions).where(eq(submissions.formId, formId))).map((row) => ({
      ...row,
      data: readAnswers(app.keyring, row),
    }));

  it('keeps the setting per form, off by default, and only for the owner', async () => {
    const formId = await createPublishedForm(app, owner);
    const url = `/api/forms/${formId}/partials`;
    const initial = await app.inject({ method: 'GET', url, headers: owner.auth });
    expect(initial.json()).toEqual({ save_partials: false, partial_retention_days: 30 });
    const bad = await app.inject({
      method: 'PUT',
      url,
      headers: owner.auth,
      payload: { save_partials: true, partial_retention_days: 400 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.partial_retention_days).toMatch(/1 to 365/);
    const on = { save_partials: true, partial_retention_days: 14 };
    expect((await app.inject({ method: 'PUT', url, headers: owner.auth, payload: on })).json()).toEqual(on);
    expect((await app.inject({ method: 'GET', url, headers: stranger.auth })).statusCode).toBe(404);
    expect((await app.inject({ method: 'PUT', url, headers: stranger.auth, payload: on })).statusCode).toBe(
      404,
    );
    // The public page learns it from the form a respondent gets.
    const view = await app.inject({ method: 'GET', url: `/api/forms/${formId}` });
    expect(view.statusCode).toBe(200);
    expect(view.json().save_partials).toBe(true);
  });

  it('refuses progress when the form does not save partials, on a wrong access code and once expired', async () => {
    const off = await createForm({ savePartials: false });
    const refused = await progress(off, { data: { name: 'Ada' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PARTIALS_OFF',
      error: 'This form does not save answers as you go',
    });

    const { hash } = await import('@node-rs/argon2');
    const coded = await createForm({
      accessRestriction: 'password',
      accessCodeHash: await hash('open-sesame'),
    });
    expect((await progress(coded, { data: { name: 'Ada' } })).json().code).toBe('ACCESS_CODE_REQUIRED');
    expect((await progress(coded, { data: { name: 'Ada' }, access_code: 'wrong' })).json().code).toBe(
      'ACCESS_CODE_INVALID',
    );
    expect((await progress(coded, { data: { name: 'Ada' }, access_code: 'open-sesame' })).statusCode).toBe(
      201,
    );

    const expired = await createForm({ expirationDate: new Date(Date.now() - 1000) });
    expect((await progress(expired, { data: { name: 'Ada' } })).statusCode).toBe(410);
    expect(await rowsOf(off)).toHaveLength(0);
    expect(await rowsOf(expired)).toHaveLength(0);
  });

  it('checks answers like a submit but requires nothing yet, and knows its steps', async () => {
    const formId = await createForm();
    const bad = await progress(formId, { data: { name: 'A' }, step: 'page_1' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields.name).toMatch(/Minimum length/);
    const unknown = await progress(formId, { data: { name: 'Ada' }, step: 'nope' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields.step).toBe('This step is not part of the form');
    // The decoy filled: looks like a success, nothing is kept.
    const spam = await progress(formId, { data: { name: 'Ada', _honeypot: 'x' }, step: 'page_1' });
    expect(spam.statusCode).toBe(201);
    expect(await rowsOf(formId)).toHaveLength(0);
  });

  it('turns two progress saves and a submit into one complete submission, with files', async () => {
    const formId = await createForm();
    const first = await progress(formId, { data: { name: 'Ada' }, step: 'p2' });
    expect(first.statusCode).toBe(201);
    const { submission_id: id, resume_token: token } = first.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await rowsOf(formId);
    expect(stored!.resumeTokenHash).not.toContain(token);
    expect(stored!.completed).toBe(false);

    const body = multipart([
      { name: 'field_id', value: 'cv' },
      { name: 'file', filename: 'cv.txt', type: 'text/plain', content: Buffer.from('hello') },
    ]);
    const up = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/uploads`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(up.statusCode).toBe(201);
    const file = up.json();
    const second = await progress(formId, {
      data: { name: 'Ada', email: 'ada@example.org', cv: file },
      step: 'p3',
      resume_token: token,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ submission_id: id, resume_token: token });
    const [upload] = await app.db.select().from(uploads).where(eq(uploads.id, file.upload_id));
    expect(upload!.submissionId).toBe(id);
    // Partials count nowhere until completed.
    expect(await submissionCountColumn(app, formId)).toBe(0);

    // A missing required answer still blocks the final submit, and keeps the partial as it was.
    const early = await submit(formId, {
      data: { name: 'Ada', email: 'ada@example.org', cv: file },
      resume_token: token,
    });
    expect(early.statusCode).toBe(422);
    const final = { name: 'Ada', email: 'ada@example.org', cv: file, age: 36 };
    const done = await submit(formId, { data: final, resume_token: token }, { 'idempotency-key': 'final-1' });
    expect(done.statusCode).toBe(201);
    expect(done.json().submission_id).toBe(id);
    const rows = await rowsOf(formId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, completed: true });
    expect(rows[0]!.data).toMatchObject({
      name: 'Ada',
      email: 'ada@example.org',
      age: 36,
      cv: { upload_id: file.upload_id },
    });
    expect(await submissionCountColumn(app, formId)).toBe(1);
    // A retry of the same submit answers the same submission; the token saves nothing more.
    const retry = await submit(
      formId,
      { data: final, resume_token: token },
      { 'idempotency-key': 'final-1' },
    );
    expect(retry.json().submission_id).toBe(id);
    const again = await progress(formId, { data: { name: 'Eve' }, resume_token: token });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_COMPLETED');
    const changed = await submit(formId, { data: { ...final, name: 'Eve' }, resume_token: token });
    expect(changed.statusCode).toBe(409);
    expect(await rowsOf(formId)).toHaveLength(1);
    expect(await submissionCountColumn(app, formId)).toBe(1);
  });

  it('sends no webhook for a partial, then submission.created and submission.completed once complete', async () => {
    const formId = await createForm();
    await app.db.insert(webhooks).values({
      formId,
      workspaceId: sql<number>`(select workspace_id from forms where id = ${formId})`,
      url: 'https://hooks.example.org/in',
      events: ['submission.created', 'submission.completed'],
      secret: 'whsec_test',
    });
    const eventsOf = async () =>
      (
        await app.db
          .select({ event: webhookDeliveries.eventType })
          .from(webhookDeliveries)
          .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
          .where(eq(webhooks.formId, formId))
      )
        .map((r) => r.event)
        .sort();
    const saved = (await progress(formId, { data: { name: 'Hook' }, step: 'p2' })).json();
    await progress(formId, {
      data: { name: 'Hook', email: 'h@example.org' },
      step: 'p3',
      resume_token: saved.resume_token,
    });
    expect(await eventsOf()).toEqual([]);
    await submit(formId, {
      data: { name: 'Hook', email: 'h@example.org', age: 50 },
      resume_token: saved.resume_token,
    });
    expect(await eventsOf()).toEqual(['submission.completed', 'submission.created']);
  });

  it('resumes from a second client with the token, and owners see how far it got', async () => {
    const formId = await createForm();
    const saved = (await progress(formId, { data: { name: 'Grace' }, step: 'p2' })).json();
    const resumed = await post(`${formId}/progress/resume`, { resume_token: saved.resume_token });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({
      submission_id: saved.submission_id,
      data: { name: 'Grace' },
      step: 'p2',
    });
    const unknown = await post(`${formId}/progress/resume`, { resume_token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(404);

    const list = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/submissions?status=incomplete`,
      headers: owner.auth,
    });
    expect(list.json().total).toBe(1);
    expect(list.json().items[0].progress).toMatchObject({ step: 'p2', label: 'Page 2 of 3: Contact' });
    const all = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/submissions`,
      headers: owner.auth,
    });
    expect(all.json().total).toBe(1);
    const complete = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/submissions?status=complete`,
      headers: owner.auth,
    });
    expect(complete.json().total).toBe(0);
    const csv = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/export?format=csv`,
      headers: owner.auth,
    });
    expect(csv.body).toContain('Submission ID,Submitted At,Status');
    expect(csv.body).toContain(',incomplete,');
    const json = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/export?format=json`,
      headers: owner.auth,
    });
    expect(json.json()[0]).toMatchObject({ status: 'incomplete', completed: false });
    // The export reads the row its own way (a binary COPY on PostgreSQL): the same progress and
    // times as the list gives.
    const listed = all.json().items[0];
    expect(listed.progress).toMatchObject({ step: 'p2', updated_at: expect.any(String) });
    expect(json.json()[0]).toMatchObject({ progress: listed.progress, created_at: listed.created_at });
    const analytics = await app.inject({
      method: 'GET',
      url: `/api/analytics/forms/${formId}`,
      headers: owner.auth,
    });
    expect(analytics.json().total_submissions).toBe(0);
    expect(analytics.json().funnel).toMatchObject({ started: 1, completed: 0 });
    const foreign = await app.inject({
      method: 'GET',
      url: `/api/analytics/forms/${formId}`,
      headers: stranger.auth,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('mails a single-use resume link that works on another device, then refuses it', async () => {
    const formId = await createForm({ title: 'Long survey' });
    const saved = (await progress(formId, { data: { name: 'Linus' }, step: 'p2' })).json();
    const bad = await post(`${formId}/progress/email`, { resume_token: saved.resume_token, email: 'nope' });
    expect(bad.statusCode).toBe(400);
    const sent = await post(`${formId}/progress/email`, {
      resume_token: saved.resume_token,
      email: 'linus@example.org',
    });
    expect(sent.statusCode).toBe(202);
    const [mail] = await drainMails(
      { app, smtp },
      { to: 'linus@example.org', prefix: 'Long survey', count: 1 },
    );
    expect(mail).toBeDefined();
    const text = mail!.raw.replace(/=\r?\n/g, '');
    const link = /resume=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(link).toBeDefined();
    const [row] = await app.db.select().from(resumeLinks).where(eq(resumeLinks.email, 'linus@example.org'));
    expect(row!.tokenHash).not.toBe(link);

    const other = await post(`${formId}/progress/resume`, { link_token: link });
    expect(other.statusCode).toBe(200);
    const resumed = other.json();
    expect(resumed).toMatchObject({
      submission_id: saved.submission_id,
      data: { name: 'Linus' },
      step: 'p2',
    });
    const used = await post(`${formId}/progress/resume`, { link_token: link });
    expect(used.statusCode).toBe(410);
    expect(used.json().code).toBe('RESUME_LINK_GONE');

    const done = await submit(formId, {
      data: { name: 'Linus', email: 'linus@example.org', age: 40 },
      resume_token: resumed.resume_token,
    });
    expect(done.json().submission_id).toBe(saved.submission_id);
    expect((await rowsOf(formId)).map((r) => r.completed)).toEqual([true]);

    // An expired link is refused the same way.
    const later = (await progress(formId, { data: { name: 'Ken' } })).json();
    await post(`${formId}/progress/email`, { resume_token: later.resume_token, email: 'ken@example.org' });
    const [kenMail] = await drainMails(
      { app, smtp },
      { to: 'ken@example.org', prefix: 'Long survey', count: 1 },
    );
    const kenLink = /resume=([A-Za-z0-9_-]{43})/.exec(kenMail!.raw.replace(/=\r?\n/g, ''))?.[1];
    await app.db
      .update(resumeLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(resumeLinks.email, 'ken@example.org'));
    const expired = await post(`${formId}/progress/resume`, { link_token: kenLink });
    expect(expired.statusCode).toBe(410);
  });

  it('keeps a funnel equal to a rebuild from the rows', async () => {
    const formId = await createForm();
    await app.inject({ method: 'POST', url: `/api/analytics/forms/${formId}/view` });
    await app.inject({ method: 'POST', url: `/api/analytics/forms/${formId}/view` });
    // One finishes, one stops on page 2 (after going back to page 1), one stops on page 1.
    const a = (await progress(formId, { data: { name: 'Ann' }, step: 'page_1' })).json();
    await progress(formId, {
      data: { name: 'Ann', email: 'ann@example.org' },
      step: 'p2',
      resume_token: a.resume_token,
    });
    await progress(formId, {
      data: { name: 'Ann', email: 'ann@example.org' },
      step: 'p3',
      resume_token: a.resume_token,
    });
    await submit(formId, {
      data: { name: 'Ann', email: 'ann@example.org', age: 30 },
      resume_token: a.resume_token,
    });
    const b = (await progress(formId, { data: { name: 'Bob' }, step: 'page_1' })).json();
    await progress(formId, { data: { name: 'Bob' }, step: 'p2', resume_token: b.resume_token });
    await progress(formId, { data: { name: 'Bob' }, step: 'page_1', resume_token: b.resume_token });
    await progress(formId, { data: { name: 'Cy' }, step: 'page_1' });

    // The rebuild: every row's progress.steps, read independently of the code that wrote the aggregates.
    const reached = new Map<string, number>();
    const histograms = new Map<string, number[]>();
    let started = 0;
    let completed = 0;
    for (const row of await rowsOf(formId)) {
      const record = progressRecordSchema.parse(row.progress);
      started += 1;
      record.steps.forEach((step, i) => {
        reached.set(step.step, (reached.get(step.step) ?? 0) + 1);
        const end = record.steps[i + 1]?.at ?? record.completed_at;
        if (end === undefined) return;
        const histogram = histograms.get(step.step) ?? new Array(FUNNEL_BUCKETS).fill(0);
        histogram[secondsBucket((Date.parse(end) - Date.parse(step.at)) / 1000)] += 1;
        histograms.set(step.step, histogram);
      });
      if (record.completed_at) completed += 1;
    }
    const res = await app.inject({
      method: 'GET',
      url: `/api/analytics/forms/${formId}`,
      headers: owner.auth,
    });
    const { funnel } = res.json();
    expect(funnel.views).toBe(2);
    expect(funnel.started).toBe(started);
    expect(started).toBe(3);
    expect(funnel.completed).toBe(completed);
    expect(completed).toBe(1);
    const order = ['page_1', 'p2', 'p3'];
    expect(funnel.steps.map((s: { step: string }) => s.step)).toEqual(order);
    expect(funnel.steps.map((s: { reached: number }) => s.reached)).toEqual(order.map((s) => reached.get(s)));
    expect(funnel.steps.map((s: { reached: number }) => s.reached)).toEqual([3, 2, 1]);
    expect(funnel.steps.map((s: { drop_off: number }) => s.drop_off)).toEqual([1, 1, 0]);
    expect(funnel.steps[1].label).toBe('Page 2 of 3: Contact');
    expect(funnel.steps.map((s: { median_seconds: number | null }) => s.median_seconds)).toEqual(
      order.map((s) => histogramMedian(histograms.get(s) ?? [])),
    );
    const stored = await app.db
      .select({ step: formFunnelStats.step, h: formFunnelStats.secondsHistogram })
      .from(formFunnelStats)
      .where(eq(formFunnelStats.formId, formId));
    for (const s of order) {
      const sum = new Array(FUNNEL_BUCKETS).fill(0);
      for (const row of stored.filter((r) => r.step === s)) {
        row.h.forEach((n, k) => {
          sum[k] += n;
        });
      }
      expect(sum).toEqual(histograms.get(s) ?? new Array(FUNNEL_BUCKETS).fill(0));
    }
  });

  it('deletes partials untouched for the form’s days with their files, and keeps the rest', async () => {
    const formId = await createForm({ partialRetentionDays: 5 });
    const stale = (await progress(formId, { data: { name: 'Old' } })).json();
    const fresh = (await progress(formId, { data: { name: 'New' } })).json();
    await app.db.insert(uploads).values({
      formId,
      submissionId: stale.submission_id,
      fieldId: 'cv',
      filename: 'cv.txt',
      mimeType: 'text/plain',
      size: 3,
      storageKey: 'ef/efefefefefefefefefefefefefefefefefefefef',
    });
    await app.db
      .update(submissions)
      .set({ updatedAt: sql`now() - interval '6 days'` })
      .where(eq(submissions.id, stale.submission_id));
    const done = await submit(formId, { data: { name: 'Done', email: 'd@example.org', age: 20 } });
    await app.db
      .update(submissions)
      .set({ updatedAt: sql`now() - interval '60 days'` })
      .where(eq(submissions.id, done.json().submission_id));
    const { storageKeys } = await deleteExpiredSubmissions(app.db, app.keyring);
    expect(storageKeys).toContain('ef/efefefefefefefefefefefefefefefefefefefef');
    const left = (await rowsOf(formId)).map((r) => r.id).sort();
    expect(left).toEqual([fresh.submission_id, done.json().submission_id].sort());
    expect(await submissionCountColumn(app, formId)).toBe(1);
    // Deleting a partial by hand leaves the totals alone too.
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/form-submissions/forms/${formId}/submissions/${fresh.submission_id}`,
      headers: owner.auth,
    });
    expect(del.statusCode).toBeLessThan(300);
    expect(await submissionCountColumn(app, formId)).toBe(1);
  });
});

describe(`resume mails are rate-limited (${dbKind})`, () => {
  it('sends a few per address, then answers 429', async () => {
    // A factor of 0.2 leaves one resume mail per address and hour (five by default).
    const { app, close } = await createMailTestApp({ env: { RATE_LIMIT_FACTOR: '0.2' } });
    try {
      const owner = await createTestUser(app);
      const formId = await createPublishedForm(app, owner, { fields: PAGED_FIELDS, savePartials: true });
      const url = `/api/form-submissions/forms/${formId}/progress`;
      const saved = await app.inject({
        method: 'POST',
        url,
        payload: { data: { name: 'Mo', _formLoadTime: LOADED } },
      });
      const token = saved.json().resume_token;
      // An address of its own: the per-IP window is shared with the other tests on PostgreSQL.
      const remoteAddress = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
      const mail = (email: string) =>
        app.inject({
          method: 'POST',
          url: `${url}/email`,
          remoteAddress,
          payload: { resume_token: token, email },
        });
      // Addresses of their own: PostgreSQL keeps the windows between runs.
      const run = Math.random().toString(36).slice(2, 8);
      expect((await mail(`flood-${run}@example.org`)).statusCode).toBe(202);
      const again = await mail(`flood-${run}@example.org`);
      expect(again.statusCode).toBe(429);
      expect(again.json().code).toBe('RATE_LIMITED');
      expect((await mail(`other-${run}@example.org`)).statusCode).toBe(202);
      const links = await app.db
        .select()
        .from(resumeLinks)
        .where(like(resumeLinks.email, `%-${run}@example.org`));
      expect(links).toHaveLength(2);
    } finally {
      await close();
    }
  });
});
