import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser } from './helpers/users.ts';
import { countSubmissions, createPublishedForm, multipart, validData } from './intake-fixtures.ts';

describe(`respondent rate limits (${dbKind})`, () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    // 5% of the limits: 3 submits and 2 uploads per minute from one address.
    app = await createTestApp({ env: { RATE_LIMIT_FACTOR: '0.05' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 429 once one address submits too often', async () => {
    const owner = await createTestUser(app);
    const formId = await createPublishedForm(app, owner);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/form-submissions/forms/${formId}/submit`,
        payload: { data: validData() },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().code).toBe('RATE_LIMITED');
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(await countSubmissions(app, formId)).toBe(3);
  });

  it('answers 429 once one address uploads too often', async () => {
    const owner = await createTestUser(app);
    const formId = await createPublishedForm(app, owner);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const body = multipart([
        { name: 'field_id', value: 'cv' },
        { name: 'file', filename: 'a.txt', type: 'text/plain', content: Buffer.from('a') },
      ]);
      const res = await app.inject({
        method: 'POST',
        url: `/api/form-submissions/forms/${formId}/uploads`,
        headers: { ...body.headers, 'x-forwarded-for': '10.0.0.9' },
        payload: body.payload,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });
});
