import type { ReactNode } from 'react';

/** Eyebrow, heading and lead paragraph at the top of a landing section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-600 dark:text-brand-300">
        {eyebrow}
      </p>
      <h2
        id={id}
        className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
      >
        {title}
      </h2>
      {children ? <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{children}</p> : null}
    </div>
  );
}
