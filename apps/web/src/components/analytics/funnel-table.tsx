import type { Funnel } from '@formsmith/core/analytics/api';
import { formatSeconds } from '@formsmith/core/analytics/format';
import { Link } from 'react-router';
import { ChartCard, ChartEmpty } from './chart-card.tsx';

const percentOf = (n: number, of: number) => (of > 0 ? `${Math.round((n / of) * 100)}%` : '—');
/** A bar's length: its share of those who started (views can outnumber them: capped). */
const barWidth = (n: number, of: number) => `${of > 0 ? Math.min(100, Math.round((n / of) * 100)) : 0}%`;

/**
 * The drop-off funnel as a table with bars: views, respondents who started, each page or question
 * reached (with how many stopped there and the median time on it), and completed.
 */
export function FunnelTable({ funnel, formId }: { funnel: Funnel; formId: number }) {
  // Partial responses off: nobody is counted as they go, so there is nothing to show but why.
  const off = funnel.saves_partials === false;
  const why = (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      Turn on partial responses to see where people stop.{' '}
      <Link
        to={`/forms/${formId}/settings#privacy`}
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200"
      >
        Partial responses setting
      </Link>
    </p>
  );
  if (funnel.started === 0) {
    return (
      <ChartCard title="Drop-off funnel" id="funnel-title">
        {off ? (
          <div className="flex min-h-32 items-center justify-center px-4 text-center">{why}</div>
        ) : (
          <ChartEmpty>
            No unfinished responses recorded yet: respondents are counted here as they answer.
          </ChartEmpty>
        )}
      </ChartCard>
    );
  }
  const rows = [
    { key: 'views', label: 'Views', reached: funnel.views, dropOff: null, median: null },
    { key: 'started', label: 'Started', reached: funnel.started, dropOff: null, median: null },
    ...funnel.steps.map((s) => ({
      key: `step-${s.step}`,
      label: s.label,
      reached: s.reached,
      dropOff: s.drop_off as number | null,
      median: s.median_seconds,
    })),
    { key: 'completed', label: 'Completed', reached: funnel.completed, dropOff: null, median: null },
  ];
  return (
    <ChartCard title="Drop-off funnel" id="funnel-title">
      {off && (
        <div className="mb-3 space-y-1">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Partial responses are off: these figures are from while they were on.
          </p>
          {why}
        </div>
      )}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Respondents reaching each step, of those who started</caption>
          <thead className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Step
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Reached
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Stopped here
              </th>
              <th scope="col" className="py-2 text-right">
                Median time
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="py-2 pr-3 font-medium [overflow-wrap:anywhere]">
                  {row.label}
                  <div className="mt-1 h-1.5 rounded-full bg-slate-200 dark:bg-slate-700" aria-hidden="true">
                    <div
                      className="h-full rounded-full bg-brand-600"
                      style={{ width: barWidth(row.reached, funnel.started) }}
                    />
                  </div>
                </th>
                <td className="whitespace-nowrap py-2 pr-3 text-right tabular-nums">
                  {row.reached}
                  {row.key !== 'views' && (
                    <span className="ml-1 text-slate-600 dark:text-slate-400">
                      ({percentOf(row.reached, funnel.started)})
                    </span>
                  )}
                </td>
                <td className="whitespace-nowrap py-2 pr-3 text-right tabular-nums">{row.dropOff ?? '—'}</td>
                <td className="whitespace-nowrap py-2 text-right tabular-nums">
                  {formatSeconds(row.median)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ChartCard>
  );
}
