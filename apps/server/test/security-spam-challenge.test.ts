import { SPAM_CHALLENGE_MESSAGES } from '@formsmith/core/submissions/spam-challenge';
import { spamChallengeSchema } from '@formsmith/core/submissions/submit';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { countSubmissions, createPublishedForm, validData } from './intake-fixtures.ts';

describe(`proof-of-work spam defence, per form (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app);
  });
  afterAll(() => app.close());

  const protectedForm = () => createPublishedForm(app, owner, { spamChallenge: true });
  const challengeOf = (formId: number) =>
    app.inject({ method: 'GET', url: `/api/form-submissions/forms/${formId}/challenge` });
  /** What the page does in the background: asks for a challenge and solves it. */
  async function solved(formId: number): Promise<string> {
    const res = await challengeOf(formId);
    expect(res.statusCode).toBe(200);
    const challenge = spamChallengeSchema.parse(res.json());
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution).not.toBeNull();
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }
  const submit = (formId: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/submit`,
      payload: body,
      headers,
    });

  it('refuses a submit without a solution with 403 and a message saying what to do', async () => {
    const formId = await protectedForm();
    const res = await submit(formId, { data: validData() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: SPAM_CHALLENGE_MESSAGES.missing, code: 'FORBIDDEN' });
    const forged = await submit(formId, {
      data: validData(),
      altcha: Buffer.from('{"x":1}').toString('base64'),
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toBe(SPAM_CHALLENGE_MESSAGES.refused);
    expect(await countSubmissions(app, formId)).toBe(0);
  });

  it('accepts a submit with a valid solution, and refuses the same solution again (replay)', async () => {
    const formId = await protectedForm();
    const altcha = await solved(formId);
    const first = await submit(formId, { data: validData({ name: 'Ada' }), altcha });
    expect(first.statusCode, first.body).toBe(201);
    const replay = await submit(formId, { data: validData({ name: 'Bob' }), altcha });
    expect(replay.statusCode).toBe(403);
    expect(replay.json().error).toBe(SPAM_CHALLENGE_MESSAGES.refused);
    expect(await countSubmissions(app, formId)).toBe(1);
  });

  it('lets a refused submit be corrected with the same solution, and a retry with its Idempotency-Key through', async () => {
    const formId = await protectedForm();
    const altcha = await solved(formId);
    const invalid = await submit(formId, { data: validData({ name: 'A' }), altcha });
    expect(invalid.statusCode).toBe(422);
    const headers = { 'idempotency-key': 'retry-key-0001' };
    const body = { data: validData({ name: 'Grace' }), altcha };
    const stored = await submit(formId, body, headers);
    expect(stored.statusCode).toBe(201);
    const retry = await submit(formId, body, headers);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().submission_id).toBe(stored.json().submission_id);
    expect(await countSubmissions(app, formId)).toBe(1);
  });

  it("refuses another form's solution, and issues challenges only for forms that ask for them", async () => {
    const formId = await protectedForm();
    const other = await protectedForm();
    const res = await submit(formId, { data: validData(), altcha: await solved(other) });
    expect(res.statusCode).toBe(403);
    const plain = await createPublishedForm(app, owner);
    expect((await challengeOf(plain)).statusCode).toBe(404);
    expect((await submit(plain, { data: validData() })).statusCode).toBe(201);
  });
});
