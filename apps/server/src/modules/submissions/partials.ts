import type { ProgressRecord } from '@formsmith/core/submissions/progress';
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { resumeLinks, submissions } from '../../db/schema.ts';
import type { Keyring } from '../../lib/encryption/index.ts';
import { newSubmissionId } from '../../lib/ids.ts';
import { sealAnswers, withAnswers } from './answer-sealing.ts';
import { attachCte } from './store.ts';

// Submissions saved as the respondent goes (incomplete until the final submit) and the links
// mailed to resume them elsewhere. Only hashes of their tokens are stored.

/** A submission row with its answers opened into data. */
export type PartialRow = Omit<typeof submissions.$inferSelect, 'sealedData'>;

/** The form's submission that holds this resume token hash (complete or not), locked with `lock`. */
export async function findByResumeToken(
  db: DbOrTx,
  keyring: Keyring,
  input: { formId: number; tokenHash: string; lock?: boolean },
): Promise<PartialRow | null> {
  const query = db
    .select()
    .from(submissions)
    .where(and(eq(submissions.formId, input.formId), eq(submissions.resumeTokenHash, input.tokenHash)))
    .limit(1);
  const [row] = input.lock ? await query.for('update') : await query;
  return row ? withAnswers(keyring, row) : null;
}

type PartialWrite = {
  formId: number;
  formVersion: number;
  language: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  progress: ProgressRecord;
  uploadIds: string[];
  /** The funnel's figures of this save (analytics' funnelCte, gated on `stored`). */
  funnel: SQL | null;
};

/** Stores a new incomplete submission with its funnel figures and files, in one statement. */
export async function createPartial(
  db: DbOrTx,
  keyring: Keyring,
  input: PartialWrite & { tokenHash: string; at: Date },
): Promise<{ id: string; attached: number }> {
  const attach = attachCte(input.uploadIds, 'stored');
  const id = newSubmissionId();
  const ctes: SQL[] = [
    sql`stored as (
      insert into submissions (id, form_id, form_version, language, data, sealed_data, metadata, completed, resume_token_hash, progress, created_at, updated_at)
      values (${id}::uuid, ${input.formId}::int, ${input.formVersion}::int, ${input.language}::text, '{}'::jsonb,
        ${sealAnswers(keyring, id, input.data)}::bytea,
        ${JSON.stringify(input.metadata)}::jsonb, false, ${input.tokenHash}::text, ${JSON.stringify(input.progress)}::jsonb,
        ${input.at.toISOString()}::timestamptz, ${input.at.toISOString()}::timestamptz)
      returning id, form_id)`,
    ...(input.funnel ? [input.funnel] : []),
    ...attach.ctes,
  ];
  const [row] = await queryRows<{ id: string; attached: number }>(
    db,
    sql`with ${sql.join(ctes, sql`, `)} select (select id from stored) as id, ${attach.attached}::int as attached`,
  );
  return { id: row!.id, attached: Number(row!.attached) };
}

/** Saves newer answers and progress into an incomplete submission (locked by the caller). */
export async function updatePartial(
  db: DbOrTx,
  keyring: Keyring,
  input: PartialWrite & { submissionId: string; at: Date },
): Promise<{ attached: number }> {
  const attach = attachCte(input.uploadIds, 'stored');
  const ctes: SQL[] = [
    sql`stored as (
      update submissions set data = '{}'::jsonb,
        sealed_data = ${sealAnswers(keyring, input.submissionId, input.data)}::bytea, metadata = ${JSON.stringify(input.metadata)}::jsonb,
        form_version = ${input.formVersion}::int, language = ${input.language}::text,
        progress = ${JSON.stringify(input.progress)}::jsonb,
        updated_at = ${input.at.toISOString()}::timestamptz
      where id = ${input.submissionId}::uuid and completed = false
      returning id, form_id)`,
    ...(input.funnel ? [input.funnel] : []),
    ...attach.ctes,
  ];
  const [row] = await queryRows<{ attached: number }>(
    db,
    sql`with ${sql.join(ctes, sql`, `)} select ${attach.attached}::int as attached`,
  );
  return { attached: Number(row?.attached ?? 0) };
}

/** Gives the submission a new resume token (the one a mailed link hands out); the old one stops working. */
export async function replaceResumeToken(db: DbOrTx, input: { submissionId: string; tokenHash: string }) {
  await db
    .update(submissions)
    .set({ resumeTokenHash: input.tokenHash })
    .where(eq(submissions.id, input.submissionId));
}

export async function createResumeLink(
  db: DbOrTx,
  values: { tokenHash: string; submissionId: string; email: string; expiresAt: Date },
): Promise<void> {
  await db.insert(resumeLinks).values(values);
}

/**
 * Uses a resume link once: marks it used when it is unused and unexpired, and answers its
 * submission of this form; null when it is unknown, used, expired or another form's.
 */
export async function useResumeLink(
  db: DbOrTx,
  keyring: Keyring,
  input: { formId: number; tokenHash: string; now: Date },
): Promise<PartialRow | null> {
  const [link] = await db
    .update(resumeLinks)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(resumeLinks.tokenHash, input.tokenHash),
        isNull(resumeLinks.usedAt),
        gt(resumeLinks.expiresAt, input.now),
        sql`exists (select 1 from submissions s where s.id = ${resumeLinks.submissionId} and s.form_id = ${input.formId}::int)`,
      ),
    )
    .returning({ submissionId: resumeLinks.submissionId });
  if (!link) return null;
  const [row] = await db
    .select()
    .from(submissions)
    .where(eq(submissions.id, link.submissionId))
    .limit(1)
    .for('update');
  return row ? withAnswers(keyring, row) : null;
}
