import { FIELD_TYPES } from '@formsmith/core/fields/constants';
import { CHROME_LANGUAGES } from '@formsmith/core/i18n/chrome-languages';
import { SectionHeading } from './section-heading.tsx';

// Counted from the code this page is built from, so they stay true as it changes.
const FACTS = [
  {
    figure: String(FIELD_TYPES.length),
    label: 'field types, from short text to file uploads and calculations',
  },
  {
    figure: String(CHROME_LANGUAGES.length),
    label: 'languages the respondent’s page speaks, Arabic right to left included',
  },
  { figure: '0', label: 'third-party scripts, cookies or trackers: the pages load from your server only' },
  { figure: '2', label: 'commands to run it: npm install && npm start' },
];

export function Facts() {
  return (
    <section aria-labelledby="facts-title" className="bg-white py-20 sm:py-24 dark:bg-slate-900/40">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="facts-title" eyebrow="In the box" title="Counted, not claimed" />
        <dl className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FACTS.map(({ figure, label }) => (
            <div
              key={label}
              className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <dt className="mt-2 text-slate-600 dark:text-slate-300">{label}</dt>
              <dd className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">{figure}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
