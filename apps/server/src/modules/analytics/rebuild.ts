import type { FormField } from '@formsmith/core/forms/field';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { answerDailyCounts, fieldDailyStats, formDailyStats } from '../../db/schema.ts';
import type { Keyring } from '../../lib/encryption/index.ts';
import { findAnsweredFields, listFormFields } from '../forms/index.ts';
import { sealAnswerLabel } from './answer-labels.ts';
import { utcDay } from './days.ts';
import { extractSubmissionStats } from './extract.ts';

const BATCH = 2000;
const INSERT_CHUNK = 1000;
const INT_MAX = 2_147_483_647;
const cap = (n: number) => Math.min(n, INT_MAX);

type FormDay = { submissions: number; completionTimeTotal: number; completionTimeCount: number };
type FieldDay = { responseCount: number; skipCount: number; timeSpentTotal: number; timeSpentCount: number };
type Totals = {
  formDays: Map<string, FormDay>;
  fieldDays: Map<string, FieldDay>;
  answers: Map<string, number>;
};

const SEP = '\u0000';

/** A stored submission as the rebuild reads it; `place` orders them (the next page starts after it). */
export type RebuildSubmission = {
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  createdAt: Date;
  formVersion: number;
  place: string;
};

/**
 * How the rebuild reads the stored submissions: the submissions module's readers, which it hands
 * in (submissions/rebuild-stats.ts), since that module builds on this one.
 */
export type SubmissionSource = {
  /** The form versions a form's submissions answered. */
  answeredVersions: (db: DbOrTx, formId: number) => Promise<number[]>;
  /** A page of a form's submissions, oldest first, after `after` (a `place`; null: from the first). */
  submissionsAfter: (
    db: DbOrTx,
    keyring: Keyring,
    input: { formId: number; after: string | null; limit: number },
  ) => Promise<RebuildSubmission[]>;
};

/**
 * Recomputes form_daily_stats (submissions and completion time), field_daily_stats and
 * answer_daily_counts of one form, or of every form, from the stored submissions, with the same
 * extraction as the incremental recorder, so rebuilt equals incremental. Views cannot be derived
 * from submissions: they are kept as recorded. Run it when traffic is quiet: a submit that lands
 * while a form is being rebuilt may be counted twice or not at all until the next rebuild.
 * The rebuilt submission figures all go to shard 0 (see STATS_SHARDS), compacting the shards.
 */
export async function rebuildStats(
  db: DbOrTx,
  keyring: Keyring,
  input: { source: SubmissionSource; formId?: number },
): Promise<{ forms: number; submissions: number }> {
  const { source, formId } = input;
  const targets = await listFormFields(db, formId === undefined ? undefined : [formId]);
  let count = 0;
  for (const form of targets) {
    const fieldsOf = await fieldsByVersion(db, source, form.id);
    const totals = await accumulate(db, keyring, { source, formId: form.id, fieldsOf });
    count += totals.count;
    await db.transaction(async (tx) => writeTotals(tx, keyring, form.id, totals));
  }
  return { forms: targets.length, submissions: count };
}

/** The fields of each version the form's submissions answered: each is counted against its own. */
async function fieldsByVersion(
  db: DbOrTx,
  source: SubmissionSource,
  formId: number,
): Promise<(version: number) => FormField[]> {
  const fields = await findAnsweredFields(db, formId, await source.answeredVersions(db, formId));
  return (version) => fields.get(version) ?? [];
}

async function accumulate(
  db: DbOrTx,
  keyring: Keyring,
  input: { source: SubmissionSource; formId: number; fieldsOf: (version: number) => FormField[] },
): Promise<Totals & { count: number }> {
  const { source, formId, fieldsOf } = input;
  const totals: Totals = { formDays: new Map(), fieldDays: new Map(), answers: new Map() };
  let count = 0;
  let after: string | null = null;
  for (;;) {
    const rows = await source.submissionsAfter(db, keyring, { formId, after, limit: BATCH });
    for (const row of rows) addSubmission(totals, fieldsOf(row.formVersion), row);
    count += rows.length;
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.place;
  }
  return { ...totals, count };
}

