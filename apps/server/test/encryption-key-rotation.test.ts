import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addKeyToFile,
  resealAll,
  retireOldKeys,
  waitForServersToNoticeKey,
} from '../src/admin/encryption-key.ts';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { webhooks } from '../src/db/schema.ts';
import {
  currentSealedTextPrefix,
  KEY_FILE,
  type Keyring,
  KeyringError,
  openSecret,
  RESEAL_BATCH,
} from '../src/lib/encryption/index.ts';
import { COMMENT_BODY_COLUMNS, countUnsealedAnswers, readAnswers } from '../src/modules/submissions/index.ts';
import { liveSecrets } from '../src/modules/webhooks/secrets.ts';
import { generateWebhookSecret } from '../src/modules/webhooks/signing.ts';
import { dbKind, testConfig } from './helpers/app.ts';
import { type OwnDatabase, ownTestDatabase } from './helpers/own-database.ts';
import { openTestPglite } from './helpers/pglite-template.ts';
import { awayFromStepEdge, enrolTotp, signIn, totpCode } from './helpers/two-factor.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createTestForm, insertSubmissions, listedNames } from './submissions-fixtures.ts';

// Rotation while the server serves, on a database of its own (a new key in the shared PostgreSQL
// test database would make other test files' servers refuse to start). On PGlite the server
// re-seals by itself when it sees the key file change; on PostgreSQL the key command does, from
// its own connection, while submits continue. Rows from before encryption at rest (clear) are
// sealed by the same pass.
describe(`encryption key rotation while serving (${dbKind})`, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'formsmith-rotate-'));
  let own: OwnDatabase;
  let config: Config;
  /** The in-memory PGlite both servers share when not on PostgreSQL. */
  let memory: Database | undefined;
  let app: FastifyInstance;
  let owner: TestUser;
  let formId: number;

  const submit = (name: string) =>
    app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: {
        data: { f_name: name, f_topics: ['apples'], _formLoadTime: Date.now() - 5000 },
        metadata: {},
      },
    });
  const namesInList = () => listedNames(app, { formId, auth: owner.auth });

  beforeAll(async () => {
    own = await ownTestDatabase();
    // The key file in DATA_DIR (no ENCRYPTION_KEY): the rotation adds a key to it.
    config = { ...testConfig(dataDir, { ENCRYPTION_KEY: '', ...own.env }), runJobs: false };
    memory = config.databaseUrl ? undefined : await openTestPglite();
    app = await buildApp(config, { database: memory });
    await app.ready();
    owner = await createTestUser(app);
    formId = await createTestForm(app, owner.id);
  });
  afterAll(async () => {
    await app.close();
    await memory?.close();
    await own.drop();
  });

  /**
   * What re-seals after the key file changed: on PGlite the running server (resolves at once); on
   * PostgreSQL the key command, on a connection of its own, as `encryption-key rotate` does.
   */
  async function runKeyCommand(keyring: Keyring): Promise<void> {
    if (!config.databaseUrl) return;
    const command = await openDatabase(config);
    try {
      await waitForServersToNoticeKey();
      await resealAll({ db: command.db, keyring, config }, () => {});
    } finally {
      await command.close();
    }
  }

  it('keeps every answer readable, seals clear rows, leaves nothing under the old key, then retires it', async () => {
    await insertSubmissions(app, formId, [
      { data: { f_name: 'Legacy one' } },
      { data: { f_name: 'Legacy two' } },
    ]);
    // Enough rows in another form that the re-seal takes several batches while submits go on.
    const bulkForm = await createTestForm(app, owner.id);
    const bulk = Array.from({ length: 3 * RESEAL_BATCH }, (_, i) => `Bulk ${i}`);
    await insertSubmissions(
      app,
      bulkForm,
      bulk.map((name) => ({ data: { f_name: name } })),
    );
    for (const name of ['Before one', 'Before two']) expect((await submit(name)).statusCode).toBe(201);
    const oldKey = app.keyring.current.id;
    expect((await countUnsealedAnswers(app.db, app.keyring)).get('clear')).toBe(2 + bulk.length);

    const rotated = addKeyToFile(config);
    expect(rotated.current.id).not.toBe(oldKey);
    expect(readFileSync(path.join(dataDir, KEY_FILE), 'utf8').trim().split('\n')).toHaveLength(2);
    // Served while the running server notices the file and the re-seal runs.
    let commandDone = false;
    const command = runKeyCommand(rotated).finally(() => {
      commandDone = true;
    });
    const during: string[] = [];
    const deadline = Date.now() + 30_000;
    const rotating = async () =>
      !commandDone ||
      app.keyring.current.id === oldKey ||
      (await countUnsealedAnswers(app.db, app.keyring)).size > 0;
    while (await rotating()) {
      expect(Date.now()).toBeLessThan(deadline);
      const name = `During ${during.length}`;
      expect((await submit(name)).statusCode).toBe(201);
      during.push(name);
      expect(await namesInList()).toContain(name);
      await new Promise((r) => setTimeout(r, 200));
    }
    await command;
    expect(app.keyring.current.id).toBe(rotated.current.id);
    expect(during.length).toBeGreaterThan(0);
    expect(await namesInList()).toEqual(
      ['Before one', 'Before two', 'Legacy one', 'Legacy two', ...during].sort(),
    );
    const bulkRows = await queryRows<{ id: string; data: unknown; sealed_data: Uint8Array }>(
      app.db,
      sql`select id, data, sealed_data from submissions where form_id = ${bulkForm}`,
    );
    const bulkNames = bulkRows.map(
      (r) => readAnswers(app.keyring, { id: r.id, data: r.data, sealedData: r.sealed_data }).f_name,
    );
    expect(bulkNames.sort()).toEqual(bulk.sort());
    const csv = await app.inject({
      method: 'GET',
      url: `/api/form-submissions/forms/${formId}/export?format=csv`,
      headers: owner.auth,
    });
    for (const name of ['Legacy one', 'Before two', ...during]) expect(csv.body).toContain(name);
    const labels = await queryRows<{ answer: string }>(app.db, sql`select answer from answer_daily_counts`);
    expect(labels.every((l) => l.answer.startsWith(currentSealedTextPrefix(app.keyring)))).toBe(true);
    const analytics = await app.inject({
      method: 'GET',
      url: `/api/analytics/forms/${formId}`,
      headers: owner.auth,
    });
    expect(analytics.body).toContain('Apples');

    const retired = await retireOldKeys(config, app.db, app.keyring, () => {});
    expect(retired).toContain(oldKey);
    expect(readFileSync(path.join(dataDir, KEY_FILE), 'utf8').trim().split('\n')).toHaveLength(1);
  }, 60_000);

  it('seals authenticator and webhook secrets and comments again under the new key, clear ones too, and they still work', async () => {
    const enrolled = await createTestUser(app);
    const { secret: sealedSecret } = await enrolTotp(app, enrolled);
    // An authenticator secret and a webhook secret kept in clear, as before secrets were sealed.
    const legacy = await createTestUser(app);
    const legacySecret = new Secret({ size: 20 }).base32;
    await app.db.execute(
      sql`insert into totp_secrets (user_id, secret, confirmed_at) values (${legacy.id}::uuid, ${legacySecret}, now())`,
    );
    const webhookSecret = generateWebhookSecret();
    const [hook] = await queryRows<{ id: string }>(
      app.db,
      sql`insert into webhooks (form_id, workspace_id, url, events, secret)
        select id, workspace_id, 'https://example.com/hook', '["submission.created"]'::jsonb, ${webhookSecret}
        from forms where id = ${formId} returning id`,
    );
    // A comment kept in clear, as before comments were sealed.
    expect((await submit('Commented')).statusCode).toBe(201);
    const [comment] = await queryRows<{ id: string }>(
      app.db,
      sql`insert into submission_comments (submission_id, body)
        select id, 'Call them back on Monday' from submissions where form_id = ${formId} limit 1 returning id`,
    );
    const oldKey = app.keyring.current.id;
    const rotated = addKeyToFile(config);
    await runKeyCommand(rotated);
    const deadline = Date.now() + 30_000;
    const prefix = () => currentSealedTextPrefix(app.keyring);
    const stored = () =>
      queryRows<{ secret: string }>(
        app.db,
        sql`select secret from totp_secrets union all select secret from webhooks
          union all select body from submission_comments`,
      );
    while (
      app.keyring.current.id === oldKey ||
      !(await stored()).every((r) => r.secret.startsWith(prefix()))
    ) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 100));
    }
    const retired = await retireOldKeys(config, app.db, app.keyring, () => {});
    expect(retired).toContain(oldKey);

    for (const [user, secret] of [
      [enrolled, sealedSecret],
      [legacy, legacySecret],
    ] as const) {
      const challenge = await signIn(app, user);
      await awayFromStepEdge();
      const verified = await app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/verify',
        payload: { challenge_token: challenge.challenge_token, method: 'totp', code: totpCode(secret) },
      });
      expect(verified.statusCode).toBe(200);
    }
    const [row] = await app.db.select().from(webhooks).where(eq(webhooks.id, hook!.id));
    expect(liveSecrets(app.keyring, row!)).toEqual([webhookSecret]);
    const [kept] = await queryRows<{ body: string }>(
      app.db,
      sql`select body from submission_comments where id = ${comment!.id}`,
    );
    expect(openSecret(app.keyring, kept!.body, COMMENT_BODY_COLUMNS.context(comment!.id))).toBe(
      'Call them back on Monday',
    );
  }, 60_000);

  it('refuses to start beside data sealed under a key it lacks, with a message saying what to do', async () => {
    const otherDir = mkdtempSync(path.join(tmpdir(), 'formsmith-other-'));
    const other = { ...testConfig(otherDir, { ENCRYPTION_KEY: '', ...own.env }), runJobs: false };
    const started = buildApp(other, { database: memory });
    await expect(started).rejects.toThrow(KeyringError);
    await expect(started).rejects.toThrow(/give every instance the same ENCRYPTION_KEY/);
  });
});
