import type { Funnel } from '@formsmith/core/analytics/api';
import { formatSeconds } from '@formsmith/core/analytics/format';
import { ChartCard, ChartEmpty } from './chart-card.tsx';

const percentOf = (n: number, of: number) => (of > 0 ? `${Math.round((n / of) * 100)}%` : '—');
/** A bar's length: its share of those who started (views can outnumber them: capped). */
const barWidth = (n: number, of: number) => `${of > 0 ? Math.min(100, Math.round((n / of) * 100)) : 0}%`;

/**
 * The drop-off funnel as a table with bars: views, respondents who started, each page or question
 * reached (with how many stopped there and the median time on it), and completed.
 */
export function FunnelTable({ funnel }: { funnel: Funnel }) {
  if (funnel.started === 0) {
    return (
      <ChartCard title="Drop-off funnel" id="funnel-title">
        <ChartEmpty>
          No unfinished responses recorded yet. Turn on 'Save answers as respondents go' in Settings to see
          where respondents stop.
        </ChartEmpty>
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
