import { randomUUID } from 'node:crypto';
import type { FormField } from '@formsmith/core/forms/field';
import { normalizeFields } from '@formsmith/core/forms/read-field';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { formSubmissionCounts, forms, submissions } from '../src/db/schema.ts';
import { sealAnswers } from '../src/modules/submissions/index.ts';
import { personalWorkspaceId } from '../src/modules/workspaces/index.ts';

/** A stored (wire) field for tests. */
export function wireField(
  id: string,
  label: string,
  type: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id,
    label,
    field_type: type,
    type,
    is_required: false,
    validation_rules: {},
    ...extra,
  };
}

export const TEST_FIELDS = normalizeFields([
  wireField('f_name', 'Full name', 'text', { is_required: true, help_text: 'Your name' }),
  wireField('f_email', 'Email', 'email'),
  wireField('f_topics', 'Topics', 'checkbox', {
    options: [
      { id: 'a', label: 'Apples', value: 'apples' },
      { id: 'b', label: 'Bananas', value: 'bananas' },
    ],
  }),
  wireField('f_notes', 'Notes', 'textarea'),
]);

/** A form owned by the user, created straight in the database. */
export async function createTestForm(
  app: FastifyInstance,
  ownerId: string,
  input: { title?: string; fields?: FormField[]; isPublished?: boolean } = {},
): Promise<number> {
  const [row] = await app.db
    .insert(forms)
    .values({
      ownerId,
      workspaceId: await personalWorkspaceId(app.db, ownerId),
      title: input.title ?? 'Feedback',
      fields: input.fields ?? TEST_FIELDS,
      isPublished: input.isPublished ?? true,
      publishedAt: new Date(),
    })
    .returning({ id: forms.id });
  return row!.id;
}

/** Stores submissions as the submit route would (and keeps the form's counter in step). */
export async function insertSubmissions(
  app: FastifyInstance,
  formId: number,
  rows: { data: Record<string, unknown>; createdAt?: Date; completed?: boolean; sealed?: boolean }[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const values = rows.map((r) => {
    // Sealed at rest as the intake stores answers now; clear as stored before encryption at rest.
    const id = randomUUID();
    return {
      id,
      formId,
      ...(r.sealed ? { data: {}, sealedData: sealAnswers(app.keyring, id, r.data) } : { data: r.data }),
      metadata: { browser: 'test' },
      completed: r.completed ?? true,
      createdAt: r.createdAt ?? new Date(),
    };
  });
  // In statements of 1,000 rows: PostgreSQL takes at most 65,535 parameters in one.
  for (let at = 0; at < values.length; at += 1000) {
    await app.db.insert(submissions).values(values.slice(at, at + 1000));
  }
  // Incomplete submissions (saved as the respondent went) are not counted.
  const counted = rows.filter((r) => r.completed ?? true).length;
  await app.db
    .insert(formSubmissionCounts)
    .values({ formId, shard: 0, count: counted })
    .onConflictDoUpdate({
      target: [formSubmissionCounts.formId, formSubmissionCounts.shard],
      set: { count: sql`${formSubmissionCounts.count} + ${counted}` },
    });
  return values.map((v) => v.id);
}

/** The f_name answers of a form's first 100 submissions as its owner's list shows them, sorted. */
export async function listedNames(
  app: FastifyInstance,
  input: { formId: number; auth: Record<string, string> },
): Promise<string[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/form-submissions/forms/${input.formId}/submissions?limit=100`,
    headers: input.auth,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().items as { data: { f_name: string } }[]).map((i) => i.data.f_name).sort();
}
