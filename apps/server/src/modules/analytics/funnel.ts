import type { Funnel } from '@formsmith/core/analytics/api';
import type { FormStep } from '@formsmith/core/logic/steps';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { SHARD } from '../../db/shard.ts';

/**
 * The drop-off funnel's aggregates (form_funnel_stats): per step, respondents who reached it and
 * a histogram of the seconds they spent on it before reaching the next new step (or completing).
 * Bucket 0 holds [0, 1) s, bucket k holds [2^(k-1), 2^k) s, the last one everything longer: a
 * median read from it is exact to within its bucket, and the row stays a fixed size.
 */
export const FUNNEL_BUCKETS = 20;

/** Pseudo-steps (position -1) counting respondents who started and those who completed. */
export const STARTED_STEP = '@started';
export const COMPLETED_STEP = '@completed';
const PSEUDO_INDEX = -1;

/** The histogram bucket of a duration in seconds. */
export function secondsBucket(seconds: number): number {
  if (!(seconds >= 1)) return 0;
  return Math.min(FUNNEL_BUCKETS - 1, Math.floor(Math.log2(seconds)) + 1);
}

/** The median of a histogram in seconds (linear within its bucket), or null when it is empty. */
export function histogramMedian(histogram: readonly number[]): number | null {
  const total = histogram.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const half = total / 2;
  let before = 0;
  for (let k = 0; k < histogram.length; k++) {
    const n = histogram[k] ?? 0;
    if (n > 0 && before + n >= half) {
      const low = k === 0 ? 0 : 2 ** (k - 1);
      const high = k === 0 ? 1 : 2 ** k;
      return Math.round((low + ((high - low) * (half - before)) / n) * 10) / 10;
    }
    before += n;
  }
  return null;
}

/** What one save adds to the funnel: a step newly reached, and/or time spent on the step left. */
export type FunnelEntry = { stepIndex: number; step: string; reached: 0 | 1; seconds: number | null };

export const startedEntry: FunnelEntry = {
  stepIndex: PSEUDO_INDEX,
  step: STARTED_STEP,
  reached: 1,
  seconds: null,
};
export const completedEntry: FunnelEntry = {
  stepIndex: PSEUDO_INDEX,
  step: COMPLETED_STEP,
  reached: 1,
  seconds: null,
};

/**
 * The funnel writes of one save as a CTE of its statement: each entry's row gets its reached count
 * and one in the bucket of its seconds, added element-wise to the stored histogram. Nothing is
 * written when `gate` (a CTE name) yields no row.
 */
export function funnelCte(input: { formId: number; entries: FunnelEntry[]; gate: string }): SQL | null {
  if (input.entries.length === 0) return null;
  const merged = new Map<string, { stepIndex: number; step: string; reached: number; histogram: number[] }>();
  for (const entry of input.entries) {
    const key = `${entry.stepIndex}\u0000${entry.step}`;
    const row = merged.get(key) ?? {
      stepIndex: entry.stepIndex,
      step: entry.step,
      reached: 0,
      histogram: new Array<number>(FUNNEL_BUCKETS).fill(0),
    };
    row.reached += entry.reached;
    if (entry.seconds !== null) row.histogram[secondsBucket(entry.seconds)]! += 1;
    merged.set(key, row);
  }
  const rows = [...merged.values()].sort((a, b) => a.stepIndex - b.stepIndex || (a.step < b.step ? -1 : 1));
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.stepIndex}::int, ${r.step}::text, ${r.reached}::int, ${`{${r.histogram.join(',')}}`}::int[])`,
    ),
    sql`, `,
  );
  return sql`funnel_steps as (
    insert into form_funnel_stats (form_id, step_index, step, shard, reached, seconds_histogram)
    select ${input.formId}::int, v.i, v.s, ${SHARD}, v.r, v.h
    from ${sql.raw(input.gate)} cross join (values ${values}) as v(i, s, r, h)
    order by v.i, v.s
    on conflict (form_id, step_index, step, shard) do update set
      reached = form_funnel_stats.reached + excluded.reached,
      seconds_histogram = array(
        select a + b from unnest(form_funnel_stats.seconds_histogram, excluded.seconds_histogram) as u(a, b)))`;
}

/** A step's figures summed over shards. */
export type FunnelRow = { stepIndex: number; step: string; reached: number; histogram: number[] };

/** The form's funnel aggregates, shards summed, in step order. */
export async function readFunnelRows(db: DbOrTx, formId: number): Promise<FunnelRow[]> {
  const rows = await queryRows<{ step_index: number; step: string; reached: number; histogram: number[] }>(
    db,
    sql`select step_index, step, sum(reached)::int as reached,
        array(select sum(h)::int from form_funnel_stats f2, unnest(f2.seconds_histogram) with ordinality as u(h, k)
          where f2.form_id = f.form_id and f2.step_index = f.step_index and f2.step = f.step
          group by k order by k) as histogram
      from form_funnel_stats f where form_id = ${formId}::int
      group by form_id, step_index, step order by step_index, step`,
  );
  return rows.map((r) => ({
    stepIndex: Number(r.step_index),
    step: r.step,
    reached: Number(r.reached),
    histogram: r.histogram.map(Number),
  }));
}

/**
 * The funnel as the analytics report gives it: the pseudo-steps become started and completed,
 * each step is labelled from the form as it is now (a step since removed keeps its id), and its
 * drop-off is how many reached it but not the next step (the last: but did not complete).
 */
export function buildFunnel(input: { rows: FunnelRow[]; steps: FormStep[]; views: number }): Funnel {
  const labels = new Map(input.steps.map((s) => [s.id, s.label]));
  const pseudo = (name: string) =>
    input.rows.find((r) => r.stepIndex === PSEUDO_INDEX && r.step === name)?.reached ?? 0;
  const completed = pseudo(COMPLETED_STEP);
  const real = input.rows.filter((r) => r.stepIndex !== PSEUDO_INDEX);
  return {
    views: input.views,
    started: pseudo(STARTED_STEP),
    completed,
    steps: real.map((row, i) => {
      const next = real[i + 1]?.reached ?? completed;
      return {
        step: row.step,
        label: labels.get(row.step) ?? row.step,
        reached: row.reached,
        drop_off: Math.max(0, row.reached - next),
        median_seconds: histogramMedian(row.histogram),
      };
    }),
  };
}
