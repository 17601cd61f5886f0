// The summary of one form for a report (a PDF, a printable page): the analytics page's figures
// for a chosen range of days and the review table's answer filter. The daily aggregates cannot be
// filtered on answers, so the figures are added up here from the submissions themselves, opened
// and counted with analytics' own extraction (the same counting as the aggregates); only views,
// which no submission records, come from the aggregates, and only when no answer filter is set.

import type { FormField } from '@formsmith/core/forms/field';
import { logicFieldsOf } from '@formsmith/core/logic/form-fields';
import { formSteps } from '@formsmith/core/logic/steps';
import { type AnswerFilter, matchesAnswerFilter } from '@formsmith/core/submissions/answer-filter';
import {
  SEALED_SUMMARY,
  type SummaryReport,
  TEXT_SAMPLE_SIZE,
} from '@formsmith/core/submissions/summary-report';
import { DAY_MS } from '@formsmith/core/time';
import { and, eq, gt, gte, lt, lte, min } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { submissions } from '../../../db/schema.ts';
import { AppError, conflict } from '../../../lib/app-error.ts';
import type { Keyring } from '../../../lib/encryption/index.ts';
import {
  addDays,
  buildAnalytics,
  buildFunnel,
  buildPaths,
  countedFields,
  countViews,
  extractSubmissionStats,
  fieldValue,
  MAX_RANGE_DAYS,
  type PeriodStats,
  parseDay,
  readFunnelRows,
  readPeriodStats,
  utcDay,
} from '../../analytics/index.ts';
import { findAnsweredFields, requireOwnedForm } from '../../forms/index.ts';
import { accentOf } from '../pdf/document.ts';
import { listAnsweredVersions } from '../repository.ts';
import { scanSubmissions } from '../search.ts';

/** The most characters of one sampled answer the report shows. */
const SAMPLE_MAX_CHARS = 300;
/** Question types whose answers are free text: counted, with a sample of what was written. */
const TEXT_TYPES = new Set(['text', 'textarea']);
/**
 * The most submissions read for text samples when the figures come from the daily aggregates: a
 * text question few answer does not make the report read a large form to its first day.
 */
const SAMPLE_SCAN_LIMIT = 20_000;

export type SummaryInput = {
  formId: number;
  /** The caller: the form must be theirs (or their workspace's), else 404. */
  ownerUserId: string;
  /** First and last UTC day included ('YYYY-MM-DD'); by default the form's first day and today. */
  from?: string;
  to?: string;
  /**
   * Only the submissions after `since` up to and including `until` (a scheduled report's period),
   * within the days above. The daily aggregates count whole days, so views are left out, as with `where`.
   */
  window?: { since: Date; until: Date };
  /** The review table's answer filter: only the submissions it matches are counted. */
  where?: AnswerFilter;
  /** A viewer of a form that shows its viewers only counts: no typed values, no text samples. */
  countsOnly?: boolean;
  now?: Date;
};

function badRequest(field: string, message: string): AppError {
  return new AppError('BAD_REQUEST', 400, message, { [field]: message });
}

function dayOrThrow(field: 'from' | 'to', value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!parseDay(value)) throw badRequest(field, 'Use a date such as 2026-03-31');
  return value;
}

