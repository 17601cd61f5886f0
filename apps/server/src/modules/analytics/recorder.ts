import type { FormField } from '@formsmith/core/forms/field';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { SHARD } from '../../db/shard.ts';
import type { Keyring } from '../../lib/encryption/index.ts';
import { publishedFormIdQuery } from '../forms/index.ts';
import { sealAnswerLabel } from './answer-labels.ts';
import { utcDay } from './days.ts';
import { extractSubmissionStats, type TimeStats } from './extract.ts';

/** Totals are int4: additions saturate instead of failing the submit with an overflow. */
const INT_MAX = 2_147_483_647;
const add = (table: string, column: string) =>
  sql.raw(`${column} = least(${table}.${column}::bigint + excluded.${column}, ${INT_MAX})::int`);

export type SubmissionStatsInput = {
  formId: number;
  fields: FormField[];
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  createdAt: Date;
};

type FormDay = {
  views: number;
  submissions: number;
  completionTimeTotal: number;
  completionTimeCount: number;
};
type FieldDay = {
  fieldId: string;
  responseCount: number;
  skipCount: number;
  timeSpentTotal: number;
  timeSpentCount: number;
};
type AnswerDay = { fieldId: string; answer: string; count: number };

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `name as (insert into <aggregate> <select> on conflict … add)`: a CTE adding the rows `select`
 * yields (in the table's column order) to an aggregate, one per table below. Every writer of the
 * aggregates goes through these, so they all add the same way (saturating, see `add`).
 */
function formDayUpsert(name: string, select: SQL): SQL {
  return sql`${sql.raw(name)} as (
    insert into form_daily_stats
      (form_id, day, shard, views, submissions, completion_time_total, completion_time_count)
    ${select}
    on conflict (form_id, day, shard) do update set
      ${add('form_daily_stats', 'views')}, ${add('form_daily_stats', 'submissions')},
      ${add('form_daily_stats', 'completion_time_total')}, ${add('form_daily_stats', 'completion_time_count')})`;
}

function fieldDaysUpsert(name: string, select: SQL): SQL {
  return sql`${sql.raw(name)} as (
    insert into field_daily_stats
      (form_id, field_id, day, shard, response_count, skip_count, time_spent_total, time_spent_count)
    ${select}
    on conflict (form_id, field_id, day, shard) do update set
      ${add('field_daily_stats', 'response_count')}, ${add('field_daily_stats', 'skip_count')},
      ${add('field_daily_stats', 'time_spent_total')}, ${add('field_daily_stats', 'time_spent_count')})`;
}

function answerDaysUpsert(name: string, select: SQL): SQL {
  return sql`${sql.raw(name)} as (
    insert into answer_daily_counts (form_id, field_id, day, answer, shard, count)
    ${select}
    on conflict (form_id, field_id, day, answer, shard) do update set ${add('answer_daily_counts', 'count')})`;
}

/**
 * `name as (insert …)` clauses that add to the aggregates, one statement's worth, as CTEs of a
 * WITH: each inserts `from ${gate}`, so it adds nothing when the gate CTE yields no row (an
 * idempotent retry). Rows are sorted so concurrent writers lock them in one order.
 */
function formDayCte(name: string, gate: string, formId: number, day: string, row: FormDay): SQL {
  return formDayUpsert(
    name,
    sql`select ${formId}::int, ${day}::date, ${SHARD}, ${row.views}::int, ${row.submissions}::int,
      ${row.completionTimeTotal}::int, ${row.completionTimeCount}::int from ${sql.raw(gate)}`,
  );
}

function fieldDaysCte(name: string, gate: string, formId: number, day: string, rows: FieldDay[]): SQL | null {
  if (rows.length === 0) return null;
  const sorted = [...rows].sort((a, b) => byText(a.fieldId, b.fieldId));
  const values = sql.join(
    sorted.map(
      (r) =>
        sql`(${r.fieldId}::text, ${r.responseCount}::int, ${r.skipCount}::int, ${r.timeSpentTotal}::int, ${r.timeSpentCount}::int)`,
    ),
    sql`, `,
  );
  return fieldDaysUpsert(
    name,
    sql`select ${formId}::int, v.f, ${day}::date, ${SHARD}, v.r, v.s, v.tt, v.tc
    from ${sql.raw(gate)} cross join (values ${values}) as v(f, r, s, tt, tc)
    order by v.f`,
  );
}

function answerDaysCte(
  name: string,
  gate: string,
  formId: number,
  day: string,
  rows: AnswerDay[],
): SQL | null {
  if (rows.length === 0) return null;
  const merged = new Map<string, AnswerDay>();
  for (const row of rows) {
    const key = `${row.fieldId}\u0000${row.answer}`;
    const seen = merged.get(key);
    if (seen) seen.count += row.count;
    else merged.set(key, { ...row });
  }
  const sorted = [...merged.entries()].sort(([a], [b]) => byText(a, b)).map(([, r]) => r);
  const values = sql.join(
    sorted.map((r) => sql`(${r.fieldId}::text, ${r.answer}::text, ${r.count}::int)`),
    sql`, `,
  );
  return answerDaysUpsert(
    name,
    sql`select ${formId}::int, v.f, ${day}::date, v.a, ${SHARD}, v.n
    from ${sql.raw(gate)} cross join (values ${values}) as v(f, a, n)
    order by v.f, v.a`,
  );
}

/** What one submission adds to each aggregate, on the UTC day of createdAt. */
function submissionStatsRows(keyring: Keyring, input: SubmissionStatsInput) {
  const stats = extractSubmissionStats(input.fields, input.data, input.metadata);
  const timed = stats.completionTime !== null;
  return {
    day: utcDay(input.createdAt),
    form: {
      views: 0,
      submissions: 1,
      completionTimeTotal: stats.completionTime ?? 0,
      completionTimeCount: timed ? 1 : 0,
    } satisfies FormDay,
    fields: stats.fields.map(
      (f): FieldDay => ({
        fieldId: f.fieldId,
        responseCount: f.responded ? 1 : 0,
        skipCount: f.responded ? 0 : 1,
        timeSpentTotal: f.timeSpent ?? 0,
        timeSpentCount: f.timeSpent === null ? 0 : 1,
      }),
    ),
    answers: stats.answers.map(
      (a): AnswerDay => ({
        fieldId: a.fieldId,
        answer: sealAnswerLabel(keyring, { formId: input.formId, fieldId: a.fieldId, answer: a.answer }),
        count: a.count,
      }),
    ),
  };
}

/** One submission's figures (submissionDelta), added when the gate yields a row. */
function submissionStatsCtes(delta: Extract<StatsDelta, { kind: 'submission' }>, gate: string): SQL[] {
  const { formId, day, form, fields, answers } = delta;
  const ctes = [
    formDayCte('stats_form_day', gate, formId, day, form),
    fieldDaysCte('stats_field_days', gate, formId, day, fields),
    answerDaysCte('stats_answer_days', gate, formId, day, answers),
  ];
  return ctes.filter((c): c is SQL => c !== null);
}

/** One submission of a batch, keyed by its id, for batchStatsCtes. */
export type BatchStatsItem = { id: string; input: SubmissionStatsInput };

const sum = (expr: string) => sql.raw(`least(coalesce(sum(${expr}), 0), ${INT_MAX})::int`);

/**
 * What each submission of a batch adds to the aggregates (times `sign`), as jsonb texts. They go
 * to the database with every batch, so they are kept short: a field's or an answer's entry names
 * its submission by its place `i` in `forms` (not by its 36-character id), and a zero is left out
 * (the statement reads a missing figure as 0).
 */
export type BatchStats = { forms: string; fields: string; answers: string };

/** A statement's parameters as values or as placeholders (a statement built once and prepared). */
export type StatementParams<P> = { [K in keyof P]: SQLWrapper | string };

const nonZero = (n: number) => (n === 0 ? undefined : n);

export function batchStatsOf(keyring: Keyring, items: BatchStatsItem[], sign: 1 | -1): BatchStats {
  const forms: object[] = [];
  const fields: object[] = [];
  const answers: object[] = [];
  for (const { id, input } of items) {
    const rows = submissionStatsRows(keyring, input);
    const i = forms.length + 1;
    forms.push({
      id,
      i,
      day: rows.day,
      ct: nonZero(sign * rows.form.completionTimeTotal),
      tc: nonZero(sign * rows.form.completionTimeCount),
    });
    for (const f of rows.fields) {
      fields.push({
        i,
        f: f.fieldId,
        r: nonZero(sign * f.responseCount),
        s: nonZero(sign * f.skipCount),
        tt: nonZero(sign * f.timeSpentTotal),
        tc: nonZero(sign * f.timeSpentCount),
      });
    }
    for (const a of rows.answers) answers.push({ i, f: a.fieldId, a: a.answer, n: sign * a.count });
  }
  return { forms: JSON.stringify(forms), fields: JSON.stringify(fields), answers: JSON.stringify(answers) };
}

/**
 * The aggregate writes of a batch of submissions, as CTEs of one statement: `kept` must yield
 * (id, form_id) of the submissions actually inserted (or, with sign -1, actually deleted); each
 * aggregate row gets the sum over them (so a retry with a used idempotency key adds nothing).
 * `stats` are batchStatsOf's texts, or placeholders for them: the statement's text does not
 * depend on the batch, so it can be built once and prepared.
 */
function batchStatsCtesOf(stats: StatementParams<BatchStats>, kept: string, sign: 1 | -1): SQL[] {
  const k = sql.raw(kept);
  return [
    sql`stats_days as (
      select k.form_id, v.i, v.day, v.ct, v.tc
      from jsonb_to_recordset(${stats.forms}::jsonb) as v(id uuid, i int, day date, ct int, tc int)
      join ${k} k on k.id = v.id)`,
    formDayUpsert(
      'stats_form_day',
      sql`select form_id, day, ${SHARD}, 0, ${sql.raw(String(sign))}::int * count(*)::int, ${sum('ct')}, ${sum('tc')}
      from stats_days group by form_id, day order by form_id, day`,
    ),
    fieldDaysUpsert(
      'stats_field_days',
      sql`select d.form_id, v.f, d.day, ${SHARD}, ${sum('v.r')}, ${sum('v.s')}, ${sum('v.tt')}, ${sum('v.tc')}
      from jsonb_to_recordset(${stats.fields}::jsonb) as v(i int, f text, r int, s int, tt int, tc int)
      join stats_days d on d.i = v.i
      group by d.form_id, v.f, d.day order by d.form_id, v.f, d.day`,
    ),
    answerDaysUpsert(
      'stats_answer_days',
      sql`select d.form_id, v.f, d.day, v.a, ${SHARD}, ${sum('v.n')}
      from jsonb_to_recordset(${stats.answers}::jsonb) as v(i int, f text, a text, n int)
      join stats_days d on d.i = v.i
      group by d.form_id, v.f, d.day, v.a order by d.form_id, v.f, d.day, v.a`,
    ),
  ];
}

/**
 * What a batch of submissions adds to the aggregates, summed here per aggregate row (a form's
 * day, a field's day, an answer's day), as jsonb texts. For a batch whose every row is stored
 * (storeSubmissions' first statement), the database then upserts these few rows instead of
 * joining an entry per submission, field and answer to the stored rows and summing them itself.
 */
export type BatchTotals = { formDays: string; fieldDays: string; answerDays: string };

/** A sum kept within int4, as the statements' additions are. */
const capped = (n: number) => Math.min(n, INT_MAX);

function entryOf<T>(map: Map<string, T>, key: string, make: () => T): T {
  let entry = map.get(key);
  if (!entry) {
    entry = make();
    map.set(key, entry);
  }
  return entry;
}

export function batchTotalsOf(keyring: Keyring, inputs: SubmissionStatsInput[]): BatchTotals {
  const formDays = new Map<string, { form: number; day: string; n: number; ct: number; tc: number }>();
  const fieldDays = new Map<
    string,
    { form: number; f: string; day: string; r: number; s: number; tt: number; tc: number }
  >();
  const answerDays = new Map<string, { form: number; f: string; day: string; a: string; n: number }>();
  for (const input of inputs) {
    const { day, form: figures, fields, answers } = submissionStatsRows(keyring, input);
    const form = input.formId;
    const at = `${form}\u0000${day}`;
    const formDay = entryOf(formDays, at, () => ({ form, day, n: 0, ct: 0, tc: 0 }));
    formDay.n += figures.submissions;
    formDay.ct = capped(formDay.ct + figures.completionTimeTotal);
    formDay.tc += figures.completionTimeCount;
    for (const f of fields) {
      const e = entryOf(fieldDays, `${at}\u0000${f.fieldId}`, () => ({
        form,
        f: f.fieldId,
        day,
        r: 0,
        s: 0,
        tt: 0,
        tc: 0,
      }));
      e.r += f.responseCount;
      e.s += f.skipCount;
      e.tt = capped(e.tt + f.timeSpentTotal);
      e.tc += f.timeSpentCount;
    }
    for (const a of answers) {
      const e = entryOf(answerDays, `${at}\u0000${a.fieldId}\u0000${a.answer}`, () => ({
        form,
        f: a.fieldId,
        day,
        a: a.answer,
        n: 0,
      }));
      e.n += a.count;
    }
  }
  return {
    formDays: JSON.stringify([...formDays.values()]),
    fieldDays: JSON.stringify([...fieldDays.values()]),
    answerDays: JSON.stringify([...answerDays.values()]),
  };
}

/**
 * The aggregate writes of batchTotalsOf's texts (or placeholders for them), as CTEs of one
 * statement. They are not gated on the stored rows: the statement must store every row of the
 * batch or fail. Rows are upserted in the order the per-submission writes use, so concurrent
 * writers of either kind lock them in one order.
 */
function batchTotalsCtesOf(totals: StatementParams<BatchTotals>): SQL[] {
  return [
    formDayUpsert(
      'stats_form_day',
      sql`select v.form, v.day, ${SHARD}, 0, v.n, v.ct, v.tc
      from jsonb_to_recordset(${totals.formDays}::jsonb) as v(form int, day date, n int, ct int, tc int)
      order by v.form, v.day`,
    ),
    fieldDaysUpsert(
      'stats_field_days',
      sql`select v.form, v.f, v.day, ${SHARD}, v.r, v.s, v.tt, v.tc
      from jsonb_to_recordset(${totals.fieldDays}::jsonb)
        as v(form int, f text, day date, r int, s int, tt int, tc int)
      order by v.form, v.f, v.day`,
    ),
    answerDaysUpsert(
      'stats_answer_days',
      sql`select v.form, v.f, v.day, v.a, ${SHARD}, v.n
      from jsonb_to_recordset(${totals.answerDays}::jsonb) as v(form int, f text, day date, a text, n int)
      order by v.form, v.f, v.day, v.a`,
    ),
  ];
}

/**
 * What submissions add to (or, deleted, take from) the aggregates: the one value other modules
 * hand to statsDeltaCtes, so that only this module writes the aggregates' SQL.
 *
 * - `submission`: one submission's figures (submissionDelta), added once when the gate CTE
 *   yields a row (the stored submission; none on an idempotent retry);
 * - `entries`: an entry per submission (batchStatsOf's texts, or placeholders for them), summed
 *   over the submissions the gate CTE yields as (id, form_id), times `sign`;
 * - `totals`: figures already summed per aggregate row (batchTotalsOf's texts, or placeholders),
 *   added whole: the statement must store every submission they count, or fail.
 */
export type StatsDelta =
  | ({ kind: 'submission'; formId: number } & ReturnType<typeof submissionStatsRows>)
  | { kind: 'entries'; entries: StatementParams<BatchStats>; sign: 1 | -1 }
  | { kind: 'totals'; totals: StatementParams<BatchTotals> };

/** One submission's delta, on the UTC day of its createdAt. */
export function submissionDelta(keyring: Keyring, input: SubmissionStatsInput): StatsDelta {
  return { kind: 'submission', formId: input.formId, ...submissionStatsRows(keyring, input) };
}

/**
 * The aggregate writes of a delta, as CTEs named `stats_*` for the caller's one statement (the
 * submit's, a batch's, a delete's): they commit with the rows they count or not at all. `gate` is
 * the CTE they are gated on (unused for totals).
 */
export function statsDeltaCtes(delta: StatsDelta, gate: string): SQL[] {
  switch (delta.kind) {
    case 'submission':
      return submissionStatsCtes(delta, gate);
    case 'entries':
      return batchStatsCtesOf(delta.entries, gate, delta.sign);
    case 'totals':
      return batchTotalsCtesOf(delta.totals);
  }
}

/** Runs CTEs that need no gate as one statement. */
async function runCtes(db: DbOrTx, ctes: SQL[]): Promise<void> {
  if (ctes.length === 0) return;
  await db.execute(sql`with always as (select 1), ${sql.join(ctes, sql`, `)} select 1`);
}

/**
 * Adds time stats that arrived after the submit (the track call) to the submission's day.
 * Response and skip counts were counted at submit time and are left alone.
 */
export async function recordTimeStats(
  tx: DbOrTx,
  input: { formId: number; createdAt: Date; time: TimeStats },
): Promise<void> {
  const day = utcDay(input.createdAt);
  const ctes: (SQL | null)[] = [
    input.time.completionTime === null
      ? null
      : formDayCte('time_form_day', 'always', input.formId, day, {
          views: 0,
          submissions: 0,
          completionTimeTotal: input.time.completionTime,
          completionTimeCount: 1,
        }),
    fieldDaysCte(
      'time_field_days',
      'always',
      input.formId,
      day,
      input.time.fields.map((f) => ({
        fieldId: f.fieldId,
        responseCount: 0,
        skipCount: 0,
        timeSpentTotal: f.timeSpent,
        timeSpentCount: 1,
      })),
    ),
  ];
  await runCtes(
    tx,
    ctes.filter((c): c is SQL => c !== null),
  );
}

/** +`count` views for a published form on the UTC day of `at`; false when the form is not published. */
export async function recordView(db: DbOrTx, formId: number, at = new Date(), count = 1): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`insert into form_daily_stats (form_id, day, shard, views)
    select published.id, ${utcDay(at)}::date, ${SHARD}, ${count}::int from (${publishedFormIdQuery(formId)}) as published
    on conflict (form_id, day, shard) do update set ${add('form_daily_stats', 'views')}
      returning form_id`,
  );
  return rows.length > 0;
}
