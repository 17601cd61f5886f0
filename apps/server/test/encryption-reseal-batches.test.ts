import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resealAll } from '../src/admin/encryption-key.ts';
import { queryRows } from '../src/db/client.ts';
import { enqueueJob, MAIL_JOB } from '../src/jobs/queue.ts';
import {
  currentSealedTextPrefix,
  fromSealedText,
  type Keyring,
  makeKeyring,
  newKey,
  RESEAL_BATCH,
  sealedKeyId,
} from '../src/lib/encryption/index.ts';
import { openMail, sealMail } from '../src/mail/mailer.ts';
import { openAnswerLabel, sealAnswerLabel } from '../src/modules/analytics/answer-labels.ts';
import { countUnsealedAnswers, readAnswers } from '../src/modules/submissions/index.ts';
import { openDeliveryBody, sealDeliveryBody } from '../src/modules/webhooks/deliver.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { type OwnDatabase, ownTestDatabase } from './helpers/own-database.ts';
import { createTestUser } from './helpers/users.ts';
import { createTestForm, insertSubmissions } from './submissions-fixtures.ts';

// The key command walks each table in batches of RESEAL_BATCH rows, one UPDATE per batch. On a
// database of its own: the new key it registers would make other test files' servers refuse to
// start in a shared one.
describe(`re-sealing in batches (${dbKind})`, () => {
  let own: OwnDatabase;
  let app: FastifyInstance;
  let formId: number;
  let rotated: Keyring;

  beforeAll(async () => {
    own = await ownTestDatabase();
    app = await createTestApp({ env: own.env });
    const owner = await createTestUser(app);
    formId = await createTestForm(app, owner.id);
    rotated = makeKeyring([newKey(), ...app.keyring.keys.map((k) => k.key)], 'env');
  });
  afterAll(async () => {
    await app.close();
    await own.drop();
  });

  const names = (from: number, count: number) => Array.from({ length: count }, (_, i) => `Row ${from + i}`);
  const insertClear = (list: string[]) =>
    insertSubmissions(
      app,
      formId,
      list.map((name) => ({ data: { f_name: name } })),
    );

  it('moves answers clear and under an older key across several batches, each reading the same after', async () => {
    const underOld = names(0, RESEAL_BATCH + 300);
    await insertClear(underOld);
    await resealAll({ db: app.db, keyring: app.keyring, config: app.config }, () => {});
    const clear = names(underOld.length, 400);
    await insertClear(clear);

    const lines: string[] = [];
    const moved = await resealAll({ db: app.db, keyring: rotated, config: app.config }, (l) => lines.push(l));

    const total = underOld.length + clear.length;
    expect(moved).toBe(total);
    expect(lines).toEqual([`submissions: ${RESEAL_BATCH} re-sealed`, `submissions: ${total} re-sealed`]);
    expect((await countUnsealedAnswers(app.db, rotated)).size).toBe(0);
    const rows = await queryRows<{ id: string; data: unknown; sealed_data: Uint8Array }>(
      app.db,
      sql`select id, data, sealed_data from submissions where form_id = ${formId}`,
    );
    expect(rows.every((r) => sealedKeyId(r.sealed_data) === rotated.current.id)).toBe(true);
    expect(rows.every((r) => JSON.stringify(r.data) === '{}')).toBe(true);
    const read = rows.map((r) => readAnswers(rotated, { id: r.id, data: r.data, sealedData: r.sealed_data }));
    expect(read.map((a) => a.f_name).sort()).toEqual([...underOld, ...clear].sort());
  }, 60_000);

  it('merges answer labels that seal to one label under the new key, adding their counts', async () => {
    const old = app.keyring;
    const label = (keyring: Keyring, answer: string) =>
      sealAnswerLabel(keyring, { formId, fieldId: 'f_topics', answer });
    const apples = 'Apples, "red" \\ green';
    const counts: [string, number][] = [
      [apples, 2], // clear, from before encryption at rest
      [label(old, apples), 3],
      [label(rotated, apples), 4], // already under the new key: submitted after the rotation
      [label(old, 'pears'), 1],
    ];
    for (const [answer, count] of counts) {
      await app.db.execute(sql`insert into answer_daily_counts (form_id, field_id, day, answer, shard, count)
        values (${formId}, 'f_topics', '2026-11-01', ${answer}, 0, ${count})`);
    }

    await resealAll({ db: app.db, keyring: rotated, config: app.config }, () => {});

    const rows = await queryRows<{ answer: string; count: number }>(
      app.db,
      sql`select answer, count from answer_daily_counts where form_id = ${formId} order by count desc`,
    );
    expect(rows.every((r) => r.answer.startsWith(currentSealedTextPrefix(rotated)))).toBe(true);
    const opened = rows.map((r) => [
      openAnswerLabel(rotated, { formId, fieldId: 'f_topics', answer: r.answer }),
      r.count,
    ]);
    expect(opened).toEqual([
      [apples, 9],
      ['pears', 1],
    ]);
  });

  it('moves queued mails and kept webhook bodies to the new key, each reading the same after', async () => {
    const old = app.keyring;
    const mail = {
      to: 'owner@example.com',
      subject: 'New answer',
      text: 'Marker 41',
      html: '<p>Marker 41</p>',
    };
    await enqueueJob(app.db, { kind: MAIL_JOB, payload: sealMail(old, mail) });
    const [submissionId] = await insertClear(['With a webhook']);
    const [webhook] = await queryRows<{ id: string }>(
      app.db,
      sql`insert into webhooks (form_id, workspace_id, url, events, secret)
        select id, workspace_id, 'http://127.0.0.1:9/hook', '["submission.created"]'::jsonb, 'secret'
        from forms where id = ${formId} returning id`,
    );
    const bodies = ['{"answers":"sealed one"}', '{"answers":"clear one"}'];
    const deliveries = await queryRows<{ id: string }>(
      app.db,
      sql`insert into webhook_deliveries (webhook_id, event_type, submission_id)
        values (${webhook!.id}, 'submission.created', ${submissionId}), (${webhook!.id}, 'submission.created', ${submissionId})
        returning id`,
    );
    // A member event's body (a workspace webhook's: no submission) carries addresses too.
    const [memberEvent] = await queryRows<{ id: string }>(
      app.db,
      sql`insert into webhook_deliveries (webhook_id, event_type) values (${webhook!.id}, 'member.joined') returning id`,
    );
    const memberBody = '{"member":{"email":"ada@example.com"}}';
    await app.db.execute(sql`update webhook_deliveries set body = ${sealDeliveryBody(old, memberEvent!.id, memberBody)}
      where id = ${memberEvent!.id}`);
    const [sealedOne, clearOne] = deliveries.map((d) => d.id);
    await app.db.execute(sql`update webhook_deliveries set body = ${sealDeliveryBody(old, sealedOne!, bodies[0]!)}
      where id = ${sealedOne}`);
    await app.db.execute(sql`update webhook_deliveries set body = ${bodies[1]} where id = ${clearOne}`);

    await resealAll({ db: app.db, keyring: rotated, config: app.config }, () => {});

    const [job] = await queryRows<{ payload: Record<string, unknown> }>(
      app.db,
      sql`select payload from jobs where kind = ${MAIL_JOB}`,
    );
    expect(sealedKeyId(fromSealedText(String(job!.payload.sealed))!)).toBe(rotated.current.id);
    expect(openMail(rotated, job!.payload)).toEqual(mail);
    for (const [id, body] of [
      [sealedOne!, bodies[0]!],
      [clearOne!, bodies[1]!],
      [memberEvent!.id, memberBody],
    ]) {
      const [row] = await queryRows<{ id: string; body: string }>(
        app.db,
        sql`select id, body from webhook_deliveries where id = ${id}`,
      );
      expect(row!.body.startsWith(currentSealedTextPrefix(rotated))).toBe(true);
      expect(openDeliveryBody(rotated, row!)).toBe(body);
    }
  });
});
