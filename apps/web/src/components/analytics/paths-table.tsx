import type { Paths } from '@formsmith/core/analytics/api';
import { ChartCard } from './chart-card.tsx';

const percentOf = (n: number, of: number) => (of > 0 ? `${Math.round((n / of) * 100)}%` : '—');

/** One list of the paths card: pages or endings, each with how many submissions reached it. */
function PathList(props: { caption: string; head: string; rows: Paths['pages']; total: number }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-2 text-left text-sm font-semibold text-slate-800 dark:text-slate-200">
        {props.caption}
      </caption>
      <thead className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
        <tr>
          <th scope="col" className="py-2 pr-3">
            {props.head}
          </th>
          <th scope="col" className="py-2 text-right">
            Submissions
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
        {props.rows.map((row) => (
          <tr key={row.id}>
            <th scope="row" className="py-2 pr-3 font-medium [overflow-wrap:anywhere]">
              {row.label}
            </th>
            <td className="whitespace-nowrap py-2 text-right tabular-nums">
              {row.reached}
              <span className="ml-1 text-slate-600 dark:text-slate-400">
                ({percentOf(row.reached, props.total)})
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Where the period's submissions went: each page they passed through (jumps skip some) and the
 * ending logic chose. Shown only for forms with pages or endings.
 */
export function PathsTable({ paths, total }: { paths: Paths; total: number }) {
  if (paths.pages.length === 0 && paths.endings.length === 0) return null;
  return (
    <ChartCard title="Paths through the form" id="paths-title">
      <div className="grid gap-6 md:grid-cols-2">
        {paths.pages.length > 0 && (
          <PathList caption="Pages reached" head="Page" rows={paths.pages} total={total} />
        )}
        {paths.endings.length > 0 && (
          <PathList caption="Endings" head="Ending" rows={paths.endings} total={total} />
        )}
      </div>
    </ChartCard>
  );
}
