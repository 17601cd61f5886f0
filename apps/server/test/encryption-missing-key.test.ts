import { randomBytes, randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../src/db/schema.ts';
import { makeKeyring } from '../src/lib/encryption/index.ts';
import { sealAnswers } from '../src/modules/submissions/index.ts';
import { createTestApp, dbKind } from './helpers/app.ts';
import { createTestUser, type TestUser } from './helpers/users.ts';
import { createTestForm, insertSubmissions } from './submissions-fixtures.ts';

// Answers sealed under a key this server does not hold (an instance given the wrong keys, a row
// copied from another install): every reader says so with a 503 the operator can act on, never
// empty answers, and an export never starts a download it would have to cut.
describe(`answers sealed under a key this server lacks (${dbKind})`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let formId: number;
  let foreignId: string;
  const base = () => `/api/form-submissions/forms/${formId}`;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createTestUser(app);
    formId = await createTestForm(app, owner.id);
    await insertSubmissions(app, formId, [
      { data: { f_name: 'Readable' }, createdAt: new Date(Date.UTC(2025, 0, 1)), sealed: true },
    ]);
    const elsewhere = makeKeyring([randomBytes(32)], 'another install');
    foreignId = randomUUID();
    await app.db.insert(submissions).values({
      id: foreignId,
      formId,
      data: {},
      sealedData: sealAnswers(elsewhere, foreignId, { f_name: 'Sealed elsewhere' }),
      metadata: {},
      completed: true,
      createdAt: new Date(Date.UTC(2025, 0, 2)),
    });
  });
  afterAll(async () => {
    // The shared PostgreSQL test database must not keep a row no server there can open.
    await app.db.delete(submissions).where(inArray(submissions.id, [foreignId]));
    await app.close();
  });

  const missingKey = {
    code: 'ENCRYPTION_KEY_MISSING',
    error: expect.stringMatching(/encryption key this server does not have/),
  };

  it('answers 503 with what to do for the list and the submission', async () => {
    for (const url of [`${base()}/submissions`, `${base()}/submissions/${foreignId}`]) {
      const res = await app.inject({ method: 'GET', url, headers: owner.auth });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toMatchObject(missingKey);
    }
  });

  it('answers 503 for a search of the form and of the account (the worker opens those rows)', async () => {
    for (const url of [`${base()}/submissions?search=readable`, '/api/account/search?q=readable']) {
      const res = await app.inject({ method: 'GET', url, headers: owner.auth });
      expect(res.statusCode, url).toBe(503);
      expect(res.json()).toMatchObject(missingKey);
    }
  });

  it('answers 503 for the CSV and JSON exports instead of a cut download', async () => {
    for (const format of ['csv', 'json']) {
      const res = await app.inject({
        method: 'GET',
        url: `${base()}/export?format=${format}`,
        headers: owner.auth,
      });
      expect(res.statusCode, format).toBe(503);
      expect(res.headers['content-type'], format).toMatch(/application\/json/);
      expect(res.json()).toMatchObject(missingKey);
    }
  });
});
