import { answerFilterParam, readAnswerFilterParam } from '@formsmith/core/submissions/answer-filter';
import type { SummaryReport } from '@formsmith/core/submissions/summary-report';
import { Download, Printer } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { AnswerDistribution } from '../../components/analytics/answer-distribution.tsx';
import { ChartCard } from '../../components/analytics/chart-card.tsx';
import { longDate } from '../../components/analytics/chart-palette.ts';
import { DailySubmissionsChart } from '../../components/analytics/daily-submissions-chart.tsx';
import { FunnelTable } from '../../components/analytics/funnel-table.tsx';
import { PathsTable } from '../../components/analytics/paths-table.tsx';
import { StatCards } from '../../components/analytics/stat-cards.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../components/ui/error-boundary.tsx';
import { Alert, Spinner } from '../../components/ui/feedback.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useEncryption } from '../../lib/forms-api/encryption.ts';
import { useForm } from '../../lib/forms-api/get-form.ts';
import { downloadSummaryPdf, useSummaryReport } from './api/summary-report.ts';
import { AnswerFilterPanel } from './components/answer-filter-panel.tsx';

/** A text question's newest answers, as the report samples them. */
function TextSamples({ report }: { report: SummaryReport }) {
  const sampled = report.field_analytics.filter((f) => f.sample.length > 0);
  if (sampled.length === 0) return null;
  return (
    <ChartCard title="Latest text answers" id="summary-text-title">
      <div className="space-y-5">
        {sampled.map((f) => (
          <section key={f.field_id} aria-label={f.label} className="break-inside-avoid">
            <h4 className="text-sm font-semibold text-slate-900 dark:text-slate-100" dir="auto">
              {f.label}
            </h4>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {f.sample.length} newest of {f.response_count} answers
            </p>
            <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
              {f.sample.map((text, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: answers repeat; their order is fixed
                <li key={i} dir="auto" className="whitespace-pre-line px-3 py-2 [overflow-wrap:anywhere]">
                  {text}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </ChartCard>
  );
}

/** The range form: first and last day, kept in the URL with the answer filter. */
function RangeForm({ report }: { report: SummaryReport }) {
  const [params, setParams] = useSearchParams();
  const [from, setFrom] = useState(report.period_start);
  const [to, setTo] = useState(report.period_end);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    next.set('from', from);
    next.set('to', to);
    setParams(next);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <div className="text-sm">
        <label htmlFor={`${id}-from`} className="block font-medium text-slate-700 dark:text-slate-200">
          First day
        </label>
        <Input
          id={`${id}-from`}
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          required
        />
      </div>
      <div className="text-sm">
        <label htmlFor={`${id}-to`} className="block font-medium text-slate-700 dark:text-slate-200">
          Last day
        </label>
        <Input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
      </div>
      <Button type="submit" variant="secondary">
        Show
      </Button>
    </form>
  );
}

/**
 * The submissions table's answer filter, here choosing the submissions the report counts: kept in
 * the URL (?where=) beside the range, so the printout and the PDF follow it.
 */
function ReportFilter({ formId }: { formId: number }) {
  const [params, setParams] = useSearchParams();
  const form = useForm(formId);
  const encrypted = useEncryption(formId).data?.level === 'enhanced';
  const whereText = params.get('where');
  const where = whereText ? readAnswerFilterParam(whereText) : null;
  const applied = where?.ok ? where.filter : null;
  const [open, setOpen] = useState(applied !== null);
  if (!form.data) return null;
  const apply = (next: typeof applied) => {
    const url = new URLSearchParams(params);
    if (next) url.set('where', answerFilterParam(next));
    else url.delete('where');
    setParams(url);
  };
  return (
    <div className="space-y-3">
      <Button variant="secondary" size="sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Filter on answers{applied ? ` (${applied.rules.length})` : ''}
      </Button>
      {open && (
        <AnswerFilterPanel
          key={whereText ?? ''}
          form={form.data}
          filter={applied}
          encrypted={encrypted}
          onApply={apply}
        />
      )}
    </div>
  );
}

/** Paper is white: a dark theme is set aside while the page prints, then put back. */
function usePrintedLight() {
  useEffect(() => {
    const root = document.documentElement;
    let wasDark = false;
    const before = () => {
      wasDark = root.classList.contains('dark');
      root.classList.remove('dark');
    };
    const after = () => {
      if (wasDark) root.classList.add('dark');
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
}

/**
 * The summary report of a form to print (or save as PDF from the browser), or to download as the
 * server's PDF: the analytics figures of a range of days and, when the link carries one, of the
 * submissions an answer filter matches. Outside the dashboard's frame, so a printout holds only it.
 */
export function SummaryReportPage() {
  usePrintedLight();
  const { formId: idParam } = useParams();
  const formId = Number(idParam);
  const [params] = useSearchParams();
  const request = {
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    where: params.get('where') ?? undefined,
  };
  const query = useSummaryReport(formId, request);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  if (query.isPending) {
    return (
      <main className="flex min-h-screen items-center justify-center">
        <Spinner label="Loading the summary report" />
      </main>
    );
  }
  if (query.isError) {
    return (
      <main className="mx-auto max-w-3xl p-6">
        <h1 className="mb-4 text-xl font-semibold">Summary report</h1>
        <Alert tone="error">{errorMessage(query.error)}</Alert>
        <Link className="mt-4 inline-block text-sm underline" to={`/forms/${formId}/submissions`}>
          Back to the form's submissions
        </Link>
      </main>
    );
  }
  const report = query.data;
  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadSummaryPdf({
        formId,
        title: report.title,
        from: report.period_start,
        to: report.period_end,
        where: request.where,
      });
    } catch (error) {
      setDownloadError(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };
  const hasText = report.field_analytics.some((f) => f.sample.length > 0);
  return (
    <main className="mx-auto max-w-5xl space-y-4 px-4 py-6 print:max-w-none print:p-0 print:text-black">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          className="text-sm text-slate-700 underline dark:text-slate-300"
          to={`/forms/${formId}/submissions`}
        >
          Back to the form
        </Link>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="h-4 w-4" />
            Print
          </Button>
          <Button onClick={download} disabled={downloading}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {downloading ? 'Preparing…' : 'Download PDF'}
          </Button>
        </div>
      </div>
      {downloadError && <Alert tone="error">{downloadError}</Alert>}
      <header className="space-y-2 border-b-2 pb-3" style={{ borderColor: report.accent }}>
        {report.logo_url && <img src={report.logo_url} alt="" className="h-12 w-auto object-contain" />}
        <h1 className="text-2xl font-bold [overflow-wrap:anywhere]" dir="auto">
          <span className="sr-only">Summary report: </span>
          {report.title.trim() || 'Untitled form'}
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Summary report, {longDate(report.period_start)} – {longDate(report.period_end)} (UTC)
          {report.filtered && ', only the submissions the answer filter matches (views left out)'}
        </p>
      </header>
      <div className="space-y-3 print:hidden">
        <RangeForm key={`${report.period_start}/${report.period_end}`} report={report} />
        <ReportFilter formId={formId} />
      </div>
      {/* The charts' cards are titled at the third level, as on the analytics page. */}
      <h2 className="sr-only">Figures</h2>
      <StatCards analytics={report} />
      <DailySubmissionsChart
        days={report.metrics.daily_submissions}
        weekly={report.metrics.daily_submissions.length > 31}
      />
      <FunnelTable funnel={report.funnel} formId={formId} />
      <PathsTable paths={report.paths} total={report.total_submissions} />
      <AnswerDistribution fields={report.field_analytics} />
      {hasText && <TextSamples report={report} />}
    </main>
  );
}
