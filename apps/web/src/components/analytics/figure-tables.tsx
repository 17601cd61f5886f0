import type { FieldAnalytics } from '@formsmith/core/analytics/api';
import { capPercent } from '@formsmith/core/analytics/format';

const TH = 'px-2 py-1.5 text-start font-medium text-slate-700 dark:text-slate-300';
const TD = 'px-2 py-1.5 tabular-nums text-slate-800 dark:text-slate-200';

/** A star rating: its average, then how many gave each number of stars. */
function RatingFigures({ field }: { field: FieldAnalytics }) {
  const entries = Object.entries(field.answer_distribution);
  const total = entries.reduce((t, [, n]) => t + n, 0);
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-800 dark:text-slate-200">
        Average: <strong className="tabular-nums">{field.average ?? '–'}</strong> stars
      </p>
      <table className="w-full text-sm">
        <thead>
          <tr>
            <th className={TH}>Stars</th>
            <th className={TH}>Answers</th>
          </tr>
        </thead>
        <tbody>
          {entries.map(([stars, n]) => (
            <tr key={stars} className="border-t border-slate-200 dark:border-slate-700">
              <td className={TD}>{stars}</td>
              <td className={TD}>
                {n} ({total > 0 ? capPercent((n / total) * 100) : 0}%)
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A matrix: one line per row, how many picked each column. Scrolls inside itself on a phone. */
function MatrixFigures({ field }: { field: FieldAnalytics }) {
  const rows = field.rows ?? [];
  const columns = Object.keys(rows[0]?.distribution ?? {});
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr>
            <th className={TH}>Row</th>
            {columns.map((c) => (
              <th key={c} className={TH}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-t border-slate-200 dark:border-slate-700">
              <th scope="row" className={TH}>
                {row.label}
              </th>
              {columns.map((c) => (
                <td key={c} className={TD}>
                  {row.distribution[c] ?? 0}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A ranking: each option's average place, best first. */
function RankingFigures({ field }: { field: FieldAnalytics }) {
  return (
    <table className="w-full text-sm">
      <thead>
        <tr>
          <th className={TH}>Option</th>
          <th className={TH}>Average place</th>
          <th className={TH}>Ranked by</th>
        </tr>
      </thead>
      <tbody>
        {(field.average_positions ?? []).map((p) => (
          <tr key={p.label} className="border-t border-slate-200 dark:border-slate-700">
            <td className={TD}>{p.label}</td>
            <td className={TD}>{p.average ?? '–'}</td>
            <td className={TD}>{p.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const FIGURES: Record<string, (props: { field: FieldAnalytics }) => React.JSX.Element> = {
  rating: RatingFigures,
  matrix: MatrixFigures,
  ranking: RankingFigures,
};

/** Whether a field's figures are a table of their own (a rating, a matrix, a ranking). */
export function hasFigureTable(field: FieldAnalytics): boolean {
  return Object.hasOwn(FIGURES, field.field_type);
}

export function FigureTable({ field }: { field: FieldAnalytics }) {
  const Figures = FIGURES[field.field_type];
  return Figures ? <Figures field={field} /> : null;
}