function addSubmission(totals: Totals, fields: FormField[], row: RebuildSubmission): void {
  const day = utcDay(row.createdAt);
  const stats = extractSubmissionStats(fields, row.data ?? {}, row.metadata);
  const formDay = totals.formDays.get(day) ?? {
    submissions: 0,
    completionTimeTotal: 0,
    completionTimeCount: 0,
  };
  formDay.submissions += 1;
  if (stats.completionTime !== null) {
    formDay.completionTimeTotal += stats.completionTime;
    formDay.completionTimeCount += 1;
  }
  totals.formDays.set(day, formDay);
  for (const f of stats.fields) {
    const key = `${f.fieldId}${SEP}${day}`;
    const fieldDay = totals.fieldDays.get(key) ?? {
      responseCount: 0,
      skipCount: 0,
      timeSpentTotal: 0,
      timeSpentCount: 0,
    };
    if (f.responded) fieldDay.responseCount += 1;
    else fieldDay.skipCount += 1;
    if (f.timeSpent !== null) {
      fieldDay.timeSpentTotal += f.timeSpent;
      fieldDay.timeSpentCount += 1;
    }
    totals.fieldDays.set(key, fieldDay);
  }
  for (const a of stats.answers) {
    const key = `${a.fieldId}${SEP}${day}${SEP}${a.answer}`;
    totals.answers.set(key, (totals.answers.get(key) ?? 0) + a.count);
  }
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) out.push(rows.slice(i, i + INSERT_CHUNK));
  return out;
}

async function writeTotals(tx: DbOrTx, keyring: Keyring, formId: number, totals: Totals): Promise<void> {
  await tx.delete(fieldDailyStats).where(eq(fieldDailyStats.formId, formId));
  await tx.delete(answerDailyCounts).where(eq(answerDailyCounts.formId, formId));
  await tx
    .update(formDailyStats)
    .set({ submissions: 0, completionTimeTotal: 0, completionTimeCount: 0 })
    .where(eq(formDailyStats.formId, formId));
  const formRows = [...totals.formDays].map(([day, d]) => ({
    formId,
    day,
    views: 0,
    submissions: cap(d.submissions),
    completionTimeTotal: cap(d.completionTimeTotal),
    completionTimeCount: cap(d.completionTimeCount),
  }));
  for (const rows of chunks(formRows)) {
    await tx
      .insert(formDailyStats)
      .values(rows)
      .onConflictDoUpdate({
        target: [formDailyStats.formId, formDailyStats.day, formDailyStats.shard],
        set: {
          submissions: sql`excluded.submissions`,
          completionTimeTotal: sql`excluded.completion_time_total`,
          completionTimeCount: sql`excluded.completion_time_count`,
        },
      });
  }
  // A day that only ever had submissions which no longer exist would not exist incrementally.
  await tx
    .delete(formDailyStats)
    .where(
      and(eq(formDailyStats.formId, formId), eq(formDailyStats.views, 0), eq(formDailyStats.submissions, 0)),
    );
  const fieldRows = [...totals.fieldDays].map(([key, d]) => {
    const [fieldId, day] = key.split(SEP) as [string, string];
    return {
      formId,
      fieldId,
      day,
      responseCount: cap(d.responseCount),
      skipCount: cap(d.skipCount),
      timeSpentTotal: cap(d.timeSpentTotal),
      timeSpentCount: cap(d.timeSpentCount),
    };
  });
  for (const rows of chunks(fieldRows)) await tx.insert(fieldDailyStats).values(rows);
  const answerRows = [...totals.answers].map(([key, count]) => {
    const [fieldId, day, answer] = key.split(SEP) as [string, string, string];
    return {
      formId,
      fieldId,
      day,
      answer: sealAnswerLabel(keyring, { formId, fieldId, answer }),
      count: cap(count),
    };
  });
  for (const rows of chunks(answerRows)) await tx.insert(answerDailyCounts).values(rows);
}
