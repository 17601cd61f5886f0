import type { ReactNode } from 'react';

/** A titled card around a chart. */
export function ChartCard({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h3
        id={id}
        className="border-b border-slate-200 px-5 py-3 text-base font-semibold dark:border-slate-800"
      >
        {title}
      </h3>
      <div className="px-3 py-4 sm:px-5">{children}</div>
    </section>
  );
}

/** The muted line shown where a chart has nothing to draw. */
export function ChartEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="flex min-h-32 items-center justify-center px-4 text-center text-sm text-slate-600 dark:text-slate-400">
      {children}
    </p>
  );
}

/** The text alternative of a chart: a table for screen readers, open to everyone on demand. */
export function ChartDataTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<string | number>>;
}) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer rounded text-slate-700 hover:underline dark:text-slate-300">
        Show data table
      </summary>
      {/* Scrollable, so it takes keyboard focus (arrow keys scroll it). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable */}
      <section tabIndex={0} aria-label={`${caption} data`} className="mt-2 max-h-72 overflow-auto">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {headers.map((h) => (
                <th
                  key={h}
                  scope="col"
                  className="border-b border-slate-200 px-2 py-1 font-medium dark:border-slate-700"
                >
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${String(row[0])}-${rows.indexOf(row)}`}>
                {row.map((cell, i) => (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed-width row
                    key={i}
                    className="border-b border-slate-100 px-2 py-1 tabular-nums dark:border-slate-800"
                  >
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}
