import { randomUUID } from 'node:crypto';
import { normalizeFields } from '@formsmith/core/forms/read-field';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerDailyCounts, fieldDailyStats, formDailyStats, forms, jobs } from '../src/db/schema.ts';
import { openMail } from '../src/mail/mailer.ts';
import { openAnswerLabel } from '../src/modules/analytics/answer-labels.ts';
import { MicroBatcher } from '../src/modules/intake/batcher.ts';
import { rebuildFormStats } from '../src/modules/submissions/index.ts';
import {
  type StoreSubmissionInput,
  storeSubmission,
  storeSubmissions,
} from '../src/modules/submissions/store.ts';
import { dbKind } from './helpers/app.ts';
import { createOwnerTestApp, type TestUser } from './helpers/users.ts';
import {
  countSubmissions,
  createPublishedForm,
  submissionCountColumn,
  TEST_FIELDS,
  validData,
} from './intake-fixtures.ts';

describe(`group commit of submissions (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
  });
  afterAll(() => app.close());

  const fields = normalizeFields(TEST_FIELDS);

  /** What the submit path hands the repository for one submission without uploads. */
  const input = (formId: number, colour: string, key: string | null = null): StoreSubmissionInput => {
    const data = { name: 'Ada', colour, ...(colour === 'red' ? { why_red: 'Bright' } : {}) };
    const metadata = {
      analytics: { totalTimeSpent: 12, completed: true, fieldInteractions: { name: { timeSpent: 3 } } },
    };
    const createdAt = new Date();
    return {
      formId,
      formVersion: 1,
      language: 'en',
      data,
      metadata,
      idempotencyKey: key,
      createdAt,
      stats: { formId, fields, data, metadata, createdAt },
      mails: [{ to: 'owner@example.com', subject: `New submission ${formId}`, text: 't', html: 'h' }],
      ownerId: owner.id,
      uploadIds: [],
      limited: false,
    };
  };

  /** The form's aggregates summed over shards, per key: what the analytics page reads. */
  const aggregates = async (formId: number) => {
    const rows = async (statement: ReturnType<typeof sql>) =>
      ((await app.db.execute(statement)) as unknown as { rows: unknown[] }).rows;
    return {
      days: await rows(sql`select day::text, sum(submissions)::int s, sum(completion_time_total)::int t,
        sum(completion_time_count)::int c from ${formDailyStats} where form_id = ${formId} group by day order by day`),
      fields: await rows(sql`select field_id, day::text, sum(response_count)::int r, sum(skip_count)::int s,
        sum(time_spent_total)::int t, sum(time_spent_count)::int c from ${fieldDailyStats}
        where form_id = ${formId} group by field_id, day order by field_id, day`),
      answers: await rows(sql`select field_id, day::text, answer, sum(count)::int n from ${answerDailyCounts}
        where form_id = ${formId} group by field_id, day, answer order by field_id, day, answer`),
    };
  };

  // Mail payloads are sealed (they carry answers): opened here as the mail job opens them.
  const mailsFor = async (formId: number) => {
    const rows = await app.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(sql`${jobs.kind} = 'mail.send'`);
    return rows.filter((r) => openMail(app.keyring, r.payload).subject === `New submission ${formId}`).length;
  };

  it('stores a batch in one statement: rows, counters, aggregates and mails only for new keys', async () => {
    const [a, b] = [await createPublishedForm(app, owner), await createPublishedForm(app, owner)];
    const [earlier] = await storeSubmissions(app.db, app.keyring, [input(a, 'blue', 'used-before')]);
    expect(earlier).toEqual(expect.any(String));

    const batch = [
      input(a, 'red'),
      input(a, 'blue', 'k1'),
      input(a, 'blue', 'k1'), // the same key twice in one batch: stored once
      input(a, 'red', 'used-before'), // a retry of a stored submission: nothing new
      input(b, 'blue'),
      input(b, 'red', 'k1'), // the same key on another form is another submission
    ];
    const ids = await storeSubmissions(app.db, app.keyring, batch);
    expect(ids.map((id) => id !== null)).toEqual([true, true, false, false, true, true]);
    expect(new Set(ids.filter(Boolean)).size).toBe(4);
    // Time-ordered ids (UUIDv7), so the primary key grows at its end.
    for (const id of ids.filter(Boolean)) expect((id as string)[14]).toBe('7');

    expect(await countSubmissions(app, a)).toBe(3);
    expect(await countSubmissions(app, b)).toBe(2);
    expect(await submissionCountColumn(app, a)).toBe(3);
    expect(await submissionCountColumn(app, b)).toBe(2);
    expect(await mailsFor(a)).toBe(3);
    expect(await mailsFor(b)).toBe(2);

    for (const formId of [a, b]) {
      const incremental = await aggregates(formId);
      expect(incremental.days).toHaveLength(1);
      await rebuildFormStats(app.db, app.keyring, formId);
      expect(await aggregates(formId)).toEqual(incremental);
    }
    const colours = (await aggregates(a)).answers.filter(
      (r) => (r as { field_id: string }).field_id === 'colour',
    );
    // Labels are sealed in the table; opened, they are the answers given.
    const opened = colours.map((r) => {
      const { answer, n } = r as { answer: string; n: number };
      return [openAnswerLabel(app.keyring, { formId: a, fieldId: 'colour', answer }), n];
    });
    expect(opened.sort()).toEqual([
      ['blue', 2],
      ['red', 1],
    ]);
  });

  it('adds a batch of new submissions to the aggregates as summed totals, equal to a rebuild', async () => {
    const [a, b] = [await createPublishedForm(app, owner), await createPublishedForm(app, owner)];
    // Two UTC days, two forms, answers and times that differ: the totals are summed per form, day,
    // field and answer before the statement, and must come out as the rebuild counts them.
    const at = (iso: string) => new Date(iso);
    const batch = [
      { ...input(a, 'red', `${a}-1`), createdAt: at('2026-03-01T23:59:00Z') },
      { ...input(a, 'blue', `${a}-2`), createdAt: at('2026-03-01T12:00:00Z') },
      { ...input(a, 'blue'), createdAt: at('2026-03-02T00:01:00Z') },
      { ...input(b, 'red'), createdAt: at('2026-03-01T08:00:00Z') },
    ].map((item, i) => {
      const metadata = { analytics: { totalTimeSpent: 10 * (i + 1), completed: true } };
      return { ...item, metadata, stats: { ...item.stats, metadata, createdAt: item.createdAt } };
    });
    const ids = await storeSubmissions(app.db, app.keyring, batch);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(await submissionCountColumn(app, a)).toBe(3);
    expect(await submissionCountColumn(app, b)).toBe(1);

    const incremental = await aggregates(a);
    expect(incremental.days).toEqual([
      { day: '2026-03-01', s: 2, t: 30, c: 2 },
      { day: '2026-03-02', s: 1, t: 30, c: 1 },
    ]);
    for (const formId of [a, b]) {
      const before = await aggregates(formId);
      await rebuildFormStats(app.db, app.keyring, formId);
      expect(await aggregates(formId)).toEqual(before);
    }
    const colours = incremental.answers
      .filter((r) => (r as { field_id: string }).field_id === 'colour')
      .map((r) => {
        const { day, answer, n } = r as { day: string; answer: string; n: number };
        return [day, openAnswerLabel(app.keyring, { formId: a, fieldId: 'colour', answer }), n];
      });
    expect(colours.sort()).toEqual([
      ['2026-03-01', 'blue', 1],
      ['2026-03-01', 'red', 1],
      ['2026-03-02', 'blue', 1],
    ]);
  });

  it('stores 100 concurrent submits to two forms, one row per idempotency key, counted once', async () => {
    const [a, b] = [await createPublishedForm(app, owner), await createPublishedForm(app, owner)];
    const run = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: `/api/form-submissions/forms/${i % 2 ? b : a}/submit`,
          remoteAddress: `10.1.${Math.floor(i / 50)}.${i % 50}`,
          // keys 0-9 are each sent three times (i, i+10, i+20: always to the same form)
          headers: i < 30 ? { 'idempotency-key': `${run}-${i % 10}` } : {},
          payload: {
            // A retry sends the same answers as the first try (the key's own number picks them).
            data: validData(
              (i < 30 ? i % 10 : i) % 3 ? { colour: 'blue' } : { colour: 'red', why_red: 'Bright' },
            ),
            metadata: { analytics: { totalTimeSpent: i, completed: true } },
          },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(100).fill(201));
    const ids = results.map((r) => r.json().submission_id as string);
    for (let i = 0; i < 10; i++) {
      expect(ids[i + 10]).toBe(ids[i]);
      expect(ids[i + 20]).toBe(ids[i]);
    }
    expect(new Set(ids).size).toBe(80);
    expect(await countSubmissions(app, a)).toBe(40);
    expect(await countSubmissions(app, b)).toBe(40);
    expect(await submissionCountColumn(app, a)).toBe(40);
    expect(await submissionCountColumn(app, b)).toBe(40);

    for (const formId of [a, b]) {
      const incremental = await aggregates(formId);
      expect((incremental.days[0] as { s: number }).s).toBe(40);
      await rebuildFormStats(app.db, app.keyring, formId);
      expect(await aggregates(formId)).toEqual(incremental);
    }
  });

  it(`groups concurrent submits into fewer statements than submits on ${dbKind}`, async () => {
    const formId = await createPublishedForm(app, owner);
    const batches = async () => {
      const { values } = await app.metrics.submitBatches.get();
      const of = (name: string) => values.find((v) => v.metricName === name)?.value ?? 0;
      return { count: of('formsmith_submit_batch_size_count'), sum: of('formsmith_submit_batch_size_sum') };
    };
    const before = await batches();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: `/api/form-submissions/forms/${formId}/submit`,
          remoteAddress: `10.2.0.${i}`,
          payload: { data: validData(), metadata: { analytics: { totalTimeSpent: i, completed: true } } },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    const after = await batches();
    expect(after.sum - before.sum).toBe(40);
    // The first submit goes alone at once; the others gather behind it.
    expect(after.count - before.count).toBeLessThan(20);
    expect(await countSubmissions(app, formId)).toBe(40);
    expect(await submissionCountColumn(app, formId)).toBe(40);
  });

  it('stores a single submit on its own, without waiting', async () => {
    const formId = await createPublishedForm(app, owner);
    const started = Date.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { data: validData(), metadata: { analytics: { totalTimeSpent: 5, completed: true } } },
    });
    expect(res.statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await countSubmissions(app, formId)).toBe(1);
    expect(await submissionCountColumn(app, formId)).toBe(1);
  });

  it('fails only the item whose form was deleted when its batch fails, and stores the others', async () => {
    const [kept, deleted] = [await createPublishedForm(app, owner), await createPublishedForm(app, owner)];
    await app.db.delete(forms).where(eq(forms.id, deleted));
    const items = [input(kept, 'red'), input(deleted, 'blue'), input(kept, 'blue', 'x'), input(kept, 'blue')];
    // The batch statement as a whole fails on the missing form…
    await expect(storeSubmissions(app.db, app.keyring, items)).rejects.toThrow();
    expect(await countSubmissions(app, kept)).toBe(0);

    // …so the batcher runs its items one by one: each gets its own answer.
    const batches: number[] = [];
    const batcher = new MicroBatcher<StoreSubmissionInput, string | null>({
      runBatch: (batch) => {
        batches.push(batch.length);
        return storeSubmissions(app.db, app.keyring, batch);
      },
      runOne: async (item) => (await storeSubmission(app.db, app.keyring, item)).id,
      maxSize: 64,
      maxDelayMs: 2,
      maxInFlight: 1,
    });
    const results = await Promise.allSettled(items.map((item) => batcher.add(item)));
    expect(batches).toEqual([4]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await countSubmissions(app, kept)).toBe(3);
    expect(await submissionCountColumn(app, kept)).toBe(3);
    const incremental = await aggregates(kept);
    await rebuildFormStats(app.db, app.keyring, kept);
    expect(await aggregates(kept)).toEqual(incremental);
  });
});
