import type { FieldAnalytics } from '@formsmith/core/analytics/api';
import { capPercent } from '@formsmith/core/analytics/format';
import type { HistogramBin, Timeline } from '@formsmith/core/analytics/type-figures';
import { longDate } from './chart-palette.ts';

// The per-type figures of a question: a number's summary and histogram, an NPS score, a yes/no
// split, a timeline of answered dates, files, signatures and times of day. Drawn as HTML bars, so
// a long label wraps instead of being cut, and the figures read as a list to a screen reader.

export type BarRow = { key: string; label: string; count: number };

const percentOf = (n: number, total: number) => (total > 0 ? capPercent((n / total) * 100) : 0);

/** Labelled bars, each with its count and share of `total` (the sum of the rows unless given). */
export function BarList({ label, rows, total }: { label: string; rows: BarRow[]; total?: number }) {
  const sum = total ?? rows.reduce((t, r) => t + r.count, 0);
  const most = Math.max(1, ...rows.map((r) => r.count));
  return (
    <ul className="space-y-1.5 text-sm" aria-label={label}>
      {rows.map((row) => (
        <li key={row.key} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1">
          <span className="text-slate-800 [overflow-wrap:anywhere] dark:text-slate-200">{row.label}</span>
          <span className="tabular-nums text-slate-700 dark:text-slate-300">
            {row.count} ({percentOf(row.count, sum)}%)
          </span>
          <span aria-hidden="true" className="col-span-2 h-2 rounded-full bg-slate-100 dark:bg-slate-800">
            <span
              className="block h-full rounded-full bg-brand-600 dark:bg-brand-400"
              style={{ width: `${(row.count / most) * 100}%` }}
            />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Figures side by side: a term above its value. */
function Stats({ items }: { items: [string, string | number][] }) {
  return (
    <dl className="grid grid-cols-3 gap-2 sm:grid-cols-5">
      {items.map(([term, value]) => (
        <div key={term} className="rounded-lg bg-slate-50 px-2 py-1.5 dark:bg-slate-800/60">
          <dt className="text-xs text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="font-semibold tabular-nums text-slate-900 dark:text-white">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const shown = (n: number | null | undefined) => (n === null || n === undefined ? '–' : String(n));

/** A bin's label: its one whole number, or its range (the last bin includes its end). */
function binLabel(bin: HistogramBin, last: boolean): string {
  if (bin.to - bin.from === 1 && Number.isInteger(bin.from)) return String(bin.from);
  return last ? `${bin.from} to ${bin.to}` : `${bin.from} to under ${bin.to}`;
}

/** A number, slider, NPS or calculated value: its summary (NPS: its score first) and histogram. */
export function NumberFigures({ field }: { field: FieldAnalytics }) {
  const s = field.summary;
  const bins = field.histogram ?? [];
  return (
    <div className="space-y-3">
      {field.nps && (
        <div className="space-y-2">
          <p className="text-sm text-slate-800 dark:text-slate-200">
            NPS: <strong className="text-lg tabular-nums">{shown(field.nps.score)}</strong>
            <span className="text-slate-600 dark:text-slate-400"> (−100 to 100)</span>
          </p>
          <BarList
            label={`Promoters, passives and detractors of ${field.label}`}
            rows={[
              { key: 'p', label: 'Promoters (9–10)', count: field.nps.promoters },
              { key: 'n', label: 'Passives (7–8)', count: field.nps.passives },
              { key: 'd', label: 'Detractors (0–6)', count: field.nps.detractors },
            ]}
          />
        </div>
      )}
      {s && (
        <Stats
          items={[
            ['Answers', s.count],
            ['Mean', shown(s.mean)],
            ['Median', shown(s.median)],
            ['Min', shown(s.min)],
            ['Max', shown(s.max)],
          ]}
        />
      )}
      {bins.length > 0 && (
        <BarList
          label={`Histogram of ${field.label}`}
          rows={bins.map((b, i) => ({
            key: String(b.from),
            label: binLabel(b, i === bins.length - 1),
            count: b.count,
          }))}
        />
      )}
    </div>
  );
}

/** A yes/no question or a single checkbox: how many said yes and no. */
export function SplitFigures({ field }: { field: FieldAnalytics }) {
  const split = field.split ?? { yes: 0, no: 0 };
  return (
    <BarList
      label={`Yes and no to ${field.label}`}
      rows={[
        { key: 'yes', label: 'Yes', count: split.yes },
        { key: 'no', label: 'No', count: split.no },
      ]}
    />
  );
}

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

function bucketLabel(start: string, unit: Timeline['unit']): string {
  if (unit === 'year') return start.slice(0, 4);
  if (unit === 'month') return MONTH.format(new Date(`${start}T00:00:00Z`));
  return unit === 'week' ? `Week of ${longDate(start)}` : longDate(start);
}

/** A date question: answers per day, week, month or year of the dates given. */
export function TimelineFigures({ field }: { field: FieldAnalytics }) {
  const timeline = field.timeline;
  if (!timeline || timeline.buckets.length === 0) return <NoAnswers />;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600 dark:text-slate-400">Dates answered, by {timeline.unit}</p>
      <div className="max-h-80 overflow-y-auto pe-1">
        <BarList
          label={`Dates answered to ${field.label}`}
          rows={timeline.buckets.map((b) => ({
            key: b.start,
            label: bucketLabel(b.start, timeline.unit),
            count: b.count,
          }))}
        />
      </div>
    </div>
  );
}

/** A file question: submissions that sent files, and how many files. */
export function FilesFigures({ field }: { field: FieldAnalytics }) {
  const files = field.files ?? { submissions: 0, files: 0 };
  return (
    <Stats
      items={[
        ['With files', files.submissions],
        ['Files', files.files],
      ]}
    />
  );
}

/** A signature: how many signed, of the submissions of the period. */
export function SignatureFigures({ field }: { field: FieldAnalytics }) {
  const signed = field.answer_distribution.Signed ?? 0;
  const unsigned = field.answer_distribution['Not signed'] ?? 0;
  return (
    <BarList
      label={`Signatures to ${field.label}`}
      rows={[
        { key: 'signed', label: 'Signed', count: signed },
        { key: 'unsigned', label: 'Not signed', count: unsigned },
      ]}
    />
  );
}

/** A time question: answers per hour of the day, in order. */
export function HourFigures({ field }: { field: FieldAnalytics }) {
  const rows = Object.entries(field.answer_distribution)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([hour, count]) => ({ key: hour, label: hour, count }));
  if (rows.length === 0) return <NoAnswers />;
  return <BarList label={`Hours answered to ${field.label}`} rows={rows} />;
}

export function NoAnswers() {
  return <p className="text-sm text-slate-600 dark:text-slate-400">No answers in this period.</p>;
}
