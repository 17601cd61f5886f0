// The summary report of one form as a PDF: the analytics page's figures for a range of days and
// an answer filter (report.ts), drawn with the submission PDF's writer (its bundled fonts, its
// right-to-left and CJK layout), charts as vector bars. Callable by other modules (a scheduled
// report attaches it to a mail) as well as by the owner's route.

import { ANSWER_RULE_LABELS, type AnswerFilter } from '@formsmith/core/submissions/answer-filter';
import { pdfFormTitle } from '@formsmith/core/submissions/pdf-walk';
import type { SummaryField, SummaryReport } from '@formsmith/core/submissions/summary-report';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../audit/index.ts';
import { MUTED, STYLES, TEXT, timeIn, Writer } from '../pdf/document.ts';
import { formSummary, type SummaryInput } from './report.ts';

/** The most answers of one question drawn as bars; the rest are added up in one line. */
const MAX_BARS = 15;

/** Points of room a heading needs below it on its page: itself, its counts and a bar or two. */
const KEEP_WITH_NEXT = 72;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** 'Mon 1 June 2026'-style UTC day as English writes it. */
function dayText(day: string): string {
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

function secondsText(seconds: number): string {
  if (seconds < 60) return `${round1(seconds)} s`;
  const m = Math.floor(seconds / 60);
  return `${m} min ${Math.round(seconds - m * 60)} s`;
}

/** The answer filter in words, with each question named by its label. */
export function filterText(filter: AnswerFilter, labels: Map<string, string>): string {
  const rules = filter.rules.map((rule) => {
    const what = rule.op === 'score' ? 'Quiz score' : (labels.get(rule.field) ?? rule.field);
    const op = ANSWER_RULE_LABELS[rule.op];
    switch (rule.op) {
      case 'is':
      case 'is_not':
        return `${what} ${op} ${rule.values.join(', ')}`;
      case 'contains':
        return `${what} ${op} “${rule.text}”`;
      case 'present':
        return `${what} ${op}`;
      case 'between':
      case 'dates':
      case 'score':
        return `${what} ${op} ${rule.min ?? '…'} and ${rule.max ?? '…'}`;
      default: {
        const exhaustive: never = rule;
        return exhaustive;
      }
    }
  });
  return rules.join(filter.join === 'and' ? '; and ' : '; or ');
}

function distributionRows(distribution: Record<string, number>) {
  return Object.entries(distribution)
    .map(([label, count]) => ({ label, count }))
    .sort((a, b) => b.count - a.count);
}

function drawBars(w: Writer, rows: { label: string; count: number }[], total: number) {
  if (rows.length === 0) return;
  w.bars(rows.slice(0, MAX_BARS), total);
  const rest = rows.slice(MAX_BARS);
  if (rest.length > 0) {
    const n = rest.reduce((t, r) => t + r.count, 0);
    w.text(`and ${rest.length} more answers, given ${n} times`, STYLES.meta, MUTED);
  }
}

/** One question: how many answered, then the figures its type has. */
function drawField(w: Writer, f: SummaryField) {
  w.gap(8);
  // The question's name is kept with the start of its figures, never alone at a page's foot.
  w.ensure(KEEP_WITH_NEXT);
  w.text(f.label.trim() || f.field_id, STYLES.label, TEXT);
  const answered = f.response_count;
  const facts = [`${answered} answered`, `${f.skip_count} skipped`];
  if (f.avg_time_spent !== null) facts.push(`${secondsText(f.avg_time_spent)} on average`);
  w.text(facts.join(' · '), STYLES.meta, MUTED);
  w.gap(2);
  if (f.nps) {
    const { promoters, passives, detractors, score } = f.nps;
    w.text(`NPS ${score ?? '—'}`, STYLES.body, TEXT);
    drawBars(
      w,
      [
        { label: 'Promoters (9–10)', count: promoters },
        { label: 'Passives (7–8)', count: passives },
        { label: 'Detractors (0–6)', count: detractors },
      ],
      promoters + passives + detractors,
    );
  }
  if (f.summary && f.summary.count > 0) {
    const { mean, median, min, max } = f.summary;
    const n = (v: number | null) => (v === null ? '—' : String(round1(v)));
    w.text(`Mean ${n(mean)} · Median ${n(median)} · Min ${n(min)} · Max ${n(max)}`, STYLES.body, TEXT);
    if (f.histogram && !f.nps) {
      drawBars(
        w,
        f.histogram.map((b) => ({ label: `${round1(b.from)} – ${round1(b.to)}`, count: b.count })),
        f.summary.count,
      );
    }
  }
  if (f.split)
    drawBars(
      w,
      [
        { label: 'Yes', count: f.split.yes },
        { label: 'No', count: f.split.no },
      ],
      f.split.yes + f.split.no,
    );
  if (f.average !== undefined && f.average !== null)
    w.text(`Average ${round1(f.average)}`, STYLES.body, TEXT);
  if (f.rows) {
    for (const row of f.rows) {
      w.text(row.label, STYLES.body, TEXT);
      const rows = distributionRows(row.distribution);
      drawBars(
        w,
        rows,
        rows.reduce((t, r) => t + r.count, 0),
      );
    }
  }
  if (f.average_positions) {
    for (const p of f.average_positions) {
      const place = p.average === null ? '—' : String(round1(p.average));
      w.text(`\u2068${p.label}\u2069: average place ${place} (ranked by ${p.count})`, STYLES.body, TEXT);
    }
  }
  if (f.timeline) {
    drawBars(
      w,
      f.timeline.buckets.map((b) => ({ label: b.start, count: b.count })),
      f.timeline.buckets.reduce((t, b) => t + b.count, 0),
    );
  }
  if (f.files) w.text(`${f.files.submissions} submissions sent ${f.files.files} files`, STYLES.body, TEXT);
  const shown = f.nps || f.histogram || f.split || f.rows || f.timeline;
  if (!shown) drawBars(w, distributionRows(f.answer_distribution), answered);
  if (f.sample.length > 0) {
    w.text(`Latest answers (${f.sample.length} of ${answered}):`, STYLES.meta, MUTED);
    for (const answer of f.sample) w.text(answer, STYLES.body, TEXT, 10);
  }
}

/** The whole PDF of a summary already gathered. */
export async function summaryPdf(summary: SummaryReport, where?: AnswerFilter): Promise<Buffer> {
  const accent = summary.accent;
  const w = await Writer.open('en', accent);
  w.text(pdfFormTitle(summary.title), STYLES.title, accent);
  w.gap(2);
  w.rule(accent, 2);
  w.gap(10);
  const labels = new Map(summary.field_analytics.map((f) => [f.field_id, f.label]));
  const facts: [string, string][] = [
    ['Summary report', `${dayText(summary.period_start)} to ${dayText(summary.period_end)} (UTC days)`],
    ...(where ? [['Only submissions where', filterText(where, labels)] as [string, string]] : []),
    ['Submissions', String(summary.total_submissions)],
    // Views are not answers: a filtered report cannot tell which views led to its submissions.
    ...(summary.filtered ? [] : [['Views', String(summary.total_views)] as [string, string]]),
    ...(summary.avg_completion_time !== null
      ? [['Average time to complete', secondsText(summary.avg_completion_time)] as [string, string]]
      : []),
    ['Made', timeIn('en', new Date())],
  ];
  for (const [label, value] of facts) w.text(`${label}: \u2068${value}\u2069`, STYLES.meta, MUTED);

  const days = summary.metrics.daily_submissions;
  if (summary.total_submissions > 0 && days.length > 1) {
    w.section('Submissions over time');
    w.bars(overTime(days), summary.total_submissions);
  }

  w.section('Questions');
  if (summary.field_analytics.length === 0) w.text('The form has no questions.', STYLES.body, MUTED);
  for (const field of summary.field_analytics) drawField(w, field);

  const { funnel, paths } = summary;
  w.section('Drop-off funnel (all time)');
  if (!funnel.saves_partials) {
    w.text(
      'The form does not save answers as respondents go (partial responses are off), so nobody is counted ' +
        'page by page and the funnel has no steps. Turn partial responses on in the form settings to see where respondents stop.',
      STYLES.body,
      MUTED,
    );
  } else {
    drawBars(
      w,
      [
        { label: 'Views', count: funnel.views },
        { label: 'Started', count: funnel.started },
        ...funnel.steps.map((s) => ({ label: s.label, count: s.reached })),
        { label: 'Completed', count: funnel.completed },
      ],
      funnel.views,
    );
  }
  if (paths.pages.length > 0 || paths.endings.length > 0) {
    w.section('Paths');
    if (paths.pages.length > 0) {
      w.text('Pages gone through', STYLES.label, TEXT);
      drawBars(
        w,
        paths.pages.map((p) => ({ label: p.label, count: p.reached })),
        summary.total_submissions,
      );
    }
    if (paths.endings.length > 0) {
      w.gap(6);
      w.text('Endings reached', STYLES.label, TEXT);
      drawBars(
        w,
        paths.endings.map((p) => ({ label: p.label, count: p.reached })),
        summary.total_submissions,
      );
    }
  }
  w.footers('Summary report');
  return w.bytes();
}

/**
 * Daily counts as days (a month or less), weeks from the first day (up to 15 of them) or calendar
 * months: a bar per row, every row shown, so a long range stays a readable chart.
 */
function overTime(days: { date: string; count: number }[]) {
  if (days.length <= 31) return days.map((d) => ({ label: dayText(d.date), count: d.count }));
  if (days.length <= 15 * 7) {
    const weeks: { label: string; count: number }[] = [];
    for (let i = 0; i < days.length; i += 7) {
      const week = days.slice(i, i + 7);
      weeks.push({
        label: `Week of ${dayText(week[0]!.date)}`,
        count: week.reduce((t, d) => t + d.count, 0),
      });
    }
    return weeks;
  }
  const months = new Map<string, number>();
  for (const d of days) {
    const month = d.date.slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + d.count);
  }
  const monthText = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return [...months].map(([month, count]) => ({
    label: monthText.format(new Date(`${month}-01T00:00:00Z`)),
    count,
  }));
}

/**
 * The summary report of a form and its PDF, for the caller's form only (404 otherwise; 409 for an
 * end-to-end encrypted form, whose answers the server cannot read), recorded in the audit log as
 * an export.
 */
export async function summaryPdfOf(
  app: FastifyInstance,
  input: SummaryInput,
): Promise<{ summary: SummaryReport; pdf: Buffer }> {
  const summary = await formSummary(app.db, app.keyring, input);
  await recordAudit(app.db, {
    action: 'submissions.exported',
    where: { formId: input.formId },
    details: {
      format: 'summary_pdf',
      from: summary.period_start,
      to: summary.period_end,
      filtered: summary.filtered,
    },
  });
  return { summary, pdf: await summaryPdf(summary, input.where) };
}

/**
 * The summary report of a form as a PDF (summaryPdfOf), for other modules: a scheduled report
 * attaches it to a mail. `ownerUserId` must own the form (or be a member of its workspace).
 */
export async function renderFormSummaryPdf(app: FastifyInstance, input: SummaryInput): Promise<Uint8Array> {
  return (await summaryPdfOf(app, input)).pdf;
}
