import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { normalizeFields } from '@formsmith/core/forms/read-field';
import { submissionEventSchema } from '@formsmith/core/webhooks/api';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { dbKind } from './helpers/app.ts';
import { startReceiver } from './helpers/receiver.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';
import { createPublishedForm, validData, wireField } from './intake-fixtures.ts';

/** The receivers run on 127.0.0.1, so these tests allow private targets (webhook-targets.test.ts refuses them). */
describe(`webhooks (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } }));
  });
  afterAll(() => app.close());

  async function addWebhook(formId: number, body: Record<string, unknown>, user = owner) {
    return app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/webhooks`,
      headers: user.auth,
      payload: body,
    });
  }

  async function submit(formId: number) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: { data: validData(), metadata: {} },
    });
    expect(res.statusCode).toBe(201);
    return res.json().submission_id as string;
  }

  /** Makes every waiting retry due now, then runs the due jobs (the wait itself is not under test). */
  async function runRetriesNow() {
    await app.db.execute(
      sql`update jobs set run_at = now() where kind = 'webhook.deliver' and done_at is null`,
    );
    await app.jobs.drain();
  }

  it('creates a webhook and shows its whsec_ secret only in the create answer', async () => {
    const formId = await createPublishedForm(app, owner);
    const res = await addWebhook(formId, { url: 'https://example.com/hook', events: ['submission.created'] });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      url: 'https://example.com/hook',
      events: ['submission.created'],
      format: 'json',
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(created.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const list = await app.inject({
      method: 'GET',
      url: `/api/forms/${formId}/webhooks`,
      headers: owner.auth,
    });
    expect(list.json().items).toHaveLength(1);
    expect(JSON.stringify(list.json())).not.toContain(created.secret);
    // Kept sealed under the data key: the database alone does not give the secret away.
    const [row] = await queryRows<{ secret: string }>(
      app.db,
      sql`select secret from webhooks where id = ${created.id}::uuid`,
    );
    expect(row!.secret).toMatch(/^fs1\./);
    expect(row!.secret).not.toContain(created.secret.slice(6));
  });

  it('refuses bad input with field messages, never a 500', async () => {
    const formId = await createPublishedForm(app, owner);
    const bad = [
      { url: 'ftp://example.com', events: ['submission.created'] },
      { url: 'not a url', events: ['submission.created'] },
      { url: 'https://example.com', events: [] },
      { url: 'https://example.com', events: ['submission.deleted'] },
      { url: 'https://example.com', events: ['submission.created'], format: 'xml' },
    ];
    for (const body of bad) {
      const res = await addWebhook(formId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const completed = await addWebhook(formId, {
      url: 'https://example.com',
      events: ['submission.completed'],
    });
    expect(completed.statusCode).toBe(201);
  });

  it('signs submission.created as Standard Webhooks says, verified by the standardwebhooks package', async () => {
    const receiver = await startReceiver();
    try {
      const formId = await createPublishedForm(app, owner, { title: 'Signed form' });
      const { secret } = (
        await addWebhook(formId, { url: receiver.url, events: ['submission.created'] })
      ).json();
      const submissionId = await submit(formId);
      await app.jobs.drain();
      expect(receiver.received).toHaveLength(1);
      const { headers, body } = receiver.received[0]!;
      const verified = submissionEventSchema.parse(
        new Webhook(secret).verify(body, headers as Record<string, string>),
      );
      expect(String(headers['webhook-timestamp'])).toMatch(/^\d{10}$/);
      expect(verified.type).toBe('submission.created');
      expect(verified.data.form).toEqual({ id: formId, title: 'Signed form' });
      expect(verified.data.submission).toMatchObject({ id: submissionId, status: 'complete', variables: {} });
      expect(verified.data.submission?.answers).toContainEqual({
        field_id: 'name',
        label: 'Name',
        type: 'text',
        value: 'Ada',
      });
      // A wrong secret must not verify.
      const other = (
        await addWebhook(formId, { url: 'https://example.com', events: ['form.published'] })
      ).json();
      expect(() => new Webhook(other.secret).verify(body, headers as Record<string, string>)).toThrow();
    } finally {
      await receiver.close();
    }
  });

  it('retries a receiver answering 500 twice and delivers on the third attempt with the same webhook-id', async () => {
    const receiver = await startReceiver([
      { status: 500, body: 'boom' },
      { status: 500 },
      { status: 200, body: 'ok' },
    ]);
    try {
      const formId = await createPublishedForm(app, owner);
      const hook = (await addWebhook(formId, { url: receiver.url, events: ['submission.created'] })).json();
      await submit(formId);
      await app.jobs.drain();
      await runRetriesNow();
      await runRetriesNow();
      expect(receiver.received).toHaveLength(3);
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(new Set(ids).size).toBe(1);
      expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
      const log = await app.inject({
        method: 'GET',
        url: `/api/forms/${formId}/webhooks/${hook.id}/deliveries`,
        headers: owner.auth,
      });
      const [delivery] = log.json().items;
      expect(delivery).toMatchObject({ id: ids[0], event_type: 'submission.created', status: 'succeeded' });
      expect(delivery.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500, 500, 200]);
      expect(delivery.attempts[0].response_excerpt).toBe('boom');
      expect(delivery.attempts[0].duration_ms).toBeGreaterThanOrEqual(0);
    } finally {
      await receiver.close();
    }
  });

  it('waits longer after each failure, with jitter, about a day for all attempts', async () => {
    const receiver = await startReceiver([{ status: 503 }]);
    try {
      const formId = await createPublishedForm(app, owner);
      const hook = (await addWebhook(formId, { url: receiver.url, events: ['submission.created'] })).json();
      await submit(formId);
      let totalWait = 0;
      for (let attempt = 1; attempt <= 8; attempt++) {
        await app.jobs.drain();
        const rows = await app.db.execute<{ wait: number; done: boolean }>(sql`
          select extract(epoch from (run_at - now()))::float as wait, done_at is not null as done from jobs
          where kind = 'webhook.deliver' and payload->>'deliveryId' in
            (select d.id::text from webhook_deliveries d where d.webhook_id = ${hook.id})`);
        const row = (rows as unknown as { rows: { wait: number; done: boolean }[] }).rows[0]!;
        if (attempt < 8) {
          expect(row.done).toBe(false);
          totalWait += row.wait;
          await app.db.execute(
            sql`update jobs set run_at = now() where kind = 'webhook.deliver' and done_at is null`,
          );
        } else {
          expect(row.done).toBe(true);
        }
      }
      expect(receiver.received).toHaveLength(8);
      expect(totalWait / 3600).toBeGreaterThan(18);
      expect(totalWait / 3600).toBeLessThan(36);
      const log = await app.inject({
        method: 'GET',
        url: `/api/forms/${formId}/webhooks/${hook.id}/deliveries`,
        headers: owner.auth,
      });
      expect(log.json().items[0]).toMatchObject({ status: 'failed' });
      expect(log.json().items[0].attempts).toHaveLength(8);
    } finally {
      await receiver.close();
    }
  });

  it('signs with both secrets for a day after a rotation', async () => {
    const receiver = await startReceiver();
    try {
      const formId = await createPublishedForm(app, owner);
      const hook = (await addWebhook(formId, { url: receiver.url, events: ['submission.created'] })).json();
      const rotated = await app.inject({
        method: 'POST',
        url: `/api/forms/${formId}/webhooks/${hook.id}/rotate-secret`,
        headers: owner.auth,
      });
      expect(rotated.statusCode).toBe(200);
      const newSecret = rotated.json().secret;
      expect(newSecret).not.toBe(hook.secret);
      await submit(formId);
      await app.jobs.drain();
      const { headers, body } = receiver.received[0]!;
      expect(String(headers['webhook-signature']).split(' ')).toHaveLength(2);
      for (const secret of [hook.secret, newSecret]) {
        expect(() => new Webhook(secret).verify(body, headers as Record<string, string>)).not.toThrow();
      }
      // Both kept sealed; the rotated-out one moved as it was stored.
      const [row] = await queryRows<{ secret: string; previous_secret: string }>(
        app.db,
        sql`select secret, previous_secret from webhooks where id = ${hook.id}::uuid`,
      );
      expect(row!.secret).toMatch(/^fs1\./);
      expect(row!.previous_secret).toMatch(/^fs1\./);
    } finally {
      await receiver.close();
    }
  });

  it('sends a test event now, logs it, and resends a delivery with the same webhook-id', async () => {
    const receiver = await startReceiver([{ status: 500, body: 'not yet' }, { status: 204 }]);
    try {
      const formId = await createPublishedForm(app, owner);
      const hook = (await addWebhook(formId, { url: receiver.url, events: ['submission.created'] })).json();
      const base = `/api/forms/${formId}/webhooks/${hook.id}`;
      const test = await app.inject({ method: 'POST', url: `${base}/test`, headers: owner.auth });
      expect(test.statusCode).toBe(200);
      expect(test.json()).toMatchObject({ event_type: 'webhook.test', status: 'failed' });
      expect(test.json().attempts[0]).toMatchObject({ status_code: 500, response_excerpt: 'not yet' });
      const resend = await app.inject({
        method: 'POST',
        url: `${base}/deliveries/${test.json().id}/resend`,
        headers: owner.auth,
      });
      expect(resend.json()).toMatchObject({ id: test.json().id, status: 'succeeded' });
      expect(resend.json().attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500, 204]);
      expect(receiver.received[0]!.headers['webhook-id']).toBe(receiver.received[1]!.headers['webhook-id']);
      expect(
        new Webhook(hook.secret).verify(
          receiver.received[1]!.body,
          receiver.received[1]!.headers as Record<string, string>,
        ),
      ).toMatchObject({ type: 'webhook.test' });
    } finally {
      await receiver.close();
    }
  });

  it('sends form.published when an unpublished form is published, and Slack/Discord bodies in their format', async () => {
    const receiver = await startReceiver();
    try {
      const formId = await createPublishedForm(app, owner, { isPublished: false, title: 'Launch' });
      await addWebhook(formId, { url: receiver.url, events: ['form.published'], format: 'slack' });
      await addWebhook(formId, {
        url: `${receiver.url}?d`,
        events: ['submission.created'],
        format: 'discord',
      });
      const published = await app.inject({
        method: 'POST',
        url: `/api/forms/${formId}/publish`,
        headers: owner.auth,
      });
      expect(published.statusCode).toBe(200);
      await submit(formId);
      await app.jobs.drain();
      const slack = receiver.received.find((r) => r.path === '/hook');
      const discord = receiver.received.find((r) => r.path === '/hook?d');
      expect(JSON.parse(slack!.body)).toEqual({ text: 'Form published: Launch' });
      expect(JSON.parse(discord!.body).content).toContain('• Name: Ada');
    } finally {
      await receiver.close();
    }
  });

  it('finding 7: Slack and Discord messages carry answers as plain text, never as mentions or links', async () => {
    const receiver = await startReceiver();
    try {
      const formId = await createPublishedForm(app, owner, {
        title: 'Help <!here> **desk**',
        fields: normalizeFields([wireField({ id: 'note', label: 'Note', type: 'textarea' })]),
      });
      await addWebhook(formId, { url: receiver.url, events: ['submission.created'], format: 'slack' });
      await addWebhook(formId, {
        url: `${receiver.url}?d`,
        events: ['submission.created'],
        format: 'discord',
      });
      const note =
        '<!channel> @everyone <@123> <https://evil.example|Reset> [Reset](https://evil.example) *x* a&b';
      const res = await app.inject({
        method: 'POST',
        url: `/api/form-submissions/forms/${formId}/submit`,
        payload: { data: { note, _formLoadTime: Date.now() - 10_000 }, metadata: {} },
      });
      expect(res.statusCode).toBe(201);
      await app.jobs.drain();
      const slack = JSON.parse(receiver.received.find((r) => r.path === '/hook')!.body);
      // Slack reads only &, < and > as markup: escaped, `<!channel>` and `<url|text>` are text.
      expect(slack.text).toBe(
        'New submission: Help &lt;!here&gt; **desk**\n' +
          '• Note: &lt;!channel&gt; @everyone &lt;@123&gt; &lt;https://evil.example|Reset&gt; [Reset](https://evil.example) *x* a&amp;b',
      );
      const discord = JSON.parse(receiver.received.find((r) => r.path === '/hook?d')!.body);
      // Discord pings nobody, and its Markdown (masked links, emphasis) is escaped.
      expect(discord.allowed_mentions).toEqual({ parse: [] });
      expect(discord.content).toBe(
        'New submission: Help \\<!here\\> \\*\\*desk\\*\\*\n' +
          '• Note: \\<!channel\\> \\@everyone \\<\\@123\\> \\<https://evil.example\\|Reset\\> \\[Reset\\]\\(https://evil.example\\) \\*x\\* a&b',
      );
    } finally {
      await receiver.close();
    }
  });

  it('disables an endpoint failing for 3 days and tells the owner', async () => {
    const receiver = await startReceiver([{ status: 500 }]);
    try {
      const formId = await createPublishedForm(app, owner);
      const hook = (await addWebhook(formId, { url: receiver.url, events: ['submission.created'] })).json();
      await submit(formId);
      await app.jobs.drain();
      await app.db.execute(
        sql`update webhooks set failing_since = now() - interval '73 hours' where id = ${hook.id}`,
      );
      await runRetriesNow();
      const list = await app.inject({
        method: 'GET',
        url: `/api/forms/${formId}/webhooks`,
        headers: owner.auth,
      });
      expect(list.json().items[0]).toMatchObject({
        enabled: false,
        disabled_reason: 'Every delivery failed for 3 days',
      });
      // A sent mail job keeps no payload: read the mail where it went (the outbox of this app).
      await app.jobs.drain();
      const outbox = path.join(app.config.dataDir, 'outbox');
      const sent = existsSync(outbox)
        ? readdirSync(outbox).map((name) => readFileSync(path.join(outbox, name), 'utf8'))
        : [];
      expect(
        sent.some(
          (mail) =>
            mail.includes(owner.email) && mail.includes('Subject: Webhook disabled: Intake test form'),
        ),
      ).toBe(true);
      // Disabled: nothing more is sent.
      const before = receiver.received.length;
      await submit(formId);
      await app.jobs.drain();
      expect(receiver.received.length).toBe(before);
    } finally {
      await receiver.close();
    }
  });

  it("answers 404 for another owner's form and webhook, and for unknown ids", async () => {
    const formId = await createPublishedForm(app, owner);
    const hook = (
      await addWebhook(formId, { url: 'https://example.com', events: ['submission.created'] })
    ).json();
    const stranger = await createTestUser(app);
    const base = `/api/forms/${formId}/webhooks`;
    const calls = [
      { method: 'GET' as const, url: base },
      {
        method: 'POST' as const,
        url: base,
        payload: { url: 'https://example.com', events: ['form.published'] },
      },
      { method: 'PATCH' as const, url: `${base}/${hook.id}`, payload: { enabled: false } },
      { method: 'DELETE' as const, url: `${base}/${hook.id}` },
      { method: 'POST' as const, url: `${base}/${hook.id}/rotate-secret` },
      { method: 'POST' as const, url: `${base}/${hook.id}/test` },
      { method: 'GET' as const, url: `${base}/${hook.id}/deliveries` },
      { method: 'POST' as const, url: `${base}/${hook.id}/deliveries/${randomUUID()}/resend` },
    ];
    for (const call of calls) {
      const res = await app.inject({ ...call, headers: stranger.auth });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const missing = await app.inject({ method: 'GET', url: `${base}/nope/deliveries`, headers: owner.auth });
    expect(missing.statusCode).toBe(404);
    const patched = await app.inject({
      method: 'PATCH',
      url: `${base}/${hook.id}`,
      headers: owner.auth,
      payload: { events: ['form.published'], enabled: false },
    });
    expect(patched.json()).toMatchObject({ events: ['form.published'], enabled: false });
    const deleted = await app.inject({ method: 'DELETE', url: `${base}/${hook.id}`, headers: owner.auth });
    expect(deleted.statusCode).toBe(204);
  });
});
