import type { ReactNode } from 'react';

export type LegalSection = { id: string; title: string; body: ReactNode };

/** Title, date, an in-page contents list and the sections of a legal document. */
export function LegalPageLayout({
  title,
  lastUpdated,
  intro,
  sections,
  numbered,
}: {
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: LegalSection[];
  numbered?: boolean;
}) {
  const heading = (section: LegalSection, index: number) =>
    numbered ? `${index + 1}. ${section.title}` : section.title;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-600 dark:text-brand-300">
          Legal
        </p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          Last updated: <time dateTime="2025-05-05">{lastUpdated}</time>
        </p>
        <div className="mt-6 space-y-4 text-lg text-slate-700 dark:text-slate-300">{intro}</div>
      </header>
      <div className="mt-12 grid gap-12 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Contents" className="hidden lg:block">
          <div className="sticky top-24 rounded-xl border border-slate-200 bg-white p-4 text-sm dark:border-slate-800 dark:bg-slate-900">
            <p className="font-semibold text-slate-900 dark:text-white">Contents</p>
            <ul className="mt-3 space-y-2">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="text-slate-600 hover:text-brand-700 dark:text-slate-400 dark:hover:text-white"
                  >
                    {heading(section, index)}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
        <div className="max-w-3xl space-y-10">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24"
            >
              <h2
                id={`${section.id}-title`}
                className="text-2xl font-semibold text-slate-900 dark:text-white"
              >
                {heading(section, index)}
              </h2>
              <div className="mt-4 space-y-4 leading-7 text-slate-700 dark:text-slate-300 [&_li]:ml-5 [&_li]:list-disc [&_li]:pl-1 [&_strong]:text-slate-900 dark:[&_strong]:text-white [&_ul]:space-y-2">
                {section.body}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