/** The summary of the caller's form for the range and filter; 404 for anyone else's, 409 when sealed end to end. */
export async function formSummary(db: Db, keyring: Keyring, input: SummaryInput): Promise<SummaryReport> {
  const fromDay = dayOrThrow('from', input.from);
  const toDay = dayOrThrow('to', input.to);
  const form = await requireOwnedForm(db, { formId: input.formId, ownerId: input.ownerUserId });
  if (form.encryptionLevel === 'enhanced') throw conflict(SEALED_SUMMARY);
  const today = utcDay(input.now ?? new Date());
  const end = toDay ?? today;
  // By default from the form's first day, or its first submission's when older (one imported or
  // moved from elsewhere), as the analytics page starts at its first recorded day.
  let start = fromDay;
  if (start === undefined) {
    const [first] = await db
      .select({ at: min(submissions.createdAt) })
      .from(submissions)
      .where(eq(submissions.formId, form.id));
    const created = utcDay(form.createdAt);
    const firstDay = first?.at ? utcDay(new Date(first.at)) : created;
    start = [created, firstDay, end].sort()[0]!;
  }
  if (start > end) throw badRequest('from', 'The first day is after the last day');
  if (start < addDays(end, -MAX_RANGE_DAYS)) {
    throw badRequest('from', `The range may span at most ${MAX_RANGE_DAYS} days`);
  }

  const versions = await listAnsweredVersions(db, form.id);
  const fieldsByVersion = await findAnsweredFields(db, form.id, versions);
  const live =
    form.publishedVersion === null
      ? form.fields
      : (fieldsByVersion.get(form.publishedVersion) ??
        (await findAnsweredFields(db, form.id, [form.publishedVersion])).get(form.publishedVersion)!);
  const samples = new Map<string, string[]>();
  const sampled = input.countsOnly ? [] : countedFields(live).filter((f) => TEXT_TYPES.has(f.type));

  const inPeriod = and(
    eq(submissions.formId, form.id),
    eq(submissions.completed, true),
    gte(submissions.createdAt, new Date(Date.parse(`${start}T00:00:00Z`))),
    lt(submissions.createdAt, new Date(Date.parse(`${end}T00:00:00Z`) + DAY_MS)),
    input.window ? gt(submissions.createdAt, input.window.since) : undefined,
    input.window ? lte(submissions.createdAt, input.window.until) : undefined,
  );
  // Whole days and no answer filter: the figures are the daily aggregates' (as on the analytics
  // page), read in time that does not grow with the submissions; only the text samples read
  // submissions, newest first, until each has its sample. A filter or a part of a day (a scheduled
  // report's period) cannot be read from per-day totals: each submission of the range is counted.
  const totals = input.where || input.window ? new Totals() : null;
  let scanned = 0;
  if (totals || sampled.length > 0) {
    await scanSubmissions(db, keyring, {
      where: inPeriod,
      oldest: false,
      visit: (row) => {
        scanned++;
        if (row.envelope) return true;
        const data = row.data ?? {};
        const metadata = (row.metadata ?? {}) as Record<string, unknown>;
        if (input.where && !matchesAnswerFilter(input.where, { answers: data, metadata })) return true;
        for (const field of sampled) addSample(samples, field, data);
        if (totals) {
          const fields = fieldsByVersion.get(row.formVersion) ?? live;
          totals.add(utcDay(row.createdAt), extractSubmissionStats(fields, data, metadata));
          return true;
        }
        // Only sampling: done once every text question has its sample, or enough rows were read.
        const full = sampled.every((f) => (samples.get(f.id)?.length ?? 0) >= TEXT_SAMPLE_SIZE);
        return !full && scanned < SAMPLE_SCAN_LIMIT;
      },
    });
  }

  const [period, funnelRows, views] = await Promise.all([
    totals ? null : readPeriodStats(db, keyring, { formId: form.id, start, end }),
    readFunnelRows(db, form.id),
    countViews(db, form.id),
  ]);
  const stats = totals ? totals.stats() : period!;
  const analytics = buildAnalytics({
    formId: form.id,
    start,
    end,
    fields: live,
    stats,
    countsOnly: input.countsOnly ?? false,
  });
  return {
    ...analytics,
    field_analytics: analytics.field_analytics.map((f) => ({ ...f, sample: samples.get(f.field_id) ?? [] })),
    funnel: {
      ...buildFunnel({ rows: funnelRows, steps: formSteps(logicFieldsOf(live), form.display), views }),
      saves_partials: form.savePartials,
    },
    paths: buildPaths({ fields: live, logic: form.logic, stats }),
    title: form.title,
    logo_url: form.logoUrl ?? null,
    accent: accentOf(form.themeConfig),
    filtered: input.where !== undefined,
  };
}

function addSample(samples: Map<string, string[]>, field: FormField, data: Record<string, unknown>) {
  const list = samples.get(field.id) ?? [];
  if (list.length >= TEXT_SAMPLE_SIZE) return;
  const value = fieldValue(field, data);
  if (typeof value !== 'string' || value.trim() === '') return;
  const text = value.trim();
  list.push(text.length > SAMPLE_MAX_CHARS ? `${text.slice(0, SAMPLE_MAX_CHARS)}…` : text);
  samples.set(field.id, list);
}

type Day = PeriodStats['days'][number];
type Field = PeriodStats['fields'][number];

/** The period's figures added up submission by submission, in the aggregates' shape. */
class Totals {
  private readonly days = new Map<string, Day>();
  private readonly fields = new Map<string, Field>();
  private readonly answers = new Map<string, PeriodStats['answers'][number]>();

  add(day: string, s: ReturnType<typeof extractSubmissionStats>) {
    const d = this.days.get(day) ?? {
      day,
      views: 0,
      submissions: 0,
      completionTimeTotal: 0,
      completionTimeCount: 0,
    };
    d.submissions += 1;
    if (s.completionTime !== null) {
      d.completionTimeTotal += s.completionTime;
      d.completionTimeCount += 1;
    }
    this.days.set(day, d);
    for (const f of s.fields) {
      const t = this.fields.get(f.fieldId) ?? {
        fieldId: f.fieldId,
        responseCount: 0,
        skipCount: 0,
        timeSpentTotal: 0,
        timeSpentCount: 0,
      };
      if (f.responded) t.responseCount += 1;
      else t.skipCount += 1;
      if (f.timeSpent !== null) {
        t.timeSpentTotal += f.timeSpent;
        t.timeSpentCount += 1;
      }
      this.fields.set(f.fieldId, t);
    }
    for (const a of s.answers) {
      const key = `${a.fieldId}\u0000${a.answer}`;
      const t = this.answers.get(key);
      if (t) t.count += a.count;
      else this.answers.set(key, { ...a });
    }
  }

  /** The figures counted (views are per day in the aggregates, so a filtered count has none). */
  stats(): PeriodStats {
    return {
      days: [...this.days.values()],
      fields: [...this.fields.values()],
      answers: [...this.answers.values()],
    };
  }
}
