import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One help topic: an icon, a heading and numbered steps. */
export function HelpTopic({
  id,
  icon: Icon,
  title,
  lead,
  steps,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  lead: string;
  steps: ReactNode[];
  children?: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center gap-3">
        <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-200">
          <Icon aria-hidden="true" className="h-5 w-5" />
        </span>
        <h2 id={`${id}-title`} className="text-2xl font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
      </div>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{lead}</p>
      <ol className="mt-6 space-y-4">
        {steps.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list that never reorders
          <li key={index} className="flex gap-4">
            <span
              aria-hidden="true"
              className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
            >
              {index + 1}
            </span>
            <div className="pt-0.5 text-slate-700 dark:text-slate-300">{step}</div>
          </li>
        ))}
      </ol>
      {children}
    </section>
  );
}
