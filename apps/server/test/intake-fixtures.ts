import { randomUUID } from 'node:crypto';
import { normalizeFields } from '@formsmith/core/forms/read-field';
import { EMPTY_LOGIC } from '@formsmith/core/logic/definition';
import { foldFieldConditions } from '@formsmith/core/logic/field-rules';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formSubmissionCounts, forms, submissions, uploads } from '../src/db/schema.ts';
import { personalWorkspaceId } from '../src/modules/workspaces/index.ts';
import type { TestUser } from './helpers/users.ts';

/** A wire field (the names the server stores) with sensible defaults. */
export function wireField(input: {
  id: string;
  label: string;
  type: string;
  required?: boolean;
  rules?: Record<string, unknown>;
  options?: Array<{ label: string; value: string }>;
  conditional_logic?: unknown;
  default_value?: string;
}) {
  return {
    id: input.id,
    label: input.label,
    field_type: input.type,
    type: input.type,
    is_required: input.required ?? false,
    position: 0,
    validation_rules: { required: input.required ?? false, ...input.rules },
    ...(input.options ? { options: input.options.map((o, i) => ({ id: `o${i}`, ...o })) } : {}),
    ...(input.conditional_logic ? { conditional_logic: input.conditional_logic } : {}),
    ...(input.default_value !== undefined ? { default_value: input.default_value } : {}),
  };
}

/** The fields as a client would send them, stored as the save door stores them. */
export const TEST_FIELDS = normalizeFields([
  wireField({
    id: 'name',
    label: 'Name',
    type: 'text',
    required: true,
    rules: { minLength: 2, maxLength: 20 },
  }),
  wireField({ id: 'email', label: 'Email', type: 'email' }),
  wireField({ id: 'age', label: 'Age', type: 'number', rules: { min: 18, max: 99 } }),
  wireField({
    id: 'code',
    label: 'Code',
    type: 'text',
    rules: { pattern: '^[A-Z]{3}$', customError: 'Use three capital letters' },
  }),
  wireField({ id: 'digits', label: 'Digits', type: 'text', rules: { pattern: '^\\d+$' } }),
  wireField({
    id: 'colour',
    label: 'Colour',
    type: 'select',
    options: [
      { label: 'Red', value: 'red' },
      { label: 'Blue', value: 'blue' },
    ],
  }),
  wireField({
    id: 'why_red',
    label: 'Why red?',
    type: 'text',
    required: true,
    conditional_logic: {
      action: 'show',
      match: 'all',
      conditions: [{ fieldId: 'colour', operator: 'equals', value: 'red' }],
    },
  }),
  wireField({ id: 'secret', label: 'Campaign', type: 'hidden', default_value: 'spring' }),
  wireField({
    id: 'cv',
    label: 'CV',
    type: 'file',
    rules: { accept: ['.txt', 'image/*'], maxFileSize: 100 },
  }),
]);

/** A published public form of `owner`, written straight to the table. */
export async function createPublishedForm(
  app: FastifyInstance,
  owner: TestUser,
  overrides: Partial<typeof forms.$inferInsert> = {},
): Promise<number> {
  const [row] = await app.db
    .insert(forms)
    .values({
      ownerId: owner.id,
      workspaceId: await personalWorkspaceId(app.db, owner.id),
      title: 'Intake test form',
      // As stored forms carry it: the fields' own conditions as rules (core logic/field-rules.ts).
      ...foldFieldConditions(TEST_FIELDS, EMPTY_LOGIC),
      isPublished: true,
      publishedAt: new Date(),
      slug: `intake-${randomUUID().slice(0, 8)}`,
      ...overrides,
    })
    .returning({ id: forms.id });
  return row!.id;
}

export async function countSubmissions(app: FastifyInstance, formId: number): Promise<number> {
  const [row] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(submissions)
    .where(eq(submissions.formId, formId));
  return row!.n;
}

/** The form's kept submission count: the sum of its counter shards. */
export async function submissionCountColumn(app: FastifyInstance, formId: number): Promise<number> {
  const [row] = await app.db
    .select({ n: sql<number>`coalesce(sum(${formSubmissionCounts.count}), 0)::int` })
    .from(formSubmissionCounts)
    .where(eq(formSubmissionCounts.formId, formId));
  return Number(row!.n);
}

export async function findUpload(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

/** Data that passes every rule of TEST_FIELDS, loaded long enough ago to pass the time trap. */
export function validData(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Ada',
    email: 'ada@example.com',
    age: '36',
    code: 'ABC',
    digits: '123',
    colour: 'blue',
    secret: 'spring',
    _honeypot: '',
    _formLoadTime: Date.now() - 10_000,
    ...extra,
  };
}

/** A multipart/form-data body built by hand for app.inject. */
export function multipart(
  parts: Array<
    { name: string; value: string } | { name: string; filename: string; type: string; content: Buffer }
  >,
) {
  const boundary = `----formsmith${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
