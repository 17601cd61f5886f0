import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_LIMITS } from './forms-fixtures.ts';
import { dbKind } from './helpers/app.ts';
import { createOwnerTestApp, createTestUser, type TestUser } from './helpers/users.ts';
import { countSubmissions, createPublishedForm, validData } from './intake-fixtures.ts';

describe(`form limits and schedule (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;

  beforeAll(async () => {
    ({ app, owner } = await createOwnerTestApp());
  });
  afterAll(() => app.close());

  const putLimits = (formId: number, body: Record<string, unknown>) =>
    app.inject({
      method: 'PUT',
      url: `/api/forms/${formId}/limits`,
      headers: owner.auth,
      payload: { ...NO_LIMITS, ...body },
    });
  const submit = (formId: number, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      headers,
      payload: { data: validData(), metadata: {} },
    });

  it('stores exactly 10 of 64 concurrent submits to a form limited to 10; the rest get 410 FORM_CLOSED', async () => {
    const formId = await createPublishedForm(app, owner);
    expect(
      (await putLimits(formId, { response_limit: 10, closed_message: 'Thanks, we are full.' })).statusCode,
    ).toBe(200);
    const results = await Promise.all(Array.from({ length: 64 }, () => submit(formId)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 410)).toHaveLength(54);
    const closed = results.find((r) => r.statusCode === 410)!.json();
    expect(closed).toEqual({
      error: 'This form is closed',
      code: 'FORM_CLOSED',
      fields: { closed_message: 'Thanks, we are full.' },
    });
    expect(await countSubmissions(app, formId)).toBe(10);
    const limits = (
      await app.inject({ method: 'GET', url: `/api/forms/${formId}/limits`, headers: owner.auth })
    ).json();
    expect(limits).toMatchObject({ response_limit: 10, responses_taken: 10, open: false });
    // The public page learns it too.
    const view = await app.inject({ method: 'GET', url: `/api/forms/${formId}` });
    expect(view.statusCode).toBe(410);
    expect(view.json().code).toBe('FORM_CLOSED');
    // Raising the limit opens it again.
    await putLimits(formId, { response_limit: 11 });
    expect((await submit(formId)).statusCode).toBe(201);
    expect((await submit(formId)).statusCode).toBe(410);
  });

  it('counts the submissions a form already has when a limit is first set, and answers a retry with its first id', async () => {
    const formId = await createPublishedForm(app, owner);
    await submit(formId);
    await submit(formId);
    await putLimits(formId, { response_limit: 3 });
    const key = randomUUID();
    const first = await submit(formId, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const retry = await submit(formId, { 'idempotency-key': key });
    expect(retry.json().submission_id).toBe(first.json().submission_id);
    expect((await submit(formId)).statusCode).toBe(410);
    expect(await countSubmissions(app, formId)).toBe(3);
  });

  it("opens and closes at wall-clock times in the owner's time zone", async () => {
    const formId = await createPublishedForm(app, owner);
    const inAnHour = new Date(Date.now() + 3600_000);
    // The same instant written as Tokyo wall-clock time (UTC+9, no daylight saving).
    const tokyo = new Date(inAnHour.getTime() + 9 * 3600_000).toISOString().slice(0, 16);
    const saved = await putLimits(formId, { opens_at: tokyo, time_zone: 'Asia/Tokyo' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ opens_at: tokyo, time_zone: 'Asia/Tokyo', open: false });
    expect(Math.abs(Date.parse(saved.json().opens_at_utc) - inAnHour.getTime())).toBeLessThan(60_000);
    expect((await submit(formId)).statusCode).toBe(410);

    const anHourAgo = new Date(Date.now() - 3600_000 + 9 * 3600_000).toISOString().slice(0, 16);
    const inTwoHours = new Date(Date.now() + 2 * 3600_000 + 9 * 3600_000).toISOString().slice(0, 16);
    await putLimits(formId, { opens_at: anHourAgo, closes_at: inTwoHours, time_zone: 'Asia/Tokyo' });
    expect((await submit(formId)).statusCode).toBe(201);

    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000 + 9 * 3600_000).toISOString().slice(0, 16);
    await putLimits(formId, { opens_at: twoHoursAgo, closes_at: anHourAgo, time_zone: 'Asia/Tokyo' });
    const closed = await submit(formId);
    expect(closed.statusCode).toBe(410);
    expect(closed.json()).toEqual({ error: 'This form is closed', code: 'FORM_CLOSED' });
  });

  it('copies limits to a duplicate, which starts with none of the responses', async () => {
    const formId = await createPublishedForm(app, owner);
    await putLimits(formId, { response_limit: 1, closed_message: 'Full', one_response_per_browser: true });
    await submit(formId);
    const copy = await app.inject({
      method: 'POST',
      url: `/api/forms/${formId}/duplicate`,
      headers: owner.auth,
    });
    const limits = await app.inject({
      method: 'GET',
      url: `/api/forms/${copy.json().id}/limits`,
      headers: owner.auth,
    });
    expect(limits.json()).toMatchObject({
      response_limit: 1,
      responses_taken: 0,
      closed_message: 'Full',
      one_response_per_browser: true,
      open: true,
    });
  });

  it('takes one response per browser when asked to', async () => {
    const formId = await createPublishedForm(app, owner);
    await putLimits(formId, { one_response_per_browser: true });
    const first = await submit(formId);
    expect(first.statusCode).toBe(201);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toContain(`fs_responded_${formId}=1`);
    expect(setCookie).toContain('HttpOnly');
    const cookie = setCookie.split(';')[0]!;
    const again = await submit(formId, { cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_RESPONDED');
    // Another browser (no cookie) may still respond.
    expect((await submit(formId)).statusCode).toBe(201);
    // Without the setting the cookie is neither set nor honoured.
    const open = await createPublishedForm(app, owner);
    const plain = await submit(open, { cookie: `fs_responded_${open}=1` });
    expect(plain.statusCode).toBe(201);
    expect(plain.headers['set-cookie']).toBeUndefined();
  });

  it('turns the spam check on at once, without a publish; leaving it out of a save keeps it', async () => {
    const formId = await createPublishedForm(app, owner);
    const challenge = () =>
      app.inject({ method: 'GET', url: `/api/form-submissions/forms/${formId}/challenge` });
    expect((await challenge()).statusCode).toBe(404);
    const on = await putLimits(formId, { spam_challenge: true });
    expect(on.json().spam_challenge).toBe(true);
    expect((await challenge()).statusCode).toBe(200);
    // The public view tells the page to solve one; a submit without a solution is refused.
    const view = await app.inject({ method: 'GET', url: `/api/forms/${formId}` });
    expect(view.json().theme_config.proofOfWork).toBe(true);
    expect((await submit(formId)).statusCode).toBe(403);
    // A save that does not name it (an older client) leaves it as it was.
    const kept = await putLimits(formId, { response_limit: 5 });
    expect(kept.json().spam_challenge).toBe(true);
    await putLimits(formId, { spam_challenge: false });
    expect((await challenge()).statusCode).toBe(404);
    expect((await submit(formId)).statusCode).toBe(201);
    expect(
      (await app.inject({ method: 'GET', url: `/api/forms/${formId}` })).json().theme_config,
    ).not.toHaveProperty('proofOfWork');
  });

  it('reads the spam check from the setting, not from a key left in older content', async () => {
    const formId = await createPublishedForm(app, owner, {
      themeConfig: { theme: 'default', proofOfWork: true },
    });
    const view = await app.inject({ method: 'GET', url: `/api/forms/${formId}` });
    expect(view.json().theme_config).toEqual({ theme: 'default' });
    expect((await submit(formId)).statusCode).toBe(201);
  });

  it('refuses bad limits with field messages, and answers 404 to a stranger', async () => {
    const formId = await createPublishedForm(app, owner);
    const bad = [
      { response_limit: 0 },
      { response_limit: 2.5 },
      { opens_at: 'tomorrow' },
      { time_zone: 'Mars/Olympus' },
      { opens_at: '2030-01-02T10:00', closes_at: '2030-01-01T10:00' },
    ];
    for (const body of bad) {
      const res = await putLimits(formId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}).length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    const stranger = await createTestUser(app);
    for (const [method, path] of [
      ['GET', 'limits'],
      ['PUT', 'limits'],
      ['GET', 'confirmation'],
      ['PUT', 'confirmation'],
    ] as const) {
      const res = await app.inject({
        method,
        url: `/api/forms/${formId}/${path}`,
        headers: stranger.auth,
        payload:
          method === 'PUT'
            ? path === 'limits'
              ? NO_LIMITS
              : { enabled: false, email_field_id: null, subject: '', message: '', include_answers: false }
            : undefined,
      });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
  });
});
