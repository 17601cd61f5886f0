import type { FieldAnalytics, FormAnalytics, Paths } from '@formsmith/core/analytics/api';
import { figuresOf, hasFigures } from '@formsmith/core/analytics/field-figures';
import { replacesDistribution, typeFiguresOf } from '@formsmith/core/analytics/type-figures';
import { answerChoices } from '@formsmith/core/fields/options';
import type { FormField } from '@formsmith/core/forms/field';
import type { FormLogic } from '@formsmith/core/logic/definition';
import { logicFieldsOf } from '@formsmith/core/logic/form-fields';
import { splitPages } from '@formsmith/core/logic/run';
import { formSteps } from '@formsmith/core/logic/steps';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Keyring } from '../../lib/encryption/index.ts';
import { findAnsweredFields, requireOwnedForm } from '../forms/index.ts';
import { addDays, daysBetween, parseDay, utcDay } from './days.ts';
import { countedFields, countsTypedAnswers, PATH_ENDING_KEY, PATH_PAGE_KEY } from './extract.ts';
import { buildFunnel, readFunnelRows } from './funnel.ts';
import { countViews, findFirstStatsDay, type PeriodStats, readPeriodStats } from './repository.ts';

/** A longer range would only pad the chart with zeros; ten years covers any real form. */
export const MAX_RANGE_DAYS = 3660;

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The analytics report of an owner's form (core's formAnalyticsSchema); 404 for anyone else's.
 * `countsOnly` (a viewer of a form that shows its viewers only counts) leaves out the
 * distributions of what respondents typed (countsTypedAnswers).
 */
export async function getFormAnalytics(
  db: Db,
  keyring: Keyring,
  input: { formId: number; ownerId: string; startDate?: string; now?: Date; countsOnly?: boolean },
): Promise<FormAnalytics> {
  if (input.startDate !== undefined && !parseDay(input.startDate)) {
    throw new AppError('BAD_REQUEST', 400, 'Invalid date', { start_date: 'Invalid date' });
  }
  const form = await requireOwnedForm(db, input);
  const end = utcDay(input.now ?? new Date());
  let start = input.startDate;
  if (start === undefined) {
    const first = await findFirstStatsDay(db, form.id);
    const created = utcDay(form.createdAt);
    start = first && first < created ? first : created;
  }
  if (start < addDays(end, -MAX_RANGE_DAYS)) start = addDays(end, -MAX_RANGE_DAYS);
  const [stats, funnelRows, views] = await Promise.all([
    readPeriodStats(db, keyring, { formId: form.id, start, end }),
    readFunnelRows(db, form.id),
    countViews(db, form.id),
  ]);
  // The fields respondents get now (the draft's until the form is first published).
  const live =
    form.publishedVersion === null
      ? form.fields
      : (await findAnsweredFields(db, form.id, [form.publishedVersion])).get(form.publishedVersion)!;
  const steps = formSteps(logicFieldsOf(live), form.display);
  return {
    ...buildAnalytics({
      formId: form.id,
      start,
      end,
      fields: live,
      stats,
      countsOnly: input.countsOnly ?? false,
    }),
    funnel: {
      ...buildFunnel({ rows: funnelRows, steps, views }),
      // An end-to-end encrypted form never saves as respondents go (forms/view.ts says the same).
      saves_partials: form.savePartials && form.encryptionLevel !== 'enhanced',
    },
    paths: buildPaths({ fields: live, logic: form.logic, stats }),
  };
}

/**
 * Pages (in the order respondents get them) and endings with how many submissions of the period
 * went through each: the live form's, named as the owner named them, then any no longer in it
 * that old submissions reached (named by id). Nothing for a one-page form with only its success message.
 */
