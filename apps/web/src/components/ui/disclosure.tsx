import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** A question/answer (or any summary/detail) pair on a native <details>: keyboard and screen-reader ready, no JS. */
export function Disclosure({
  summary,
  children,
  className,
}: {
  summary: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <details
      className={cn(
        'disclosure group rounded-xl border border-slate-200 bg-white open:shadow-sm dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      <summary className="flex items-center justify-between gap-4 rounded-xl px-5 py-4 text-left font-medium text-slate-900 hover:bg-slate-50 dark:text-white dark:hover:bg-slate-800/60">
        {summary}
        <ChevronDown
          aria-hidden="true"
          className="disclosure-chevron h-5 w-5 shrink-0 text-slate-500 transition-transform dark:text-slate-400"
        />
      </summary>
      <div className="px-5 pb-5 text-slate-600 dark:text-slate-300">{children}</div>
    </details>
  );
}
