import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FormAnalytics } from '@formsmith/core/analytics/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { uploads } from '../src/db/schema.ts';
import { rebuildFormStats } from '../src/modules/submissions/index.ts';
import { createForm, publishForm } from './forms-fixtures.ts';
import type { TestUser } from './helpers/users.ts';
import { multipart } from './intake-fixtures.ts';
import { wireField } from './submissions-fixtures.ts';

/** A published form with a text, a choice and a file field, made through the API. */
export async function createFormWithFiles(app: FastifyInstance, owner: TestUser): Promise<number> {
  const form = await createForm(app, owner, {
    fields: [
      wireField('name', 'Name', 'text'),
      wireField('colour', 'Colour', 'select', {
        options: [
          { label: 'Red', value: 'red' },
          { label: 'Blue', value: 'blue' },
        ],
      }),
      wireField('cv', 'CV', 'file', { validation_rules: { accept: ['.txt'], maxFileSize: 1000 } }),
    ],
  });
  await publishForm(app, owner, form.id);
  return form.id;
}

/** Submits as a respondent would (with timing, so analytics gets every figure); a file when asked. */
export async function submitAnswer(
  app: FastifyInstance,
  formId: number,
  input: { name: string; colour: string; file?: string },
): Promise<string> {
  const data: Record<string, unknown> = { name: input.name, colour: input.colour };
  if (input.file !== undefined) {
    const body = multipart([
      { name: 'field_id', value: 'cv' },
      { name: 'file', filename: 'cv.txt', type: 'text/plain', content: Buffer.from(input.file) },
    ]);
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/form-submissions/forms/${formId}/uploads`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    data.cv = uploaded.json();
  }
  const res = await app.inject({
    method: 'POST',
    url: `/api/form-submissions/forms/${formId}/submit`,
    payload: {
      data: { ...data, _formLoadTime: Date.now() - 20_000 },
      metadata: {
        analytics: { totalTimeSpent: 20, completed: true, fieldInteractions: { name: { timeSpent: 4 } } },
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().submission_id as string;
}

/** Where the form's uploaded files are on disk. */
export async function uploadPaths(app: FastifyInstance, formId: number): Promise<string[]> {
  const rows = await app.db.select().from(uploads).where(eq(uploads.formId, formId));
  return rows.map((r) => path.join(app.config.dataDir, 'uploads', r.storageKey));
}

export const allExist = (paths: string[]) => paths.every((p) => existsSync(p));
export const noneExist = (paths: string[]) => paths.every((p) => !existsSync(p));

export async function readAnalytics(app: FastifyInstance, owner: TestUser, formId: number) {
  const res = await app.inject({ method: 'GET', url: `/api/analytics/forms/${formId}`, headers: owner.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FormAnalytics;
}

/** The kept aggregates equal what a rebuild from the stored submissions computes. */
export async function expectAnalyticsExact(app: FastifyInstance, owner: TestUser, formId: number) {
  const kept = await readAnalytics(app, owner, formId);
  await rebuildFormStats(app.db, app.keyring, formId);
  expect(await readAnalytics(app, owner, formId)).toEqual(kept);
  return kept;
}