export function buildPaths(input: { fields: FormField[]; logic: FormLogic; stats: PeriodStats }): Paths {
  const counted = (key: string) => {
    const counts = new Map<string, number>();
    for (const a of input.stats.answers) {
      if (a.fieldId === key) counts.set(a.answer, (counts.get(a.answer) ?? 0) + a.count);
    }
    return counts;
  };
  const list = (known: { id: string; label: string }[], counts: Map<string, number>) => {
    const ids = new Set(known.map((k) => k.id));
    return [
      ...known.map((k) => ({ ...k, reached: counts.get(k.id) ?? 0 })),
      ...[...counts].filter(([id]) => !ids.has(id)).map(([id, reached]) => ({ id, label: id, reached })),
    ];
  };
  const pages = splitPages(logicFieldsOf(input.fields));
  const endings = input.logic.endings.map((e, i) => ({ id: e.id, label: e.title || `Ending ${i + 1}` }));
  const pageCounts = counted(PATH_PAGE_KEY);
  const endingCounts = counted(PATH_ENDING_KEY);
  return {
    pages:
      pages.length > 1 || pageCounts.size > 1
        ? list(
            pages.map((p, i) => ({ id: p.id, label: p.title || `Page ${i + 1}` })),
            pageCounts,
          )
        : [],
    // Every form ends with one ending at least: a lone untitled one (the success message) says nothing.
    endings:
      endings.length > 1 || endingCounts.size > 1 || input.logic.endings[0]?.title
        ? list(endings, endingCounts)
        : [],
  };
}

/** The report's figures from a period's aggregates (or figures added up the same way). */
export function buildAnalytics(input: {
  formId: number;
  start: string;
  end: string;
  fields: FormField[];
  stats: PeriodStats;
  countsOnly: boolean;
}): Omit<FormAnalytics, 'funnel' | 'paths'> {
  const { stats } = input;
  const byDay = new Map(stats.days.map((d) => [d.day, d.submissions]));
  const sum = (pick: (d: PeriodStats['days'][number]) => number) =>
    stats.days.reduce((t, d) => t + pick(d), 0);
  const totalSubmissions = sum((d) => d.submissions);
  const totalViews = sum((d) => d.views);
  const timeTotal = sum((d) => d.completionTimeTotal);
  const timeCount = sum((d) => d.completionTimeCount);
  return {
    formId: input.formId,
    period_start: input.start,
    period_end: input.end,
    total_submissions: totalSubmissions,
    total_views: totalViews,
    avg_completion_time: timeCount > 0 ? round1(timeTotal / timeCount) : null,
    bounce_rate:
      totalViews > 0 ? Math.min(1, Math.max(0, (totalViews - totalSubmissions) / totalViews)) : null,
    metrics: {
      daily_submissions: daysBetween(input.start, input.end).map((date) => ({
        date,
        count: byDay.get(date) ?? 0,
      })),
    },
    field_analytics: fieldAnalytics(input.fields, stats, input.countsOnly),
  };
}

function fieldAnalytics(fields: FormField[], stats: PeriodStats, countsOnly: boolean): FieldAnalytics[] {
  const byField = new Map(stats.fields.map((f) => [f.fieldId, f]));
  return countedFields(fields).map((field) => {
    const f = byField.get(field.id);
    const labels = new Map((answerChoices(field) ?? []).map((o) => [o.value, o.label]));
    const answers = stats.answers
      .filter((a) => a.fieldId === field.id && a.count > 0)
      .sort((a, b) => b.count - a.count || a.answer.localeCompare(b.answer));
    const base = {
      field_id: field.id,
      label: field.label,
      field_type: field.type,
      response_count: f?.responseCount ?? 0,
      skip_count: f?.skipCount ?? 0,
      avg_time_spent: f && f.timeSpentCount > 0 ? round1(f.timeSpentTotal / f.timeSpentCount) : null,
    };
    const counts = new Map<string, number>();
    for (const a of answers) counts.set(a.answer, (counts.get(a.answer) ?? 0) + a.count);
    // A number's summary and histogram are counts too: a viewer who sees only counts gets them,
    // not the values as typed.
    const typed = typeFiguresOf(field, counts);
    if (countsOnly && countsTypedAnswers(field)) return { ...base, answer_distribution: {}, ...typed };
    if (hasFigures(field)) return { ...base, ...figuresOf(field, counts) };
    if (replacesDistribution(field.type)) return { ...base, answer_distribution: {}, ...typed };
    const distribution: Record<string, number> = {};
    for (const a of answers) {
      const label = labels.get(a.answer) ?? a.answer;
      distribution[label] = (distribution[label] ?? 0) + a.count;
    }
    return { ...base, answer_distribution: distribution, ...typed };
  });
}
